import { randomUUID } from 'node:crypto';
import { DEMO_TEMPLATE_BANK, seedDemoBasicData } from '../../server/src/basic-data/demo-basic-data';
import { createDemoLoan, DemoPeople } from '../../server/src/demo/demo-loans';
import { FileStorage } from '../../server/src/files/file-storage';
import { count, startTestApp, AppHandle, tokenOf } from './support/app';
import { demoPeople, loanInStage, shanghaiDay, userWith } from './support/lists';
import { sendEvent, SMALL_PDF } from './support/loans';

interface Client {
  companyId: string;
  companyName: string;
  balanceFen: number;
  weightBp: number;
  weightedFen: number;
  ratio: number;
  withinLimit: boolean;
  groupName: string | null;
  loanCount: number;
}

/**
 * Regulatory figures against the real PostgreSQL: a small hand-computed set of loans in
 * force (their own fresh companies, so every figure of theirs is exact to the fen whatever else the
 * database holds; totals are checked as the difference the set makes), the settings with their
 * history and validation, the register of related groups, and the live check at the leader's
 * withdrawal approval with the administrator's override kept in the loan's history.
 */
describe('regulatory figures and the live limit check', () => {
  let t: AppHandle;
  let people: DemoPeople;
  const tokens: Record<string, string> = {};
  const as = (user: string, lang = 'zh-CN') => ({ 'X-Platform-Token': tokens[user], 'Accept-Language': lang });
  const tag = randomUUID().slice(0, 6);
  const DEFAULTS = { netAssets: 200_000_000, leverageLimit: 10, singleClientLimit: 0.1, groupLimit: 0.15 };
  let n = 0;

  beforeAll(async () => {
    t = await startTestApp();
    people = await demoPeople(t);
    const storage = new FileStorage(t.db, t.config);
    const [{ n: banks }] = await t.db.query(`SELECT count(*)::int AS n FROM bank WHERE name = $1`, [DEMO_TEMPLATE_BANK]);
    if (!banks) await t.db.transaction((em) => seedDemoBasicData(em, storage, people.admin));
    for (const user of ['admin', 'leader', 'bpost', 'bs1']) tokens[user] = await tokenOf(t, user);
    tokens.stranger = (await userWith(t, ['protect_after'])).token;
    tokens.ledger = (await userWith(t, ['sys:loan:detail', 'protect_after', 'ledger_list', 'sys:ledger:upload-repayment'])).token;
  }, 120_000);

  afterAll(async () => {
    // Other suites of the run approve withdrawals too: leave the regulation's defaults in force.
    await t.http.put('/server/regulatory/settings').set(as('admin')).send(DEFAULTS);
    await t.close();
  });

  /** A fresh company with one loan disbursed (the demo's 2026-01-05) and standing after guarantee. */
  async function inForce(amount: number, label: string): Promise<{ loanId: string; companyId: string; company: string }> {
    n += 1;
    const company = `监管测试${label}${tag}`;
    const row = await t.db.transaction((em) =>
      createDemoLoan(
        em,
        people,
        { stage: 'afterGuarantee', company, amount, termMonths: 12, bank: DEMO_TEMPLATE_BANK },
        1900 + n,
        new Date(Date.now() - 60 * 86_400_000).toISOString(),
        new FileStorage(t.db, t.config),
      ),
    );
    const [{ company_id: companyId }] = await t.db.query(`SELECT company_id FROM loan WHERE id = $1`, [row.loanId]);
    return { loanId: row.loanId, companyId, company };
  }
  const figures = async (asOf?: string) =>
    (
      await t.http
        .get(`/server/regulatory/figures${asOf ? `?asOf=${asOf}` : ''}`)
        .set(as('admin'))
        .expect(200)
    ).body.data;
  /** A client's line on the figures' day, from the paged list (the figures carry only the largest clients). */
  const clientOf = async (data: { asOf: string }, c: { companyId: string; company: string }): Promise<Client | undefined> => {
    const page = (
      await t.http
        .get(`/server/regulatory/exposures?asOf=${data.asOf}&companyName=${encodeURIComponent(c.company)}&pageSize=200`)
        .set(as('admin'))
        .expect(200)
    ).body.data;
    return page.list.find((x: Client) => x.companyId === c.companyId);
  };
  const version = async (loanId: string): Promise<number> =>
    (await t.db.query(`SELECT version FROM workflow_instance WHERE loan_id = $1`, [loanId]))[0].version;

  it('keeps every settings change with who and when, refuses bad input with 400 and nothing written, and non-administrators with 403', async () => {
    const before = (await t.http.get('/server/regulatory/settings/history').set(as('admin')).expect(200)).body.data;
    const trailed = () => count(t, `operator_trail WHERE action = 'SETTINGS' AND detail->>'setting' = 'regulatory-limits'`);
    const trailedBefore = await trailed();
    const current = (await t.http.get('/server/regulatory/settings').set(as('leader')).expect(200)).body.data;
    expect(current).toMatchObject({ leverageLimit: expect.any(Number), singleClientLimit: expect.any(Number) });

    await t.http.put('/server/regulatory/settings').set(as('leader')).send(DEFAULTS).expect(403);
    await t.http.put('/server/regulatory/settings').set(as('stranger')).send(DEFAULTS).expect(403);
    await t.http.get('/server/regulatory/settings').set(as('stranger')).expect(403);

    const bad: [Record<string, unknown>, string][] = [
      [{ ...DEFAULTS, netAssets: 0 }, 'netAssets'],
      [{ ...DEFAULTS, netAssets: 1.234 }, 'netAssets'],
      [{ ...DEFAULTS, leverageLimit: 0.5 }, 'leverageLimit'],
      [{ ...DEFAULTS, singleClientLimit: 1.5 }, 'singleClientLimit'],
      [{ ...DEFAULTS, groupLimit: undefined }, 'groupLimit'],
    ];
    for (const [body, field] of bad) {
      const res = await t.http.put('/server/regulatory/settings').set(as('admin', 'en')).send(body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    const below = await t.http
      .put('/server/regulatory/settings')
      .set(as('admin', 'en'))
      .send({ ...DEFAULTS, singleClientLimit: 0.2, groupLimit: 0.15 });
    expect(below.status).toBe(400);
    expect(below.body.code).toBe('A11102');
    expect(below.body.message).toContain('single-client limit');
    const zh = await t.http
      .put('/server/regulatory/settings')
      .set(as('admin'))
      .send({ ...DEFAULTS, singleClientLimit: 0.2, groupLimit: 0.15 });
    expect(zh.body.message).toContain('关联方集中度上限');
    expect((await t.http.get('/server/regulatory/settings/history').set(as('admin')).expect(200)).body.data).toHaveLength(before.length);

    const saved = await t.http
      .put('/server/regulatory/settings')
      .set(as('admin'))
      .send({ netAssets: 123_456_789.01, leverageLimit: 12.5, singleClientLimit: 0.08, groupLimit: 0.12 })
      .expect(200);
    expect(saved.body.data).toMatchObject({
      netAssets: 123_456_789.01,
      netAssetsFen: 12_345_678_901,
      leverageLimit: 12.5,
      singleClientLimit: 0.08,
      groupLimit: 0.12,
    });
    const after = (await t.http.get('/server/regulatory/settings/history').set(as('admin')).expect(200)).body.data;
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({ netAssetsFen: 12_345_678_901, changedByName: '系统管理员' });
    const [row] = await t.db.query(`SELECT net_assets_fen::text AS fen, changed_by FROM regulatory_settings ORDER BY id DESC LIMIT 1`);
    expect(row).toEqual({ fen: '12345678901', changed_by: people.admin });
    // the change is in the operator trail with the values before and after; the refusals above left none
    const trail = await t.db.query(
      `SELECT before, after FROM operator_trail WHERE action = 'SETTINGS' AND detail->>'setting' = 'regulatory-limits' ORDER BY id DESC`,
    );
    expect(trail).toHaveLength(trailedBefore + 1);
    expect(trail[0].after).toEqual({ netAssetsFen: 12_345_678_901, leverageLimit: 12.5, singleClientLimit: 0.08, groupLimit: 0.12 });
    expect(trail[0].before).toMatchObject({ netAssetsFen: current.netAssetsFen, leverageLimit: current.leverageLimit });
  });

  it('computes the weighted liability balance, concentration and group exposure of a hand-computed set, to the fen and as of a day', async () => {
    const baseline = await figures();
    // S: small/micro, 3,000,000.01 yuan -> 75%: 300,000,001 × 0.75 = 225,000,000.75 -> 225,000,001 fen (half up)
    const s = await inForce(3_000_000.01, 'S');
    // T: small/micro but 6,000,000.00 in force, above the 5 million cap -> 100%
    const tt = await inForce(6_000_000, 'T');
    // U: other, 1,234,567.89, then 234,567.89 repaid today -> 1,000,000.00 today, 1,234,567.89 yesterday
    const u = await inForce(1_234_567.89, 'U');
    // V: other, 2,000,000.00, related to U
    const v = await inForce(2_000_000, 'V');
    for (const c of [s, tt])
      await t.http.put(`/server/regulatory/clients/${c.companyId}`).set(as('admin')).send({ smallMicro: true, agricultural: false }).expect(200);
    await t.http.put(`/server/regulatory/clients/${s.companyId}`).set(as('leader')).send({ smallMicro: true, agricultural: false }).expect(403);
    await t.http.put(`/server/regulatory/clients/${s.companyId}`).set(as('admin')).send({ smallMicro: 'yes', agricultural: false }).expect(400);

    const group = (
      await t.http
        .post('/server/regulatory/groups')
        .set(as('admin'))
        .send({ name: `关联集团${tag}` })
        .expect(201)
    ).body.data;
    const dup = await t.http
      .post('/server/regulatory/groups')
      .set(as('admin', 'en'))
      .send({ name: `关联集团${tag}` });
    expect([dup.status, dup.body.code]).toEqual([409, 'A11103']);
    await t.http
      .post('/server/regulatory/groups')
      .set(as('leader'))
      .send({ name: `x${tag}` })
      .expect(403);
    for (const c of [u, v]) await t.http.post(`/server/regulatory/groups/${group.id}/members`).set(as('admin')).send({ companyId: c.companyId }).expect(201);
    const other = (
      await t.http
        .post('/server/regulatory/groups')
        .set(as('admin'))
        .send({ name: `另一集团${tag}` })
        .expect(201)
    ).body.data;
    const twice = await t.http.post(`/server/regulatory/groups/${other.id}/members`).set(as('admin')).send({ companyId: u.companyId });
    expect([twice.status, twice.body.code]).toEqual([409, 'A11104']);
    expect(twice.body.message).toContain(`关联集团${tag}`);
    await t.http.delete(`/server/regulatory/groups/${other.id}`).set(as('admin')).expect(200);
    const register = (await t.http.get('/server/regulatory/groups').set(as('leader')).expect(200)).body.data;
    expect(
      register
        .find((g: { id: string }) => g.id === group.id)
        .members.map((m: { companyId: string }) => m.companyId)
        .sort(),
    ).toEqual([u.companyId, v.companyId].sort());

    const yesterday = shanghaiDay(-1);
    // the step stands on its voucher (this ledger user may not open the loan page, so it is uploaded here)
    const [open] = await t.db.query(
      `SELECT id FROM repayment_instalment WHERE loan_id = $1 AND superseded_at IS NULL AND state <> 'REPAID' ORDER BY seq LIMIT 1`,
      [u.loanId],
    );
    await t.http.post(`/server/loans/${u.loanId}/instalments/${open.id}/voucher`).set(as('ledger')).attach('file', SMALL_PDF, '还款凭证.pdf').expect(201);
    await sendEvent(t, tokens.ledger, u.loanId, 'RECORD_REPAYMENT', await version(u.loanId), { amount: 234_567.89, earlySettlement: true }).expect(200);

    await t.http
      .put('/server/regulatory/settings')
      .set(as('admin'))
      .send({ ...DEFAULTS, netAssets: 50_000_000 })
      .expect(200);
    const today = await figures(shanghaiDay());
    expect(await clientOf(today, s)).toMatchObject({ balanceFen: 300_000_001, weightBp: 7500, weightedFen: 225_000_001, ratio: 0.045, withinLimit: true });
    // 600,000,000 / 5,000,000,000 = 12% > 10%
    expect(await clientOf(today, tt)).toMatchObject({
      balanceFen: 600_000_000,
      weightBp: 10000,
      weightedFen: 600_000_000,
      ratio: 0.12,
      withinLimit: false,
    });
    expect(await clientOf(today, u)).toMatchObject({ balanceFen: 100_000_000, weightBp: 10000, weightedFen: 100_000_000, groupName: `关联集团${tag}` });
    expect(today.groups.find((g: { groupId: string }) => g.groupId === group.id)).toMatchObject({
      memberCount: 2,
      weightedFen: 300_000_000,
      ratio: 0.06,
      withinLimit: true,
      headroomFen: 750_000_000 - 300_000_000,
    });
    // The figures name the largest clients over the limit and count them all; T is one of them.
    const over = today.breaches.filter((b: { limit: string }) => b.limit === 'SINGLE_CLIENT');
    expect(over.length).toBe(Math.min(20, today.breachCount - today.breaches.length + over.length));
    if (over.length < 20)
      expect(today.breaches).toContainEqual({ limit: 'SINGLE_CLIENT', value: 0.12, limitValue: 0.1, subject: tt.company, subjectId: tt.companyId });
    // The set adds 3,000,000.01 + 6,000,000 + 1,000,000 + 2,000,000 in force, weighted 2,250,000.01 + 6,000,000 + 1,000,000 + 2,000,000.
    expect(today.balanceFen - baseline.balanceFen).toBe(1_200_000_001);
    expect(today.weightedBalanceFen - baseline.weightedBalanceFen).toBe(1_125_000_001);
    expect(today.loanCount - baseline.loanCount).toBe(4);
    // the compensation rate is computed now (regulatory-bad-loans.spec.ts checks it by hand): the old field carries it
    expect(today.compensation).toEqual({ available: true, rate: today.compensationRate.value });
    const line = (data: any, key: string) => data.weights.find((w: { key: string }) => w.key === key);
    expect(line(today, 'SMALL_MICRO').weightedFen - line(baseline, 'SMALL_MICRO').weightedFen).toBe(225_000_001);
    expect(line(today, 'OTHER').balanceFen - line(baseline, 'OTHER').balanceFen).toBe(900_000_000);

    const before = await figures(yesterday);
    expect(await clientOf(before, u)).toMatchObject({ balanceFen: 123_456_789, weightedFen: 123_456_789 });
    expect(before.groups.find((g: { groupId: string }) => g.groupId === group.id).weightedFen).toBe(323_456_789);
    // Before the demo's disbursement day none of the set was in force.
    const early = await figures('2026-01-04');
    expect(await clientOf(early, s)).toBeUndefined();

    for (const asOf of ['2026-02-30', 'yesterday']) {
      const res = await t.http.get(`/server/regulatory/figures?asOf=${asOf}`).set(as('admin', 'en'));
      expect(res.status).toBe(400);
    }
    expect((await t.http.get('/server/regulatory/figures?asOf=2026-02-30').set(as('admin'))).body.code).toBe('A11106');
    await t.http.get('/server/regulatory/figures').set(as('stranger')).expect(403);
  });

  it('keeps the figures to the largest clients and pages through every client in force, the pages adding up to the figures to the fen', async () => {
    await inForce(1_111_111.11, 'P');
    await inForce(2_222_222.22, 'Q');
    const day = shanghaiDay();
    const f = await figures(day);
    expect(f.clients.length).toBe(Math.min(20, f.clientCount));
    const exposures = (query: string, user = 'admin') => t.http.get(`/server/regulatory/exposures?asOf=${day}&${query}`).set(as(user, 'en'));
    for (const sort of ['weighted', 'name', 'balance', 'loans']) {
      const seen = new Set<string>();
      let balance = 0;
      let weightedSum = 0;
      let loans = 0;
      let total: number | undefined;
      const within: boolean[] = [];
      for (let pageNum = 1; ; pageNum++) {
        const page = (await exposures(`sort=${sort}&pageNum=${pageNum}&pageSize=200`).expect(200)).body.data;
        total = page.total;
        for (const c of page.list as Client[]) {
          expect(seen.has(c.companyId)).toBe(false);
          seen.add(c.companyId);
          balance += c.balanceFen;
          weightedSum += c.weightedFen;
          loans += c.loanCount;
          within.push(c.withinLimit);
        }
        if (page.list.length < 200) break;
      }
      // Every client once, and the sums of all pages are the figures' totals, to the fen.
      expect([seen.size, total]).toEqual([f.clientCount, f.clientCount]);
      expect(balance).toBe(f.balanceFen);
      expect(weightedSum).toBe(f.weightedBalanceFen);
      expect(loans).toBe(f.loanCount);
      if (sort === 'weighted') {
        // The clients over the single-client limit are the first rows of this order, as many as the figures count.
        const over = within.filter((ok) => !ok).length;
        expect(within.slice(0, over).every((ok) => !ok)).toBe(true);
        expect(over).toBe(f.breachCount - f.breaches.filter((b: { limit: string }) => b.limit !== 'SINGLE_CLIENT').length);
      }
    }
    // The figures' clients are the first page of the default order (largest weighted balance first).
    const first = (await exposures('pageSize=20').expect(200)).body.data;
    expect(first.list).toEqual(f.clients);
    const weights = first.list.map((c: Client) => c.weightedFen);
    expect(weights).toEqual([...weights].sort((a: number, b: number) => b - a));
    const byName = (await exposures('sort=name&pageSize=5').expect(200)).body.data.list.map((c: Client) => c.companyName);
    expect(byName).toEqual([...byName].sort(new Intl.Collator('zh-CN').compare));
    const ascending = (await exposures('sort=balance&order=asc&pageSize=5').expect(200)).body.data.list.map((c: Client) => c.balanceFen);
    expect(ascending).toEqual([...ascending].sort((a: number, b: number) => a - b));
    // A page past the end is empty, not an error; bad paging, sort or day is a 400 in the caller's language.
    const past = (await exposures(`pageNum=${Math.ceil(f.clientCount / 200) + 1}&pageSize=200`).expect(200)).body.data;
    expect([past.list, past.total]).toEqual([[], f.clientCount]);
    for (const bad of ['sort=ratio', 'order=up', 'pageSize=0', 'pageSize=201', 'pageNum=0']) {
      const res = await exposures(bad);
      expect([bad, res.status]).toEqual([bad, 400]);
    }
    expect((await t.http.get('/server/regulatory/exposures?asOf=2026-02-30').set(as('admin'))).body.code).toBe('A11106');
    await exposures('pageSize=5', 'stranger').expect(403);
  });

  it("refuses the leader's approval at withdrawal with 409 naming the limit, until an administrator records an override kept in the history", async () => {
    const loan = await loanInStage(t, 'withdrawal', `监管提款测试${tag}有限公司`);
    await sendEvent(t, tokens.bpost, loan.id, 'RECHECK_PASS', loan.version).expect(200);
    // Net assets where today's balance fits ten times over but this loan's 2,000,000.00 does not.
    await t.http
      .put('/server/regulatory/settings')
      .set(as('admin'))
      .send({ ...DEFAULTS, netAssets: 1_000_000_000, singleClientLimit: 1, groupLimit: 1 })
      .expect(200);
    const weightedNow: number = (await figures()).weightedBalanceFen;
    const netAssetsFen = Math.floor((weightedNow + 200_000_000) / 10) - 100;
    await t.http
      .put('/server/regulatory/settings')
      .set(as('admin'))
      .send({ netAssets: netAssetsFen / 100, leverageLimit: 10, singleClientLimit: 1, groupLimit: 1 })
      .expect(200);

    const impact = (await t.http.get(`/server/regulatory/impact?loanId=${loan.id}`).set(as('bs1')).expect(200)).body.data;
    expect(impact.addedFen).toBe(200_000_000);
    expect(impact.after.weightedBalanceFen - impact.before.weightedBalanceFen).toBe(200_000_000);
    expect(impact.before.leverage.withinLimit).toBe(true);
    // (the client may break its own limit too when little else is in force: the leverage is the one asked for)
    expect(impact.breaches.map((b: { limit: string }) => b.limit)).toContain('LEVERAGE');
    expect(impact.overridden).toBe(false);
    await t.http.get(`/server/regulatory/impact?loanId=${loan.id}`).set(as('stranger')).expect(403);
    await t.http.get(`/server/regulatory/impact?loanId=not-a-uuid`).set(as('bs1')).expect(400);

    const v = await version(loan.id);
    const refused = await sendEvent(t, tokens.leader, loan.id, 'LEADER_APPROVE', v).set('Accept-Language', 'en');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('A11101');
    expect(refused.body.message).toContain('leverage');
    const refusedZh = await sendEvent(t, tokens.leader, loan.id, 'LEADER_APPROVE', v);
    expect(refusedZh.status).toBe(409);
    expect(refusedZh.body.message).toContain('融资担保放大倍数');
    const [still] = await t.db.query(`SELECT stage, version FROM workflow_instance WHERE loan_id = $1`, [loan.id]);
    expect(still).toEqual({ stage: 'withdrawal', version: v });

    // The override is the administrator's only, and needs a reason.
    await sendEvent(t, tokens.leader, loan.id, 'REGULATORY_OVERRIDE', v, { reason: '领导自批' }).expect(403);
    await sendEvent(t, tokens.admin, loan.id, 'REGULATORY_OVERRIDE', v, { reason: '' }).expect(400);
    await sendEvent(t, tokens.admin, loan.id, 'REGULATORY_OVERRIDE', v, { reason: '政府重点项目，经董事会批准' }).expect(200);
    expect((await t.http.get(`/server/regulatory/impact?loanId=${loan.id}`).set(as('bs1')).expect(200)).body.data).toMatchObject({
      overridden: true,
      overrideReason: '政府重点项目，经董事会批准',
    });

    await sendEvent(t, tokens.leader, loan.id, 'LEADER_APPROVE', v + 1).expect(200);
    const history = await t.db.query(`SELECT type, payload, actor_id FROM workflow_event WHERE loan_id = $1 ORDER BY seq`, [loan.id]);
    const types = history.map((e: { type: string }) => e.type);
    expect(types.slice(-2)).toEqual(['REGULATORY_OVERRIDE', 'LEADER_APPROVE']);
    expect(history.at(-2)).toMatchObject({ payload: { reason: '政府重点项目，经董事会批准' }, actor_id: people.admin });
    const [moved] = await t.db.query(`SELECT stage FROM workflow_instance WHERE loan_id = $1`, [loan.id]);
    expect(moved.stage).toBe('duringGuarantee');
  });

  it('lets an approval within the limits pass without an override', async () => {
    await t.http
      .put('/server/regulatory/settings')
      .set(as('admin'))
      .send({ ...DEFAULTS, netAssets: 100_000_000_000 })
      .expect(200);
    const loan = await loanInStage(t, 'withdrawal', `监管提款限内${tag}有限公司`);
    await sendEvent(t, tokens.bpost, loan.id, 'RECHECK_PASS', loan.version).expect(200);
    const impact = (await t.http.get(`/server/regulatory/impact?loanId=${loan.id}`).set(as('leader')).expect(200)).body.data;
    expect(impact.breaches).toEqual([]);
    await sendEvent(t, tokens.leader, loan.id, 'LEADER_APPROVE', loan.version + 1).expect(200);
  });
});
