import { addMonthsClamped } from '@app/workflow';
import { randomInt, randomUUID } from 'node:crypto';
import { DEMO_TEMPLATE_BANK } from '../../server/src/basic-data/demo-basic-data';
import { createDemoLoan } from '../../server/src/demo/demo-loans';
import { FileStorage } from '../../server/src/files/file-storage';
import { count, startTestApp, AppHandle, tokenOf } from './support/app';
import { demoPeople, readExport, shanghaiDay } from './support/lists';
import { sendEvent, sendEventAsIs } from './support/loans';

interface Instalment {
  seq: number;
  dueOn: string;
  principalFen: number;
  repaidFen: number;
  state: 'DUE' | 'REPAID';
}
interface ReminderView {
  id: string;
  kind: 'REPAYMENT' | 'MATURITY' | 'VISIT';
  dueAt: string;
  state: 'SCHEDULED' | 'SENT' | 'CANCELLED';
  jobId: string;
}

/**
 * The extension (展期) of a loan after guarantee: EXTENSION_APPLY by its officer, checked against the
 * repayment plan's maturity (and the live regulatory check), EXTENSION_APPROVE by someone else, which
 * rebuilds the plan to the new maturity and replaces its reminders in the event's transaction.
 */
describe('extensions', () => {
  let t: AppHandle;
  const tokens: Record<string, string> = {};
  const as = (user: string) => ({ 'X-Platform-Token': tokens[user] });
  let loanId: string;
  let version: number;
  let maturity: string;
  const company = `展期测试${randomUUID().slice(0, 8)}有限公司`;

  const plan = async () => (await t.http.get(`/server/loans/${loanId}/repayment-plan`).set(as('apost')).expect(200)).body.data;
  const reminders = async (): Promise<ReminderView[]> => (await t.http.get(`/server/loans/${loanId}/reminders`).set(as('apost')).expect(200)).body.data;
  const written = async () => ({
    events: await count(t, `workflow_event WHERE loan_id = $1`, [loanId]),
    instalments: await count(t, `repayment_instalment WHERE loan_id = $1`, [loanId]),
    reminders: await count(t, `reminder WHERE loan_id = $1 AND state = 'SCHEDULED'`, [loanId]),
  });
  /** Shanghai's 09:00 of a day, as the reminders' due time. */
  const at9 = (day: string) => `${day}T01:00:00.000Z`;

  beforeAll(async () => {
    t = await startTestApp();
    for (const u of ['admin', 'apost', 'bpost', 'finance', 'leader']) tokens[u] = await tokenOf(t, u);
    // the seed's repaying loan (its machinery, writers included): monthly equal principal, the first instalment
    // repaid; the rest is what an extension spreads
    const storage = new FileStorage(t.db, t.config);
    const people = await demoPeople(t);
    const row = await t.db.transaction((em) =>
      createDemoLoan(
        em,
        people,
        { stage: 'afterGuarantee', company, amount: 1_200_000, termMonths: 12, bank: DEMO_TEMPLATE_BANK, repaying: true },
        100_000 + randomInt(800_000),
        new Date(Date.now() - 90 * 86_400_000).toISOString(),
        storage,
      ),
    );
    loanId = row.loanId;
    version = (await t.db.query(`SELECT version FROM workflow_instance WHERE loan_id = $1`, [loanId]))[0].version;
    expect((await plan()).instalments[0]).toMatchObject({ seq: 1, state: 'REPAID' });
    maturity = (await plan()).maturityOn;
  }, 120_000);

  afterAll(() => t.close());

  it("refuses a new maturity not after the plan's, in both languages, and writes nothing", async () => {
    const before = await written();
    const zh = await sendEventAsIs(t, tokens.apost, loanId, 'EXTENSION_APPLY', version, { newMaturityOn: maturity, reason: '借款人申请展期' }).expect(400);
    expect(zh.body.code).toBe('A10060');
    expect(zh.body.message).toBe(`展期后的到期日 ${maturity} 须晚于还款计划当前的到期日 ${maturity}`);
    const earlier = addMonthsClamped(maturity, -1);
    const en = await sendEventAsIs(t, tokens.apost, loanId, 'EXTENSION_APPLY', version, { newMaturityOn: earlier, reason: 'asked by the borrower' })
      .set('Accept-Language', 'en')
      .expect(400);
    expect(en.body.message).toBe(`The extended maturity ${earlier} must be after the repayment plan's current maturity ${maturity}`);
    expect(en.body.data.fieldErrors[0].field).toBe('newMaturityOn');
    expect(await written()).toEqual(before);
    expect((await plan()).maturityOn).toBe(maturity);
  });

  it('applied by the officer, refused to the maker, approved by the leader: the plan ends on the new day and its reminders are replaced', async () => {
    const newMaturity = addMonthsClamped(maturity, 6);
    version = (await sendEvent(t, tokens.apost, loanId, 'EXTENSION_APPLY', version, { newMaturityOn: newMaturity, reason: '借款人经营周期延长' }).expect(200))
      .body.data.version;
    const oldScheduled = (await reminders()).filter((r) => r.state === 'SCHEDULED');
    expect(oldScheduled.some((r) => r.kind === 'MATURITY' && r.dueAt === at9(maturity))).toBe(true);
    const before = await written();

    // The maker may not approve: without the key, 403; with it, the machine's maker-checker refuses.
    await sendEventAsIs(t, tokens.apost, loanId, 'EXTENSION_APPROVE', version).expect(403);
    const code = `T_EXT_${randomUUID().slice(0, 8).toUpperCase()}`;
    const [{ id: roleId }] = await t.db.query(`INSERT INTO role (code, name_zh, name_en) VALUES ($1, $1, $1) RETURNING id`, [code]);
    await t.db.query(`INSERT INTO role_permission (role_id, permission_key) VALUES ($1, 'sys:extension:approve')`, [roleId]);
    await t.db.query(`INSERT INTO user_role (user_id, role_id) SELECT id, $1 FROM app_user WHERE username = 'apost'`, [roleId]);
    try {
      const makerToken = await tokenOf(t, 'apost');
      const refused = await sendEventAsIs(t, makerToken, loanId, 'EXTENSION_APPROVE', version);
      expect([409, 422]).toContain(refused.status);
      expect(JSON.stringify(refused.body)).toContain('MAKER_CANNOT_CHECK');
    } finally {
      await t.db.query(`DELETE FROM user_role WHERE role_id = $1`, [roleId]);
      await t.db.query(`DELETE FROM role_permission WHERE role_id = $1`, [roleId]);
      await t.db.query(`DELETE FROM role WHERE id = $1`, [roleId]);
    }
    expect(await written()).toEqual(before);

    await sendEvent(t, tokens.leader, loanId, 'EXTENSION_APPROVE', version).expect(200);
    const after = await plan();
    expect(after.maturityOn).toBe(newMaturity);
    const live = after.instalments as Instalment[];
    // the repaid first instalment stays; the rest is spread monthly up to the new day, each month after today
    const today = shanghaiDay(0);
    const dues: string[] = [];
    for (let m = 0; addMonthsClamped(newMaturity, -m) > today; m++) dues.unshift(addMonthsClamped(newMaturity, -m));
    expect(live[0]).toMatchObject({ seq: 1, state: 'REPAID' });
    expect(live.slice(1).map((i) => i.dueOn)).toEqual(dues);
    expect(live.slice(1).map((i) => i.seq)).toEqual(dues.map((_, n) => n + 2));
    expect(live.slice(1).every((i) => i.state === 'DUE' && i.repaidFen === 0)).toBe(true);
    expect(live.reduce((sum, i) => sum + i.principalFen, 0)).toBe(after.principalFen);
    const each = Math.floor((after.principalFen - live[0].principalFen) / dues.length);
    expect(live.slice(1, -1).every((i) => i.principalFen === each)).toBe(true);
    expect(live[live.length - 1].dueOn).toBe(newMaturity);

    // Reminders: the old scheduled ones cancelled (their jobs removed after the commit), new ones for the new plan.
    const now = await reminders();
    const byId = new Map(now.map((r) => [r.id, r]));
    expect(oldScheduled.filter((r) => r.kind !== 'VISIT').every((r) => byId.get(r.id)!.state === 'CANCELLED')).toBe(true);
    const scheduled = now.filter((r) => r.state === 'SCHEDULED' && r.kind !== 'VISIT');
    expect(scheduled.filter((r) => r.kind === 'REPAYMENT').map((r) => r.dueAt)).toEqual(dues.map(at9));
    const maturityReminders = scheduled.filter((r) => r.kind === 'MATURITY');
    expect(maturityReminders.length).toBeGreaterThan(0);
    expect(maturityReminders.every((r) => r.dueAt === at9(newMaturity))).toBe(true);
    for (const r of scheduled) expect(r.jobId).toBe(`reminder-${r.id}`);
    const [unqueue] = await t.db.query(`SELECT payload FROM outbox WHERE topic = 'reminders.unqueue' AND payload->>'loanId' = $1 ORDER BY id DESC LIMIT 1`, [
      loanId,
    ]);
    expect([...unqueue.payload.jobIds].sort()).toEqual(
      oldScheduled
        .filter((r) => r.kind !== 'VISIT')
        .map((r) => r.jobId)
        .sort(),
    );
  }, 60_000);

  it("reports the loan's extensions to the regulators: the exports' extension sheet (a second one) and its list", async () => {
    // a second extension, so the sheet shows each one's former maturity: the plan's own, then the first extension's
    const first = addMonthsClamped(maturity, 6);
    const second = addMonthsClamped(first, 3);
    version = (await t.db.query(`SELECT version FROM workflow_instance WHERE loan_id = $1`, [loanId]))[0].version;
    version = (await sendEvent(t, tokens.apost, loanId, 'EXTENSION_APPLY', version, { newMaturityOn: second, reason: '再次展期' }).expect(200)).body.data
      .version;
    version = (await sendEvent(t, tokens.leader, loanId, 'EXTENSION_APPROVE', version).expect(200)).body.data.version;
    const { principalFen, repaidFen } = await plan();
    const today = shanghaiDay(0);
    const period = `from=${today}&to=${today}&companyName=${encodeURIComponent(company)}`;

    const list = (await t.http.get(`/server/regulatory-exports/guodan/extensions?${period}`).set(as('admin')).expect(200)).body.data;
    const row = {
      loanId,
      companyName: company,
      bank: DEMO_TEMPLATE_BANK,
      disbursedAmountFen: principalFen,
      extendedFen: principalFen - repaidFen,
      approvedOn: today,
    };
    expect(list).toEqual([
      expect.objectContaining({ ...row, previousMaturityOn: maturity, newMaturityOn: first }),
      expect.objectContaining({ ...row, previousMaturityOn: first, newMaturityOn: second }),
    ]);
    // the ministry's report: SMEs only (fewer than 300 employees, or no count: kept to be completed)
    const ministry = async (employees: number | null) => {
      await t.db.query(`UPDATE company SET employee_count = $2 WHERE name = $1`, [company, employees]);
      return (await t.http.get(`/server/regulatory-exports/industrial/extensions?${period}`).set(as('admin')).expect(200)).body.data;
    };
    expect(await ministry(299)).toHaveLength(2);
    expect(await ministry(300)).toEqual([]);
    expect(await ministry(null)).toHaveLength(2);
    // approved today: not in a period that ended yesterday
    const yesterday = shanghaiDay(-1);
    const before = `/server/regulatory-exports/guodan/extensions?from=${yesterday}&to=${yesterday}&companyName=${encodeURIComponent(company)}`;
    expect((await t.http.get(before).set(as('admin')).expect(200)).body.data).toEqual([]);
    await t.http.get(`/server/regulatory-exports/guodan/extensions?${period}`).set(as('apost')).expect(403);

    // the export: the loans disbursed in the period (none: this one was lent 90 days ago), then the extensions
    const url = `/server/regulatory-exports/guodan/export?${period}`;
    const loans = await readExport(t, url, tokens.admin);
    expect(loans.sheetNames).toEqual(['国担报送数据', '展期业务']);
    expect(loans.rows).toEqual([]);
    const sheet = await readExport(t, url, tokens.admin, 'zh-CN', 1);
    expect(sheet.headers).toEqual([
      '业务编号',
      '被担保人名称',
      '统一社会信用代码',
      '贷款银行',
      '放款金额（元）',
      '展期金额（元）',
      '原到期日期',
      '展期后到期日期',
      '展期批准日期',
    ]);
    const yuan = (fen: number) => String(fen / 100);
    const line = [loanId, company, list[0].creditCode, DEMO_TEMPLATE_BANK, yuan(principalFen), yuan(principalFen - repaidFen)];
    expect(sheet.rows).toEqual([
      [...line, maturity, first, today],
      [...line, first, second, today],
    ]);
    const en = await readExport(t, url, tokens.admin, 'en', 1);
    expect([en.sheetNames, en.headers[6]]).toEqual([['National guarantee platform', 'Extensions'], 'Former maturity']);
  }, 60_000);
});
