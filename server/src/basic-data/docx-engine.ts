import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import { ZipRefused } from '../files/zip-limits';

/**
 * docxtemplater and PizZip for bank templates, with nothing of @app/workflow: what the office worker
 * thread (files/office-worker.ts) runs, and docx-template.ts builds on. Bytes from users reach it only
 * after checkZip (files/zip-limits.ts) has bounded what they inflate to.
 */

const OPTIONS = { paragraphLoop: true, linebreaks: true, errorLogging: false } as const;

/** A template docxtemplater cannot read: unclosed tags, a loop never closed, a raw tag among text. */
export class TemplateSyntaxError extends Error {
  constructor(readonly problems: string[]) {
    super(`template syntax: ${problems.join('; ')}`);
  }
}

/** A template with a tag that names Object.prototype's own (`{__proto__}`, `{#constructor}`): never scanned into an object, never filled. */
export class TemplateReservedTagError extends Error {
  constructor(readonly tags: string[]) {
    super(`template uses reserved tag names: ${tags.join(', ')}`);
  }
}

/** `__proto__`, `constructor`, `prototype` as a tag or any part of one (`{a.__proto__}`, `{ constructor }`). */
const RESERVED_TAG = /(^|[^\w$])(__proto__|constructor|prototype)($|[^\w$])/;

export function isReservedTag(name: string): boolean {
  return RESERVED_TAG.test(name);
}

function compile(bytes: Buffer, options: object = OPTIONS): Docxtemplater {
  try {
    return new Docxtemplater(new PizZip(bytes), options);
  } catch (error: unknown) {
    const errors = (error as { properties?: { errors?: { properties?: { explanation?: string } }[]; explanation?: string } }).properties;
    // not docxtemplater's own (a zip PizZip cannot read, memory): never its text in an answer
    if (!errors) throw new ZipRefused('corrupt');
    const problems = errors.errors?.map((e) => e.properties?.explanation ?? 'unknown').filter(Boolean) ?? [errors.explanation ?? 'unknown'];
    throw new TemplateSyntaxError(problems.length ? problems : ['unknown']);
  }
}

interface Part {
  type: string;
  value: string;
  module?: string;
  subparsed?: Part[];
}

function compiledParts(doc: Docxtemplater): Part[][] {
  const compiled = (doc as unknown as { compiled: Record<string, { postparsed: Part[] }> }).compiled;
  return Object.values(compiled).map((file) => file.postparsed);
}

/** Throws TemplateReservedTagError when any tag, at any depth, names `__proto__`, `constructor` or `prototype`. */
function refuseReservedTags(doc: Docxtemplater): void {
  const reserved = new Set<string>();
  const walk = (parts: Part[]) => {
    for (const part of parts) {
      if (part.type !== 'placeholder') continue;
      if (isReservedTag(part.value)) reserved.add(part.value);
      if (part.subparsed) walk(part.subparsed);
    }
  };
  for (const parts of compiledParts(doc)) walk(parts);
  if (reserved.size) throw new TemplateReservedTagError([...reserved]);
}

/** A template's tags: each top-level tag with the names inside it (a loop's), in first-seen order; raw-XML tags apart. */
export interface TagTree {
  tags: [string, string[]][];
  raw: string[];
}

/**
 * Reads the tags of a template (body, headers, footers). Collected in Maps, never in objects keyed by
 * the template's own names (`{#__proto__}{order}{/__proto__}` wrote onto Object.prototype of
 * the whole process). Throws TemplateSyntaxError, TemplateReservedTagError, ZipRefused('corrupt').
 */
export function readTags(bytes: Buffer): TagTree {
  const doc = compile(bytes);
  refuseReservedTags(doc);
  const tree = new Map<string, Set<string>>();
  const raw = new Set<string>();
  for (const parts of compiledParts(doc)) {
    for (const part of parts) {
      if (part.type !== 'placeholder') continue;
      if (part.module === 'rawxml') raw.add(part.value);
      const inner = tree.get(part.value) ?? new Set<string>();
      tree.set(part.value, inner);
      // one level: deeper loops are not in the vocabulary, their own name is reported
      for (const child of part.subparsed ?? []) {
        if (child.type !== 'placeholder') continue;
        if (child.module === 'rawxml') raw.add(child.value);
        inner.add(child.value);
      }
    }
  }
  return { tags: [...tree].map(([name, inner]) => [name, [...inner]]), raw: [...raw] };
}

/** Fills a template; a tag without a value prints nothing (never "undefined"). Reserved tags are refused here too. */
export function fillDocx(bytes: Buffer, context: object): Buffer {
  const doc = compile(bytes, { ...OPTIONS, nullGetter: () => '' });
  // a template stored before names were checked: never resolved against the context's prototype
  refuseReservedTags(doc);
  doc.render(context);
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}
