import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import * as engine from '@app/workflow';
import PizZip from 'pizzip';
import { DEMO_TEMPLATE_BANK } from '../../server/src/basic-data/demo-basic-data';
import { TemplatesService } from '../../server/src/basic-data/templates.service';
import { TemplatesRepository } from '../../server/src/basic-data/templates.repository';
import { FileStorage } from '../../server/src/files/file-storage';
import { startTestApp, AppHandle, tokenOf } from './support/app';
import { inspectDocx } from './support/docx-structure';
import { loanInStage, userWith } from './support/lists';
import { sendEvent } from './support/loans';

const run = promisify(execFile);

/**
 * A generated document opens in Word and LibreOffice, with Chinese text intact. Every
 * document the demo bank's templates give (each contract type and the guarantee letter) is generated
 * through the API, downloaded, opened by LibreOffice (soffice, installed by scripts/test.mjs for this
 * tier) and converted to text, which must hold the company, the bank and the amount in capital
 * numerals with no tag left. Word cannot run here: the package is checked instead (inspectDocx).
 */
describe('generated documents in LibreOffice', () => {
  let t: AppHandle;
  const tokens: Record<string, string> = {};
  const as = (user: string) => ({ 'X-Platform-Token': tokens[user] });
  let work: string;
  let bankId: string;
  const templates = new Map<string, { id: string; bytes: Buffer }>();
  /** The downloaded documents, by contract type. */
  const documents = new Map<string, Buffer>();
  const companyName = `文档互通${randomUUID().slice(0, 6)}科技有限公司`;
  const collateral = {
    kind: 'MORTGAGE',
    owner: '李四',
    description: '上海市浦东新区川沙路 8 号厂房',
    appraisedValueFen: 320_000_000,
    certificateNo: '沪(2026)浦字第000123号',
  };

  const download = (id: string) =>
    t.http
      .get(`/server/documents/${id}/file`)
      .set(as('apost'))
      .buffer(true)
      .parse((response, callback) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => callback(null, Buffer.concat(chunks)));
      })
      .expect(200);
  const step = async (user: string, loanId: string, version: number, type: string, payload: Record<string, unknown> = {}) => {
    const res = await sendEvent(t, tokens[user], loanId, type, version, payload);
    if (res.status !== 200) throw new Error(`${type}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.version as number;
  };
  const newest = async (loanId: string, kind: string) => {
    const docs = (await t.http.get(`/server/loans/${loanId}/documents`).set(as('apost')).expect(200)).body.data as { id: string; kind: string }[];
    return docs.filter((d) => d.kind === kind).at(-1)!;
  };

  /**
   * Converts the files with one LibreOffice profile, in one soffice run (it converts them one after
   * the other): their text, by file name.
   */
  async function libreOfficeText(files: string[]): Promise<Map<string, string>> {
    const out = path.join(work, 'txt');
    await run(
      'soffice',
      [
        `-env:UserInstallation=file://${path.join(work, 'profile')}`,
        '--headless',
        '--norestore',
        '--convert-to',
        'txt:Text (encoded):UTF8',
        '--outdir',
        out,
        ...files,
      ],
      { timeout: 180_000, env: { ...process.env, HOME: work } },
    );
    return new Map(files.map((f) => [path.basename(f), fs.readFileSync(path.join(out, `${path.basename(f, '.docx')}.txt`), 'utf8').replace(/^\uFEFF/, '')]));
  }

  beforeAll(async () => {
    t = await startTestApp();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'gbo-office-'));
    for (const user of ['admin', 'apost', 'bpost', 'finance']) tokens[user] = await tokenOf(t, user);
    // the checker of the contract, its archive and the letter: not the maker of any of them
    const checks = ['CONTRACT_REVIEW_PASS', 'CONTRACT_ARCHIVE_CONFIRM', 'LETTER_APPROVE'] as const;
    tokens.checker = (await userWith(t, ['sys:loan:detail', ...checks.map((type) => engine.EVENT_PERMISSIONS[type])])).token;

    // the demo bank's templates, as the seed wrote them
    const rows: { id: string; bank_id: string; contract_type: string }[] = await t.db.query(
      `SELECT t.id, t.bank_id, t.contract_type FROM bank_template t JOIN bank b ON b.id = t.bank_id
        WHERE b.name = $1 AND t.enabled AND t.deleted_at IS NULL AND b.deleted_at IS NULL`,
      [DEMO_TEMPLATE_BANK],
    );
    expect(rows.map((r) => r.contract_type).sort()).toEqual([...engine.CONTRACT_TYPES].sort());
    bankId = rows[0].bank_id;
    const templateService = new TemplatesService(t.db, new TemplatesRepository(t.db), new FileStorage(t.db, t.config));
    for (const r of rows) templates.set(r.contract_type, { id: r.id, bytes: (await templateService.withBytes(r.id)).bytes });

    // one loan (2,000,000.00 yuan for 12 months, a demo loan type at 1.50 % a year) with a collateral item: each contract type generated, downloaded, deleted, in turn
    const loan = await loanInStage(t, 'duringGuarantee', companyName, { bank: DEMO_TEMPLATE_BANK, loanType: '流动资金贷款' });
    await t.http.post(`/server/loans/${loan.id}/collaterals`).set(as('bpost')).send(collateral).expect(201);
    let v = loan.version;
    const contractTypes = engine.CONTRACT_TYPES.filter((type) => type !== 'GUARANTEE_LETTER');
    for (const type of contractTypes) {
      v = await step('apost', loan.id, v, 'CONTRACT_GENERATE', { bankId, templateId: templates.get(type)!.id });
      documents.set(type, (await download((await newest(loan.id, 'CONTRACT')).id)).body);
      if (type !== contractTypes.at(-1)) v = await step('apost', loan.id, v, 'CONTRACT_DELETE');
    }
    // then the way to the letter, and the letter from the bank's letter template
    v = await step('apost', loan.id, v, 'CONTRACT_SUBMIT_REVIEW');
    v = await step('bpost', loan.id, v, 'CONTRACT_MUTUAL_REVIEW_PASS');
    v = await step('checker', loan.id, v, 'CONTRACT_REVIEW_PASS');
    v = await step('admin', loan.id, v, 'CONTRACT_SEAL_CONFIRM');
    v = await step('admin', loan.id, v, 'CONTRACT_SEAL_COMPLETE');
    v = await step('admin', loan.id, v, 'CONTRACT_ARCHIVE_UPLOAD');
    v = await step('checker', loan.id, v, 'CONTRACT_ARCHIVE_CONFIRM');
    v = await step('apost', loan.id, v, 'PREMIUM_ADD', { amount: 30_000, reason: '测试保费' });
    v = await step('apost', loan.id, v, 'PREMIUM_SUBMIT');
    v = await step('finance', loan.id, v, 'PREMIUM_CONFIRM');
    v = await step('bpost', loan.id, v, 'COUNTER_GUARANTEE_CONFIRM');
    v = await step('bpost', loan.id, v, 'COUNTER_GUARANTEE_UPLOAD');
    await step('apost', loan.id, v, 'LETTER_GENERATE', { bankId });
    documents.set('GUARANTEE_LETTER', (await download((await newest(loan.id, 'GUARANTEE_LETTER')).id)).body);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('opens every document of the demo bank in LibreOffice with the Chinese text intact and every tag filled', async () => {
    expect([...documents.keys()].sort()).toEqual([...engine.CONTRACT_TYPES].sort());
    const files = [...documents].map(([type, bytes]) => {
      const file = path.join(work, `${type}.docx`);
      fs.writeFileSync(file, bytes);
      return file;
    });
    const texts = await libreOfficeText(files);
    for (const type of engine.CONTRACT_TYPES) {
      // a failure prints the whole text, its title naming the type
      const text = texts.get(`${type}.docx`)!;
      expect(text).toContain(`${DEMO_TEMPLATE_BANK}${engine.CONTRACT_TYPE_LABELS[type].zh}`);
      expect(text).toContain(`债务人（借款人）：${companyName}`);
      expect(text).toContain(`贷款人：${DEMO_TEMPLATE_BANK}`);
      expect(text).toContain('人民币（大写）贰佰万元整（小写：¥2,000,000.00 元）');
      expect(text).toMatch(/签订日期：\d{4}年\d{1,2}月\d{1,2}日/);
      expect(text).not.toMatch(/[{}]/);
      if (type === 'COUNTER_GUARANTEE' || type === 'MORTGAGE' || type === 'PLEDGE') {
        // the collateral table: LibreOffice writes a cell a line
        expect(text).toContain(['1', '抵押', '李四', collateral.description, '3,200,000.00', collateral.certificateNo].join('\n'));
      }
      expect(text).toContain('期限：12 个月；贷款类型：流动资金贷款');
      if (type === 'GUARANTEE_LETTER' || type === 'ENTRUSTED_GUARANTEE')
        expect(text).toContain('担保费：年费率 1.50%，共计人民币 30,000.00 元（大写：叁万元整）。');
    }
    // soffice has 180 s (a first start on a slow machine writes its profile)
  }, 240_000);

  it('gives Word a sound package: parts typed and present, relationships resolved, XML well-formed, Chinese runs in an East Asian font', () => {
    for (const type of engine.CONTRACT_TYPES) {
      const template = inspectDocx(templates.get(type)!.bytes);
      const filled = inspectDocx(documents.get(type)!);
      expect({ type, problems: template.problems }).toEqual({ type, problems: [] });
      expect({ type, problems: filled.problems }).toEqual({ type, problems: [] });
      expect(filled.parts.sort()).toEqual(template.parts.sort());
      // the demo templates name an East Asian font for their Chinese text: the filled document keeps it
      expect(template.declaresEastAsiaFont).toBe(true);
      expect(filled.cjkRuns).toBeGreaterThan(5);
      expect({ type, without: filled.cjkRunsWithoutEastAsiaFont }).toEqual({ type, without: 0 });
    }
  });

  it('the package check finds what Word would refuse', () => {
    const bytes = documents.get('BANK_LOAN')!;
    const without = (name: string) => {
      const zip = new PizZip(bytes);
      zip.remove(name);
      return zip.generate({ type: 'nodebuffer' });
    };
    expect(inspectDocx(without('word/styles.xml')).problems).toEqual([
      '[Content_Types].xml lists word/styles.xml, which is not in the package',
      'word/_rels/document.xml.rels: relationship rId1 points to styles.xml, which is not in the package',
    ]);
    const broken = new PizZip(bytes);
    broken.file('word/document.xml', broken.file('word/document.xml')!.asText().replace('</w:body>', ''));
    broken.file('word/media/seal.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const report = inspectDocx(broken.generate({ type: 'nodebuffer' }));
    expect(report.problems).toEqual([expect.stringMatching(/^word\/document\.xml does not parse/), 'word/media/seal.png has no content type']);
    // Chinese runs without an East Asian font anywhere are counted
    const plain = new PizZip(bytes);
    plain.remove('word/styles.xml');
    plain.file(
      'word/document.xml',
      plain
        .file('word/document.xml')!
        .asText()
        .replace(/<w:rFonts[^>]*\/>/g, ''),
    );
    expect(inspectDocx(plain.generate({ type: 'nodebuffer' })).cjkRunsWithoutEastAsiaFont).toBeGreaterThan(5);
  });
});
