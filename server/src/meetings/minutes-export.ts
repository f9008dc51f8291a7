import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import type { Label } from '@app/workflow';
import { pickLabel, type Lang } from '../common/i18n';
import { addSheet, timeHeader, workbookBuffer } from '../common/spreadsheet';

/** What minutes say, whatever the format: the meeting, its agenda and every vote (or decision). */
export interface MinutesData {
  kind: Label;
  title: string;
  heldAt: string;
  place: string;
  status: Label;
  attendees: string;
  rule: Label;
  /** `item`: what the meeting decided besides the loan itself (a compensation and its total), shown after the company. */
  agenda: { no: number; company: string; item?: Label; amount: string; termMonths: number; result: Label }[];
  votes: { no: number; company: string; item?: Label; voter: string; opinion: Label; comment: string; time: string }[];
}

/** The company, with the item in brackets when the agenda item is not the loan itself. */
function companyOf(r: { company: string; item?: Label }, lang: Lang): string {
  return r.item ? `${r.company}（${pickLabel(r.item, lang)}）` : r.company;
}

const W: Record<string, Label> = {
  heading: { zh: '会议纪要', en: 'Meeting minutes' },
  kind: { zh: '会议类型', en: 'Meeting' },
  title: { zh: '会议主题', en: 'Title' },
  heldAt: { zh: '会议时间', en: 'Time' },
  place: { zh: '会议地点', en: 'Place' },
  status: { zh: '会议状态', en: 'Status' },
  attendees: { zh: '参会人员', en: 'Attendees' },
  rule: { zh: '表决规则', en: 'Vote rule' },
  agenda: { zh: '议程', en: 'Agenda' },
  votes: { zh: '表决记录', en: 'Votes' },
  no: { zh: '序号', en: 'No.' },
  company: { zh: '企业名称', en: 'Company' },
  amount: { zh: '担保金额（元）', en: 'Amount (yuan)' },
  term: { zh: '期限（月）', en: 'Term (months)' },
  result: { zh: '结果', en: 'Result' },
  voter: { zh: '表决人', en: 'Voter' },
  opinion: { zh: '意见', en: 'Opinion' },
  comment: { zh: '说明', en: 'Comment' },
  time: { zh: '时间', en: 'Time' },
  none: { zh: '（无）', en: '(none)' },
  item: { zh: '项目', en: 'Item' },
  value: { zh: '内容', en: 'Value' },
};

// --- Word: a template built here once, filled by docxtemplater --------------------------------

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const run = (text: string, bold = false) => `<w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${xmlEscape(text)}</w:t></w:r>`;
const paragraph = (text: string, opts: { bold?: boolean; size?: number; center?: boolean } = {}) =>
  `<w:p><w:pPr>${opts.center ? '<w:jc w:val="center"/>' : ''}</w:pPr><w:r><w:rPr>${opts.bold ? '<w:b/>' : ''}${opts.size ? `<w:sz w:val="${opts.size}"/>` : ''}</w:rPr><w:t xml:space="preserve">${xmlEscape(text)}</w:t></w:r></w:p>`;
const cell = (content: string, width: number, bold = false) =>
  `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/></w:tcPr><w:p>${run(content, bold)}</w:p></w:tc>`;
const BORDERS = ['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map((b) => `<w:${b} w:val="single" w:sz="4" w:space="0" w:color="888888"/>`).join('');

/** A table whose second row repeats once per item of `loop` (docxtemplater's row loop). */
function loopTable(loop: string, headers: string[], fields: string[], widths: number[]): string {
  const head = headers.map((h, i) => cell(h, widths[i], true)).join('');
  const body = fields.map((f, i) => cell(`${i === 0 ? `{#${loop}}` : ''}{${f}}${i === fields.length - 1 ? `{/${loop}}` : ''}`, widths[i])).join('');
  return `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/><w:tblBorders>${BORDERS}</w:tblBorders></w:tblPr><w:tblGrid>${widths
    .map((w) => `<w:gridCol w:w="${w}"/>`)
    .join('')}</w:tblGrid><w:tr>${head}</w:tr><w:tr>${body}</w:tr></w:tbl>`;
}

function templateXml(lang: Lang): string {
  // Times are the company's: the labels of time fields name its zone.
  const w = (k: string) => pickLabel(k === 'heldAt' || k === 'time' ? timeHeader(W[k]) : W[k], lang);
  const line = (k: string, tag: string) => `<w:p>${run(`${w(k)}：`, true)}${run(`{${tag}}`)}</w:p>`;
  const body = [
    paragraph('{title}', { bold: true, size: 32, center: true }),
    paragraph(w('heading'), { center: true }),
    line('kind', 'kind'),
    line('heldAt', 'heldAt'),
    line('place', 'place'),
    line('status', 'status'),
    line('attendees', 'attendees'),
    line('rule', 'rule'),
    paragraph(w('agenda'), { bold: true, size: 26 }),
    loopTable(
      'agenda',
      [w('no'), w('company'), w('amount'), w('term'), w('result')],
      ['no', 'company', 'amount', 'termMonths', 'result'],
      [700, 3300, 2000, 1200, 1800],
    ),
    paragraph(w('votes'), { bold: true, size: 26 }),
    loopTable(
      'votes',
      [w('no'), w('company'), w('voter'), w('opinion'), w('comment'), w('time')],
      ['no', 'company', 'voter', 'opinion', 'comment', 'time'],
      [700, 2300, 1500, 1100, 1900, 1500],
    ),
  ].join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1200" w:right="1000" w:bottom="1200" w:left="1000" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr></w:body></w:document>`;
}

/** The smallest package Word opens: content types, the package relationship, the document. */
function templateZip(lang: Lang): PizZip {
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file('word/document.xml', templateXml(lang));
  return zip;
}

function localized(data: MinutesData, lang: Lang) {
  const p = (label: Label) => pickLabel(label, lang);
  const none = p(W.none);
  return {
    title: data.title,
    kind: p(data.kind),
    heldAt: data.heldAt,
    place: data.place,
    status: p(data.status),
    attendees: data.attendees || none,
    rule: p(data.rule),
    agenda: data.agenda.length
      ? data.agenda.map((a) => ({ ...a, company: companyOf(a, lang), result: p(a.result) }))
      : [{ no: '', company: none, amount: '', termMonths: '', result: '' }],
    votes: data.votes.length
      ? data.votes.map((v) => ({ ...v, company: companyOf(v, lang), opinion: p(v.opinion) }))
      : [{ no: '', company: none, voter: '', opinion: '', comment: '', time: '' }],
  };
}

export function minutesDocx(data: MinutesData, lang: Lang): Buffer {
  const doc = new Docxtemplater(templateZip(lang), { paragraphLoop: true, linebreaks: true });
  doc.render(localized(data, lang));
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

// --- Excel: the same content on three sheets -------------------------------------------------

export function minutesXlsx(data: MinutesData, lang: Lang): Promise<Buffer> {
  const p = (label: Label) => pickLabel(label, lang);
  const facts: [Label, string][] = [
    [W.title, data.title],
    [W.kind, p(data.kind)],
    [timeHeader(W.heldAt), data.heldAt],
    [W.place, data.place],
    [W.status, p(data.status)],
    [W.attendees, data.attendees],
    [W.rule, p(data.rule)],
  ];
  return workbookBuffer((book) => {
    addSheet(
      book,
      {
        name: W.heading,
        columns: [
          { header: W.item, width: 16, value: (r) => p(r[0]) },
          { header: W.value, width: 60, value: (r) => r[1] },
        ],
        rows: facts,
      },
      lang,
    );
    addSheet(
      book,
      {
        name: W.agenda,
        rows: data.agenda,
        columns: [
          { header: W.no, width: 6, value: (r) => r.no },
          { header: W.company, width: 36, value: (r) => companyOf(r, lang) },
          { header: W.amount, width: 18, value: (r) => r.amount },
          { header: W.term, width: 12, value: (r) => r.termMonths },
          { header: W.result, width: 14, value: (r) => p(r.result) },
        ],
      },
      lang,
    );
    addSheet(
      book,
      {
        name: W.votes,
        rows: data.votes,
        columns: [
          { header: W.no, width: 6, value: (r) => r.no },
          { header: W.company, width: 30, value: (r) => companyOf(r, lang) },
          { header: W.voter, width: 16, value: (r) => r.voter },
          { header: W.opinion, width: 12, value: (r) => p(r.opinion) },
          { header: W.comment, width: 30, value: (r) => r.comment },
          { header: W.time, time: true, width: 18, value: (r) => r.time },
        ],
      },
      lang,
    );
  });
}
