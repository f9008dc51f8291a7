import * as path from 'node:path';
import { DOMParser, type Element } from '@xmldom/xmldom';
import PizZip from 'pizzip';

/**
 * What can be checked of a .docx without Word: the package (every part has a content type, every
 * part [Content_Types].xml names exists, every internal relationship resolves to a part), every XML
 * part parses, the main document is reached from the package relationship, and the Chinese text
 * carries an East Asian font (on the run, or in the styles' document defaults).
 */

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const MAIN_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
const OFFICE_DOCUMENT = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument';
const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]/;

function parse(xml: string, name: string, problems: string[]) {
  try {
    return new DOMParser({
      onError: (level, message) => {
        throw new Error(`${level}: ${message}`);
      },
    }).parseFromString(xml, 'text/xml');
  } catch (error) {
    problems.push(`${name} does not parse: ${(error as Error).message.split('\n')[0]}`);
    return null;
  }
}

const elements = (doc: { getElementsByTagName(name: string): ArrayLike<Element> } | null, name: string): Element[] =>
  doc ? Array.from(doc.getElementsByTagName(name)) : [];

/** The parts of the package (files of the zip, without folders). */
function parts(zip: PizZip): string[] {
  return Object.values(zip.files)
    .filter((f) => !f.dir)
    .map((f) => f.name);
}

/** The source part of a relationships part: word/_rels/document.xml.rels -> word/document.xml, _rels/.rels -> '' (the package). */
function sourceOf(relsPart: string): string {
  const dir = path.posix.dirname(path.posix.dirname(relsPart));
  const base = path.posix.basename(relsPart).slice(0, -'.rels'.length);
  return dir === '.' ? base : `${dir}/${base}`;
}

/** The extension a Default content type goes by: what follows the name's last dot (`.rels` gives `rels`). */
const extensionOf = (part: string) => {
  const name = path.posix.basename(part);
  return name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
};

export interface DocxReport {
  /** Everything found wrong; empty for a sound package. */
  problems: string[];
  /** The parts of the package. */
  parts: string[];
  /** Whether a run or the document defaults name an East Asian font. */
  declaresEastAsiaFont: boolean;
  /** Runs holding Chinese text whose font for East Asian text is named nowhere (run or defaults). */
  cjkRunsWithoutEastAsiaFont: number;
  /** Runs holding Chinese text. */
  cjkRuns: number;
}

/** Checks a .docx as described above. */
export function inspectDocx(bytes: Buffer): DocxReport {
  const problems: string[] = [];
  let zip: PizZip;
  try {
    zip = new PizZip(bytes);
  } catch (error) {
    return { problems: [`not a zip: ${(error as Error).message}`], parts: [], declaresEastAsiaFont: false, cjkRunsWithoutEastAsiaFont: 0, cjkRuns: 0 };
  }
  const names = parts(zip);
  const docs = new Map<string, ReturnType<typeof parse>>();
  for (const name of names.filter((n) => /\.(xml|rels)$/.test(n))) docs.set(name, parse(zip.file(name)!.asText(), name, problems));

  // content types: every override names a part that exists; every part has a type
  const types = docs.get('[Content_Types].xml');
  if (!types) problems.push('[Content_Types].xml is missing');
  const defaults = new Map(elements(types ?? null, 'Default').map((e) => [e.getAttribute('Extension')!.toLowerCase(), e.getAttribute('ContentType')!]));
  const overrides = new Map(elements(types ?? null, 'Override').map((e) => [e.getAttribute('PartName')!.replace(/^\//, ''), e.getAttribute('ContentType')!]));
  for (const part of overrides.keys()) if (!names.includes(part)) problems.push(`[Content_Types].xml lists ${part}, which is not in the package`);
  const typeOf = (part: string) => overrides.get(part) ?? defaults.get(extensionOf(part));
  for (const part of names) if (part !== '[Content_Types].xml' && !typeOf(part)) problems.push(`${part} has no content type`);

  // relationships: every internal target is a part of the package
  let main: string | null = null;
  for (const rels of names.filter((n) => n.endsWith('.rels'))) {
    const source = sourceOf(rels);
    if (source && !names.includes(source)) problems.push(`${rels} belongs to ${source}, which is not in the package`);
    for (const rel of elements(docs.get(rels) ?? null, 'Relationship')) {
      if (rel.getAttribute('TargetMode') === 'External') continue;
      const target = rel.getAttribute('Target') ?? '';
      const resolved = target.startsWith('/') ? target.slice(1) : path.posix.normalize(path.posix.join(path.posix.dirname(source), target));
      if (!names.includes(resolved)) problems.push(`${rels}: relationship ${rel.getAttribute('Id')} points to ${target}, which is not in the package`);
      if (rels === '_rels/.rels' && rel.getAttribute('Type') === OFFICE_DOCUMENT) main = resolved;
    }
  }
  if (!main) problems.push('_rels/.rels names no main document');
  else if (typeOf(main) !== MAIN_TYPE) problems.push(`the main document ${main} has content type ${typeOf(main)}`);

  // fonts of the Chinese text
  const eastAsiaOf = (rPr: Element | null | undefined) =>
    !!rPr && Array.from(rPr.getElementsByTagNameNS(W, 'rFonts')).some((f) => !!f.getAttributeNS(W, 'eastAsia'));
  const styles = docs.get('word/styles.xml') ?? null;
  const defaultsDeclare = elements(styles, 'w:rPrDefault').some((d) => eastAsiaOf(d));
  let cjkRuns = 0;
  let without = 0;
  let runsDeclare = false;
  const body = main ? (docs.get(main) ?? null) : null;
  for (const r of elements(body, 'w:r')) {
    const rPr = Array.from(r.childNodes).find((n) => (n as Element).tagName === 'w:rPr') as Element | undefined;
    const declares = eastAsiaOf(rPr);
    runsDeclare ||= declares;
    const text = elements(r as never, 'w:t')
      .map((t) => t.textContent ?? '')
      .join('');
    if (!CJK.test(text)) continue;
    cjkRuns++;
    if (!declares && !defaultsDeclare) without++;
  }
  return { problems, parts: names, declaresEastAsiaFont: runsDeclare || defaultsDeclare, cjkRunsWithoutEastAsiaFont: without, cjkRuns };
}
