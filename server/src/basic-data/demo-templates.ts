import { COLLATERAL_LOOP, CONTRACT_TYPE_LABELS, type ContractType } from '@app/workflow';
import PizZip from 'pizzip';

/**
 * Word documents written from scratch (no binary files in the repository): the demo data's bank
 * templates, and the tests' templates. The package is a small one Word and LibreOffice open:
 * content types, the package relationship, the document and its styles. Chinese text is marked as
 * such for Word: every run names an East Asian font (w:eastAsia, with w:hint) and the East Asian
 * language, and the styles' document defaults do the same for text typed into the document later.
 */

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const FONTS = '<w:rFonts w:ascii="SimSun" w:hAnsi="SimSun" w:eastAsia="SimSun" w:hint="eastAsia"/>';
const LANG = '<w:lang w:val="en-US" w:eastAsia="zh-CN"/>';

/** A run; `text` is written as is, tags included. */
export const run = (text: string, bold = false) =>
  `<w:r><w:rPr>${FONTS}${bold ? '<w:b/>' : ''}${LANG}</w:rPr><w:t xml:space="preserve">${xmlEscape(text)}</w:t></w:r>`;
/** A paragraph of runs (several runs let a test split a tag the way Word does). */
export const paragraph = (runs: string | string[], center = false) =>
  `<w:p>${center ? '<w:pPr><w:jc w:val="center"/></w:pPr>' : ''}${Array.isArray(runs) ? runs.join('') : runs}</w:p>`;
export const text = (value: string, bold = false) => paragraph(run(value, bold));

const cell = (content: string, width: number, bold = false) =>
  `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/></w:tcPr>${paragraph(run(content, bold))}</w:tc>`;
const BORDERS = ['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map((b) => `<w:${b} w:val="single" w:sz="4" w:space="0" w:color="888888"/>`).join('');

/** A table with a header row and one row repeated per item of `loop` (docxtemplater's row loop). */
export function loopTable(loop: string, headers: string[], fields: string[]): string {
  const width = Math.floor(9000 / headers.length);
  const head = headers.map((h) => cell(h, width, true)).join('');
  const body = fields.map((f, i) => cell(`${i === 0 ? `{#${loop}}` : ''}{${f}}${i === fields.length - 1 ? `{/${loop}}` : ''}`, width)).join('');
  return `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/><w:tblBorders>${BORDERS}</w:tblBorders></w:tblPr><w:tblGrid>${headers
    .map(() => `<w:gridCol w:w="${width}"/>`)
    .join('')}</w:tblGrid><w:tr>${head}</w:tr><w:tr>${body}</w:tr></w:tbl>`;
}

/** A .docx whose body is the given WordprocessingML (paragraphs, tables). */
export function buildDocx(bodyXml: string): Buffer {
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/_rels/document.xml.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
  );
  zip.file(
    'word/styles.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:docDefaults><w:rPrDefault><w:rPr>${FONTS}<w:sz w:val="24"/>${LANG}</w:rPr></w:rPrDefault><w:pPrDefault/></w:docDefaults><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style></w:styles>`,
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${bodyXml}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1200" w:bottom="1440" w:left="1200" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr></w:body></w:document>`,
  );
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const COLLATERAL_TABLE = () =>
  loopTable(
    COLLATERAL_LOOP,
    ['序号', '类别', '所有权人', '抵质押物', '评估价值（元）', '权证编号'],
    ['index', 'kind', 'owner', 'description', 'appraisedValue', 'certificateNo'],
  );

/** The demo template of a contract type: its title, the parties, the amounts, and the collateral where it belongs. */
export function demoTemplate(type: ContractType): Buffer {
  const title = CONTRACT_TYPE_LABELS[type].zh;
  const parts = [
    paragraph(run(`{bankName}${title}`, true), true),
    text('债务人（借款人）：{companyName}'),
    text('统一社会信用代码：{creditCode}'),
    text('贷款人：{bankName}'),
    text('保证人：上海市融资担保有限公司'),
    text('担保金额：人民币（大写）{amountInWords}（小写：¥{amount} 元）'),
    text('期限：{termMonths} 个月；贷款类型：{loanType}'),
  ];
  if (type === 'ENTRUSTED_GUARANTEE' || type === 'GUARANTEE_LETTER') {
    parts.push(text('担保费：年费率 {feeRate}%，共计人民币 {premium} 元（大写：{premiumInWords}）。'));
  }
  if (type === 'COUNTER_GUARANTEE' || type === 'MORTGAGE' || type === 'PLEDGE') {
    parts.push(text('反担保物清单：'), COLLATERAL_TABLE());
  }
  parts.push(text('本合同自各方签字盖章之日起生效。'), text('签订日期：{today}'));
  return buildDocx(parts.join(''));
}
