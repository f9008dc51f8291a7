import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import PizZip from 'pizzip';
import { CONTRACT_TYPES, isAttachmentKind } from '@app/workflow';
import { login, ownerUrlOf, bootTestApp, AppHandle, freshDatabaseUrl } from './support/app';
import { shanghaiDay } from './support/lists';
import { sendEvent } from './support/loans';

/**
 * The newcomer's path (docs/demo-walkthrough.md, "Walking the demo loan to disbursement"), on a database of its own
 * loaded with the demo data as `npm start` loads it: the demo loans past contract generation come with
 * their documents, and the demo loan standing in duringGuarantee is taken to DISBURSED by the demo
 * accounts only, each step by the account holding its permission, signed in as the browser signs in.
 */

/** A database of its own on the same server (made by the owner role), so the demo data is the only data. */
const DEMO_COMPANY = '上海新材科技发展有限公司';
const DEMO_BANK = '浦发银行';
const CONTRACT_SET = CONTRACT_TYPES.filter((type) => type !== 'GUARANTEE_LETTER');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('the demo data, walked by a newcomer', () => {
  let t: AppHandle;
  const tokens: Record<string, string> = {};
  const as = (user: string) => ({ 'X-Platform-Token': tokens[user] });

  const download = (url: string, user: string) =>
    t.http
      .get(url)
      .set(as(user))
      .buffer(true)
      .parse((response, callback) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => callback(null, Buffer.concat(chunks)));
      });
  const docxText = (bytes: Buffer) =>
    new PizZip(bytes)
      .file('word/document.xml')!
      .asText()
      .replace(/<[^>]+>/g, '');
  const documentsOf = async (loanId: string, user = 'admin') =>
    (await t.http.get(`/server/loans/${loanId}/documents`).set(as(user)).expect(200)).body.data as Record<string, any>[];
  const loanOf = async (company: string): Promise<string> => {
    const [row] = await t.db.query(`SELECT l.id FROM loan l JOIN company c ON c.id = l.company_id WHERE c.name = $1`, [company]);
    return row.id;
  };

  beforeAll(async () => {
    const name = `demo_walk_${process.pid}`;
    // its own folder too: the demo documents' bytes (and any checkpoint) stay apart from the shared database's
    const dataDir = path.resolve(__dirname, '../../.data/test/demo-walk-files');
    fs.rmSync(dataDir, { recursive: true, force: true });
    t = await bootTestApp({
      databaseUrl: await freshDatabaseUrl(name),
      migrationDatabaseUrl: ownerUrlOf(name),
      dataDir,
      checkpointDir: path.join(dataDir, 'checkpoints'),
    });
    // signed in as the browser signs in: the password RSA-encrypted with the server's key
    for (const user of ['admin', 'apost', 'bpost', 'leader', 'finance']) {
      const res = await login(t, user).expect(200);
      expect(res.body.code).toBe('A00000');
      tokens[user] = res.body.extras['x-platform-token'];
    }
  }, 120_000);
  afterAll(() => t.close());

  it('gives every demo loan past contract generation its contracts, letter, sealed letter and voucher, all downloadable', async () => {
    const loans: { id: string; company: string; bank: string; stage: string }[] = await t.db.query(
      `SELECT l.id, c.name AS company, l.bank, wi.stage FROM loan l JOIN company c ON c.id = l.company_id JOIN workflow_instance wi ON wi.loan_id = l.id
        WHERE EXISTS (SELECT 1 FROM workflow_event e WHERE e.loan_id = l.id AND e.type = 'CONTRACT_GENERATE') ORDER BY c.name`,
    );
    // (four of the after-guarantee ones are overdue, one in each bucket; two went bad)
    expect(loans.map((l) => l.stage).sort()).toEqual([...Array(6).fill('afterGuarantee'), 'closed', 'compensation', 'disbursement', 'recovery', 'release']);
    for (const loan of loans) {
      // the loan's own documents (generated and uploaded); its attachments are listed beside them
      const docs = (await documentsOf(loan.id)).filter((d) => !isAttachmentKind(d.kind));
      const contracts = docs.filter((d) => d.kind === 'CONTRACT');
      expect(contracts.map((d) => d.contractType).sort()).toEqual([...CONTRACT_SET].sort());
      const kinds = docs.filter((d) => d.kind !== 'CONTRACT').map((d) => d.kind);
      // the loan standing in disbursement awaits its voucher
      expect(kinds.sort()).toEqual(
        loan.stage === 'disbursement' ? ['GUARANTEE_LETTER', 'SEALED_LETTER'] : ['DISBURSEMENT_VOUCHER', 'GUARANTEE_LETTER', 'SEALED_LETTER'],
      );
      // the events name the loan's own bank, and the contract set was asked for (no templateId)
      const [generate] = await t.db.query(`SELECT payload FROM workflow_event WHERE loan_id = $1 AND type = 'CONTRACT_GENERATE'`, [loan.id]);
      const [bank] = await t.db.query(`SELECT id FROM bank WHERE name = $1`, [loan.bank]);
      expect(generate.payload).toEqual({ bankId: bank.id });
      for (const doc of docs) {
        const file = await download(`/server/documents/${doc.id}/file`, 'apost').expect(200);
        expect(file.body.length).toBe(doc.size);
        expect(createHash('sha256').update(file.body).digest('hex')).toBe(doc.sha256);
        const body = docxText(file.body);
        expect(body).toContain(loan.company);
        if (doc.kind !== 'DISBURSEMENT_VOUCHER') expect(body).toContain(loan.bank);
        expect(body).not.toContain('{');
      }
    }
  });

  it(`takes the demo loan of ${DEMO_COMPANY} from duringGuarantee to DISBURSED with the demo accounts`, async () => {
    const loanId = await loanOf(DEMO_COMPANY);
    const view = async (user: string) => (await t.http.get(`/server/loans/${loanId}/workflow`).set(as(user)).expect(200)).body.data;
    /** What the node page does: the action is among the user's legal actions, sent with the version seen. */
    const act = async (user: string, type: string, payload: Record<string, unknown> = {}) => {
      const seen = await view(user);
      expect([user, seen.legalActions.map((a: { type: string }) => a.type)]).toEqual([user, expect.arrayContaining([type])]);
      const res = await sendEvent(t, tokens[user], loanId, type, seen.version, payload);
      if (res.status !== 200) throw new Error(`${user} ${type}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data;
    };

    // where the newcomer finds it: every region at its start, the loan of 6,000,000.00 yuan with 浦发银行
    const start = await view('apost');
    expect(start.stage).toBe('duringGuarantee');
    expect(start.state).toEqual({ duringGuarantee: { contract: 'toGenerate', premium: 'toUpload', counterGuarantee: 'pending', letter: 'toGenerate' } });
    expect(start.snapshot.context.amount).toBe(6_000_000);
    expect(await documentsOf(loanId)).toEqual([]);

    // contract: apost generates the whole set of the loan's bank, as the form offers it by default
    const banks = (await t.http.get('/server/banks/options').set(as('apost')).expect(200)).body.data;
    const bankId = banks.find((b: { name: string }) => b.name === DEMO_BANK).id;
    const options = (await t.http.get(`/server/banks/${bankId}/contract-templates`).set(as('apost')).expect(200)).body.data;
    expect(options.map((o: { contractType: string }) => o.contractType).sort()).toEqual([...CONTRACT_SET].sort());
    await act('apost', 'CONTRACT_GENERATE', { bankId });
    const contracts = await documentsOf(loanId, 'apost');
    expect(contracts.map((d) => [d.kind, d.contractType, d.templateVersion]).sort()).toEqual(CONTRACT_SET.map((type) => ['CONTRACT', type, 1]).sort());
    for (const doc of contracts) {
      const body = docxText((await download(`/server/documents/${doc.id}/file`, 'apost').expect(200)).body);
      expect(body).toContain(`债务人（借款人）：${DEMO_COMPANY}`);
      expect(body).toContain(`贷款人：${DEMO_BANK}`);
      expect(body).toContain('人民币（大写）陆佰万元整');
    }
    await t.http.post(`/server/loans/${loanId}/documents`).set(as('apost')).attach('file', PDF, '借款合同签署件.pdf').expect(201);
    await act('apost', 'CONTRACT_SUBMIT_REVIEW');
    await act('bpost', 'CONTRACT_MUTUAL_REVIEW_PASS');
    await act('leader', 'CONTRACT_REVIEW_PASS');
    await act('leader', 'CONTRACT_SEAL_CONFIRM');
    await act('leader', 'CONTRACT_SEAL_COMPLETE');
    await t.http.post(`/server/archives/${loanId}/files`).set(as('apost')).field('kind', 'BANK_CONTRACT').attach('file', PDF, '合同归档.pdf').expect(201);
    await act('apost', 'CONTRACT_ARCHIVE_UPLOAD');
    await act('leader', 'CONTRACT_ARCHIVE_CONFIRM');

    // premium: the computed amount (6,000,000 x 1.50 % x 18 / 12 = 135,000.00), its voucher, finance confirms
    const premium = (await t.http.get(`/server/loans/${loanId}/premium`).set(as('apost')).expect(200)).body.data;
    expect(premium.suggestedFen).toBe(13_500_000);
    await act('apost', 'PREMIUM_ADD', { amount: premium.suggestedFen / 100 });
    await t.http.post(`/server/archives/${loanId}/files`).set(as('apost')).field('kind', 'PREMIUM_VOUCHER').attach('file', PNG, '保费凭证.png').expect(201);
    await act('apost', 'PREMIUM_SUBMIT');
    await act('finance', 'PREMIUM_CONFIRM');

    // counter-guarantee: bpost registers the collateral, confirms it and uploads the confirmation
    await t.http
      .post(`/server/loans/${loanId}/collaterals`)
      .set(as('bpost'))
      .send({ kind: 'MORTGAGE', owner: DEMO_COMPANY, description: '上海市嘉定区厂房', appraisedValueFen: 900_000_000, certificateNo: '沪(2026)嘉字第000001号' })
      .expect(201);
    await act('bpost', 'COUNTER_GUARANTEE_CONFIRM', { collateral: [] });
    await t.http.post(`/server/archives/${loanId}/files`).set(as('bpost')).field('kind', 'COUNTER_GUARANTEE').attach('file', PDF, '反担保确认.pdf').expect(201);
    await act('bpost', 'COUNTER_GUARANTEE_UPLOAD');

    // letter: generated from the bank's letter template once the contract is sealed, reviewed and sealed by the leader
    await act('apost', 'LETTER_GENERATE', { bankId });
    const [letter] = (await documentsOf(loanId, 'apost')).filter((d) => d.kind === 'GUARANTEE_LETTER');
    const letterText = docxText((await download(`/server/documents/${letter.id}/file`, 'apost').expect(200)).body);
    expect(letterText).toContain(DEMO_COMPANY);
    expect(letterText).toContain('人民币（大写）陆佰万元整');
    await act('apost', 'LETTER_SUBMIT');
    await act('leader', 'LETTER_APPROVE');
    await act('leader', 'LETTER_SEAL_CONFIRM');
    await act('leader', 'LETTER_SEAL_COMPLETE');
    await t.http.post(`/server/loans/${loanId}/sealed-letter`).set(as('apost')).attach('file', PDF, '保函盖章件.pdf').expect(201);
    const voucherStage = await act('apost', 'LETTER_UPLOAD_SEALED');
    expect(voucherStage.stage).toBe('disbursement');

    // disbursement: apost uploads the bank's voucher, finance confirms the day and the amount lent
    await t.http.post(`/server/loans/${loanId}/disbursement-voucher`).set(as('apost')).attach('file', PDF, '放款凭证.pdf').expect(201);
    await act('apost', 'VOUCHER_UPLOAD');
    await act('finance', 'VOUCHER_CONFIRM', { disbursedOn: shanghaiDay(), disbursedAmountFen: 600_000_000 });

    const end = await view('admin');
    expect(end.stage).toBe('afterGuarantee');
    expect(end.snapshot.context).toMatchObject({ disbursedOn: shanghaiDay(), disbursedAmountFen: 600_000_000 });
    const timeline = (await t.http.get(`/server/loans/${loanId}/timeline`).set(as('admin')).expect(200)).body.data;
    expect(JSON.stringify(timeline)).toContain('DISBURSED');
    const verified = await t.http.get(`/server/loans/${loanId}/history/verify`).set(as('admin')).expect(200);
    expect(verified.body.data).toMatchObject({ ok: true, checked: end.version });
    const kinds = (await documentsOf(loanId)).map((d) => d.kind);
    expect(kinds.filter((k) => k === 'CONTRACT')).toHaveLength(CONTRACT_SET.length);
    // every file of the loan by kind: its documents and the files its steps stood on (archive, counter-guarantee, premium voucher)
    expect(kinds.filter((k) => k !== 'CONTRACT').sort()).toEqual([
      'BANK_CONTRACT',
      'COUNTER_GUARANTEE',
      'DISBURSEMENT_VOUCHER',
      'GUARANTEE_LETTER',
      'PREMIUM_VOUCHER',
      'SEALED_LETTER',
      'SIGNED_CONTRACT',
    ]);
  });
});
