import { CONTRACT_TYPES } from '@app/workflow';
import PizZip from 'pizzip';
import { buildContext, contractDate, isDocx, renderTemplate, scanTemplate, TemplateReservedTagError, TemplateSyntaxError, yuanToFen } from './docx-template';
import { buildDocx, demoTemplate, loopTable, paragraph, run, text } from './demo-templates';

const documentXml = (docx: Buffer) => new PizZip(docx).file('word/document.xml')!.asText();
/** The words a reader sees: the text of every run, paragraphs on their own lines. */
const visibleText = (xml: string) =>
  xml
    .replace(/<\/w:p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&');

const NOW = new Date('2026-11-23T18:30:00Z'); // already the 24th in Shanghai

const context = () =>
  buildContext(
    { amount: '6000000.00', termMonths: 18 },
    { name: '上海新材科技发展有限公司', creditCode: '91310000MA1FL8XQ30' },
    { name: '浦发银行' },
    { name: '流动资金贷款', feeRateBp: 150 },
    [
      { kind: 'MORTGAGE', owner: '张三', description: '浦东新区川沙路 8 号厂房', appraisedValueFen: 480_000_000, certificateNo: '沪(2026)浦字第000123号' },
      { kind: 'PLEDGE', owner: '李四 & Co', description: '应收账款', appraisedValueFen: 123_456, certificateNo: null },
    ],
    NOW,
  );

describe('buildContext', () => {
  it('formats money from fen, writes capital numerals, the Shanghai date and one row per collateral', () => {
    const c = context();
    expect(c).toMatchObject({
      companyName: '上海新材科技发展有限公司',
      amount: '6,000,000.00',
      amountInWords: '陆佰万元整',
      termMonths: '18',
      feeRate: '1.50',
      premium: '135,000.00',
      premiumInWords: '壹拾叁万伍仟元整',
      today: '2026年11月24日',
    });
    expect(c.collaterals).toEqual([
      {
        index: '1',
        kind: '抵押',
        owner: '张三',
        description: '浦东新区川沙路 8 号厂房',
        appraisedValue: '4,800,000.00',
        certificateNo: '沪(2026)浦字第000123号',
      },
      { index: '2', kind: '质押', owner: '李四 & Co', description: '应收账款', appraisedValue: '1,234.56', certificateNo: '' },
    ]);
  });

  it('takes an agreed premium over the computed one, and leaves rate and premium empty without a loan type', () => {
    const loan = { amountFen: 100_000_000, termMonths: 12 };
    expect(buildContext({ ...loan, premiumFen: 999 }, { name: 'x', creditCode: 'y' }, { name: 'b' }, { name: 't', feeRateBp: 200 }, [], NOW).premium).toBe(
      '9.99',
    );
    const bare = buildContext(loan, { name: 'x', creditCode: 'y' }, { name: 'b' }, null, [], NOW);
    expect([bare.feeRate, bare.premium, bare.premiumInWords, bare.amountInWords]).toEqual(['', '', '', '壹佰万元整']);
  });

  it('reads yuan exactly and refuses what is not an amount', () => {
    expect(yuanToFen('1234.5')).toBe(123_450);
    expect(yuanToFen(0.1 + 0.2)).toBe(30);
    expect(() => yuanToFen('1,000')).toThrow(RangeError);
    expect(() => yuanToFen(1.005)).toThrow(RangeError);
    expect(contractDate(new Date('2026-01-05T00:00:00+08:00'))).toBe('2026年1月5日');
  });
});

describe('scanTemplate', () => {
  it('lists tags across split runs, headers of loops and their inner tags', () => {
    const docx = buildDocx(
      paragraph([run('甲方：{company'), run('Name}，金额 {amount'), run('InWords}')]) + loopTable('collaterals', ['a'], ['owner', 'appraisedValue']),
    );
    const scan = scanTemplate(docx);
    expect(scan.unknown).toEqual([]);
    expect(scan.placeholders).toEqual(['amountInWords', 'collaterals', 'collaterals.appraisedValue', 'collaterals.owner', 'companyName']);
  });

  it('names every unknown tag, in loops too, and raw-XML tags', () => {
    const docx = buildDocx(text('{companyNmae} {bankName} {#collaterals}{colour}{/collaterals}') + paragraph(run('{@rawXml}')));
    expect(scanTemplate(docx).unknown.sort()).toEqual(['@rawXml', 'collaterals.colour', 'companyNmae']);
  });

  it('refuses tags named like Object.prototype own, and never writes onto it', () => {
    const names = ['__proto__', 'constructor', 'prototype'];
    for (const body of [
      `{#${names[0]}}{order}{/${names[0]}}`,
      `{${names[0]}}`,
      `{#collaterals}{${names[1]}}{/collaterals}`,
      `{${names[2]}}`,
      `{a.${names[0]}}`,
    ]) {
      let thrown: unknown;
      try {
        scanTemplate(buildDocx(text(body)));
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(TemplateReservedTagError);
      expect(() => renderTemplate(buildDocx(text(body)), context())).toThrow(TemplateReservedTagError);
    }
    expect(({} as Record<string, unknown>).order).toBeUndefined();
    // names that only contain the words are ordinary (unknown) tags
    expect(scanTemplate(buildDocx(text('{prototypeNo} {myconstructor}'))).unknown.sort()).toEqual(['myconstructor', 'prototypeNo']);
  });

  it('explains a broken template instead of throwing anything else', () => {
    const docx = buildDocx(text('{companyName {#collaterals}'));
    expect(() => scanTemplate(docx)).toThrow(TemplateSyntaxError);
  });

  it('every demo template uses the vocabulary only', () => {
    for (const type of CONTRACT_TYPES) expect(scanTemplate(demoTemplate(type)).unknown).toEqual([]);
  });

  it('tells a .docx by its bytes', () => {
    expect(isDocx(demoTemplate('BANK_LOAN'))).toBe(true);
    expect(isDocx(Buffer.from('PK\u0003\u0004 not really a zip'))).toBe(false);
    const xlsx = new PizZip();
    xlsx.file('xl/workbook.xml', '<workbook/>');
    expect(isDocx(xlsx.generate({ type: 'nodebuffer' }))).toBe(false);
    expect(isDocx(Buffer.from('%PDF-1.7'))).toBe(false);
  });
});

describe('renderTemplate', () => {
  it('fills a template: company name, capital numerals, collateral rows, Chinese intact, tags gone', () => {
    const out = renderTemplate(demoTemplate('MORTGAGE'), context());
    expect(isDocx(out)).toBe(true);
    const xml = documentXml(out);
    const seen = visibleText(xml);
    expect(seen).toContain('债务人（借款人）：上海新材科技发展有限公司');
    expect(seen).toContain('人民币（大写）陆佰万元整（小写：¥6,000,000.00 元）');
    expect(seen).toContain('浦发银行抵押合同');
    expect(seen).toContain('签订日期：2026年11月24日');
    // one table row per collateral item, header row kept
    expect(xml.match(/<w:tr>/g)).toHaveLength(3);
    expect(seen).toContain('张三');
    expect(seen).toContain('沪(2026)浦字第000123号');
    expect(seen).toContain('4,800,000.00');
    // text is escaped, not injected as markup
    expect(xml).toContain('李四 &amp; Co');
    expect(seen).not.toMatch(/[{}]/);
  });

  it('fills a tag Word split across runs and prints nothing for a value that is missing', () => {
    const docx = buildDocx(paragraph([run('甲方：{company'), run('Name}；保费：{premium}元')]));
    const ctx = { ...context(), premium: undefined as unknown as string };
    expect(visibleText(documentXml(renderTemplate(docx, ctx)))).toContain('甲方：上海新材科技发展有限公司；保费：元');
  });
});
