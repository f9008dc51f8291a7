import * as engine from '@app/workflow';
import { randomUUID } from 'node:crypto';
import type { DemoPeople } from '../../server/src/demo/demo-loans';
import { castFor, commitDemoEvent } from '../../server/src/demo/demo-loans';
import { RegulatoryRepository } from '../../server/src/regulatory/regulatory.repository';
import { InstanceRow, WorkflowRepository } from '../../server/src/workflow/workflow.repository';
import { createInstanceRow } from '../../server/src/workflow/workflow.service';
import { startTestApp, AppHandle, tokenOf } from './support/app';
import { demoPeople, userWith } from './support/lists';
import { randomCreditCode } from './support/loans';

/**
 * The regulatory figures of loans that went bad, against a book computed by hand. The loans are driven
 * through the real machine by the seed's machinery (commitDemoEvent, the events of workflow/src/testing.ts)
 * in 2003 and 2004, years no other suite lends in, so every figure of those days (the global sums and the
 * rates) is this suite's own and exact to the fen:
 *
 * - L1  1,000,000.00 yuan, lent 2003-01-05, compensated (paid 2003-11-20: 10,000,000 principal + 200,000
 *       interest + 50,000 penalty = 10,250,000 fen), recovered 3,075,000 on 2003-12-10 and 1,025,000 on
 *       2004-02-15, the remaining 6,150,000 written off on 2004-03-10.
 * - L2  2,000,000.00 yuan, lent and repaid and released in January 2003.
 * - L3  5,000,000.00 yuan, lent 2003-01-05, its bank carrying 20% of the risk, in force ever since.
 * - L4  3,000,000.00 yuan, lent and repaid and released in February 2004.
 * Each premium is 1% of the amount, confirmed with the loan.
 */
describe('regulatory figures of loans that went bad', () => {
  let t: AppHandle;
  let people: DemoPeople;
  const tokens: Record<string, string> = {};
  const as = (user: string, lang = 'zh-CN') => ({ 'X-Platform-Token': tokens[user], 'Accept-Language': lang });
  const tag = randomUUID().slice(0, 6);
  let plainBank: { id: string; name: string };
  let sharingBank: { id: string; name: string };
  const made: string[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    people = await demoPeople(t);
    for (const user of ['admin', 'leader', 'apost']) tokens[user] = await tokenOf(t, user);
    tokens.statistics = (await userWith(t, ['statistics'])).token;
    const bank = async (name: string, riskShareBp?: number) => {
      const res = await t.http
        .post('/server/banks')
        .set(as('admin'))
        .send({ name, category: 'JOINT_STOCK', ...(riskShareBp === undefined ? {} : { riskShareBp }) });
      expect(res.status).toBe(201);
      return res.body.data as { id: string; name: string; riskShareBp: number };
    };
    const plain = await bank(`不分担银行${tag}`);
    expect(plain.riskShareBp).toBe(0);
    const sharing = await bank(`分担银行${tag}`, 2000);
    expect(sharing.riskShareBp).toBe(2000);
    plainBank = plain;
    sharingBank = sharing;
  }, 120_000);

  // Its loans of 2003-2005 (one stays after guarantee) are deleted once checked, so that no other suite's
  // totals of a later year (the statistics books) count them.
  afterAll(async () => {
    if (made.length) await t.db.query(`UPDATE loan SET deleted_at = now() WHERE id = ANY($1::uuid[])`, [made]);
    await t.close();
  });

  /** The machine's abstract actors as the demo accounts: the seed's own casting. */
  const cast = (event: engine.GuaranteeEvent): engine.GuaranteeEvent => castFor(people)(event);

  const shanghaiDayOf = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 10);

  /** A fresh company and loan, its instance created; `drive` commits its events. */
  async function newLoan(amount: number, bank: { id: string; name: string }, label: string) {
    const [company] = await t.db.query(`INSERT INTO company (name, credit_code, created_by) VALUES ($1, $2, $3) RETURNING id`, [
      `坏账监管${label}${tag}`,
      randomCreditCode(),
      people.apost,
    ]);
    const [loan] = await t.db.query(
      `INSERT INTO loan (company_id, amount, term_months, bank, loan_type, a_post_officer_id, b_post_officer_id, created_by)
       VALUES ($1, $2, 12, $3, '流动资金贷款', $4, $5, $4) RETURNING id`,
      [company.id, amount, bank.name, people.apost, people.bpost],
    );
    const input = engine.demoInput({ loanId: loan.id, amount, termMonths: 12 });
    const row = await t.db.transaction((em) =>
      createInstanceRow(em, new WorkflowRepository(em.connection), loan.id, { ...input, aPostOfficerId: people.apost, bPostOfficerId: people.bpost }),
    );
    made.push(loan.id);
    return { loanId: loan.id as string, companyId: company.id as string, input, row, bank };
  }

  /**
   * Commits the events through the real machine, as the seed does: the contract names the loan's bank,
   * VOUCHER_CONFIRM the day of its own time, and CONTRACT_GENERATE's regulatory writer (the bank's risk
   * share copied to the loan) runs with it, as the seed runs the writers of its events.
   */
  async function drive(loan: { loanId: string; bank: { id: string }; row: InstanceRow }, events: engine.GuaranteeEvent[]): Promise<InstanceRow> {
    let row = loan.row;
    for (const abstract of events) {
      let event = cast(abstract);
      if (event.type === 'CONTRACT_GENERATE' || event.type === 'LETTER_GENERATE') event = { ...event, bankId: loan.bank.id };
      if (event.type === 'VOUCHER_CONFIRM') event = { ...event, disbursedOn: shanghaiDayOf(event.at) };
      row = await t.db.transaction(async (em) => {
        const next = await commitDemoEvent(em, new WorkflowRepository(em.connection), row, event, 'bad-loan figures');
        if (event.type === 'CONTRACT_GENERATE') await new RegulatoryRepository(em.connection).copyBankRiskShare(em, loan.loanId, event.bankId);
        return next;
      });
    }
    loan.row = row;
    return row;
  }

  const figures = async (asOf: string) => (await t.http.get(`/server/regulatory/figures?asOf=${asOf}`).set(as('admin')).expect(200)).body.data;

  it('sets a loan risk share with its contract (the bank default at CONTRACT_GENERATE), changeable only until the seal', async () => {
    const loan = await newLoan(800_000, sharingBank, 'R');
    const all = engine.happyPathEvents(loan.input, engine.demoActors, { startAt: '2003-03-01T01:00:00Z' });
    const generate = all.findIndex((e) => e.type === 'CONTRACT_GENERATE');
    const sealed = all.findIndex((e) => e.type === 'CONTRACT_SEAL_COMPLETE');
    const share = async () => (await t.db.query(`SELECT risk_share_bp FROM loan WHERE id = $1`, [loan.loanId]))[0].risk_share_bp;
    // what the loan's page reads: the share in force, the bank's default, whether it may change now
    const shown = async () => (await t.http.get(`/server/regulatory/loans/${loan.loanId}/risk-share`).set(as('apost')).expect(200)).body.data;

    // before the contract: nothing to record it with
    await drive(loan, all.slice(0, generate));
    const early = await t.http.put(`/server/regulatory/loans/${loan.loanId}/risk-share`).set(as('apost', 'en')).send({ riskShareBp: 1000 });
    expect([early.status, early.body.code]).toEqual([409, '409']);
    expect(early.body.message).toContain('sealed');
    expect(await share()).toBeNull();
    // before the contract: no share of its own, the bank named on the loan gives the default, not editable
    expect(await shown()).toEqual({ loanId: loan.loanId, riskShareBp: null, bankName: sharingBank.name, bankRiskShareBp: 2000, editable: false });
    const outsider = await userWith(t, ['protect_after']);
    await t.http.get(`/server/regulatory/loans/${loan.loanId}/risk-share`).set({ 'X-Platform-Token': outsider.token }).expect(403);
    await t.http.get(`/server/regulatory/loans/${randomUUID()}/risk-share`).set(as('apost')).expect(404);
    await t.http.get(`/server/regulatory/loans/not-a-loan/risk-share`).set(as('apost')).expect(404);

    await drive(loan, all.slice(generate, generate + 1));
    expect(await share()).toBe(2000);
    expect(await shown()).toMatchObject({ riskShareBp: 2000, bankRiskShareBp: 2000, editable: true });
    await t.http.put(`/server/regulatory/loans/${loan.loanId}/risk-share`).set(as('statistics')).send({ riskShareBp: 2500 }).expect(403);
    for (const bad of [10_001, -1, 12.5, '20%']) {
      const res = await t.http.put(`/server/regulatory/loans/${loan.loanId}/risk-share`).set(as('apost')).send({ riskShareBp: bad });
      expect(res.status).toBe(400);
    }
    const missing = await t.http.put(`/server/regulatory/loans/${randomUUID()}/risk-share`).set(as('apost')).send({ riskShareBp: 2500 });
    expect(missing.status).toBe(404);
    const set = await t.http.put(`/server/regulatory/loans/${loan.loanId}/risk-share`).set(as('apost')).send({ riskShareBp: 2500 }).expect(200);
    expect(set.body.data).toEqual({ loanId: loan.loanId, riskShareBp: 2500 });
    expect(await share()).toBe(2500);
    expect((await t.http.get(`/server/regulatory/loans/${loan.loanId}/risk-share`).set(as('statistics')).expect(200)).body.data).toMatchObject({
      riskShareBp: 2500,
      bankRiskShareBp: 2000,
      editable: true,
    });

    await drive(loan, all.slice(generate + 1, sealed + 1));
    const late = await t.http.put(`/server/regulatory/loans/${loan.loanId}/risk-share`).set(as('apost')).send({ riskShareBp: 0 });
    expect([late.status, late.body.code]).toEqual([409, '409']);
    expect(late.body.message).toContain('用印');
    expect(await share()).toBe(2500);
    expect(await shown()).toMatchObject({ riskShareBp: 2500, editable: false });
  });

  it('keeps the provision rates with their valid-from days: the version in force at asOf applies; administrators only', async () => {
    const before = (await t.http.get('/server/regulatory/provision-settings/history').set(as('leader')).expect(200)).body.data;
    const body = { validFrom: '2004-01-01', unearnedPremiumRateBp: 6000, compensationReserveRateBp: 150, compensationReserveCapBp: 1000 };
    await t.http.post('/server/regulatory/provision-settings').set(as('leader')).send(body).expect(403);
    await t.http
      .get('/server/regulatory/provision-settings')
      .set(await userWith(t, ['protect_after']).then((u) => ({ 'X-Platform-Token': u.token })))
      .expect(403);
    for (const bad of [
      { ...body, validFrom: '2004-02-30' },
      { ...body, unearnedPremiumRateBp: 10_001 },
      { ...body, compensationReserveRateBp: 1.5 },
      { ...body, compensationReserveCapBp: undefined },
    ]) {
      const res = await t.http.post('/server/regulatory/provision-settings').set(as('admin')).send(bad);
      expect(res.status).toBe(400);
    }
    const inverted = await t.http
      .post('/server/regulatory/provision-settings')
      .set(as('admin', 'en'))
      .send({ ...body, compensationReserveRateBp: 200, compensationReserveCapBp: 100 });
    expect([inverted.status, inverted.body.code]).toEqual([400, '400']);
    expect(inverted.body.message).toContain('cap');
    expect((await t.http.get('/server/regulatory/provision-settings/history').set(as('admin')).expect(200)).body.data).toHaveLength(before.length);

    // 2004-01-01 to 2004-06-30: 60% and 1.5%; from 2004-07-01 the regulator's 50% and 1% again (the later days of other suites keep them)
    const saved = await t.http.post('/server/regulatory/provision-settings').set(as('admin')).send(body).expect(201);
    expect(saved.body.data).toMatchObject({ ...body, changedByName: '系统管理员' });
    await t.http
      .post('/server/regulatory/provision-settings')
      .set(as('admin'))
      .send({ validFrom: '2004-07-01', unearnedPremiumRateBp: 5000, compensationReserveRateBp: 100, compensationReserveCapBp: 1000 })
      .expect(201);
    const at = async (day: string) => (await t.http.get(`/server/regulatory/provision-settings?asOf=${day}`).set(as('admin')).expect(200)).body.data;
    expect(await at('2003-12-31')).toMatchObject({ unearnedPremiumRateBp: 5000, compensationReserveRateBp: 100, compensationReserveCapBp: 1000 });
    expect(await at('2004-01-01')).toMatchObject(body);
    expect(await at('2004-06-30')).toMatchObject(body);
    expect(await at('2004-07-01')).toMatchObject({ validFrom: '2004-07-01', unearnedPremiumRateBp: 5000, compensationReserveRateBp: 100 });
    const rows = await t.db.query(`SELECT changed_by FROM regulatory_provision_settings WHERE valid_from = '2004-01-01'`);
    expect(rows).toEqual([{ changed_by: people.admin }]);
    // both versions are in the operator trail, the refused ones are not
    const trail = await t.db.query(
      `SELECT actor_id AS "actorId", after FROM operator_trail WHERE action = 'SETTINGS' AND detail->>'setting' = 'provisions' AND after->>'validFrom' LIKE '2004-%' ORDER BY id`,
    );
    expect(trail).toEqual([
      { actorId: people.admin, after: body },
      {
        actorId: people.admin,
        after: { validFrom: '2004-07-01', unearnedPremiumRateBp: 5000, compensationReserveRateBp: 100, compensationReserveCapBp: 1000 },
      },
    ]);
  });

  it('computes the compensation balance, the three rates, the provisions, their coverage and the risk share to the fen', async () => {
    // L1: the bad-loan path, its days set for the book
    const l1 = await newLoan(1_000_000, plainBank, 'L1');
    const path = engine.badLoanPathEvents(l1.input, engine.demoActors, { startAt: '2003-01-01T01:00:00Z' });
    const firstBad = path.findIndex((e) => e.type === 'EXTENSION_APPLY');
    const days: [engine.EventType, string, Record<string, unknown>][] = [
      ['EXTENSION_APPLY', '2003-05-06', { newMaturityOn: '2004-07-05' }],
      ['EXTENSION_APPROVE', '2003-05-07', {}],
      ['OVERDUE_NOTICE', '2003-06-10', { noticedOn: '2003-06-10' }],
      ['COMPENSATION_APPLY', '2003-10-08', {}],
      ['COMPENSATION_APPROVE', '2003-10-09', {}],
      ['COMPENSATION_PAY', '2003-11-20', { paidOn: '2003-11-20' }],
      ['RECOVERY_STAGE', '2003-11-25', { on: '2003-11-25' }],
      ['RECOVERY_RECORD', '2003-12-10', { receivedOn: '2003-12-10' }],
      ['RECOVERY_RECORD', '2004-02-15', { receivedOn: '2004-02-15' }],
      ['RECOVERY_CLOSE', '2004-03-09', {}],
      ['RECOVERY_WRITE_OFF_APPROVE', '2004-03-10', {}],
    ];
    const bad = path.slice(firstBad);
    expect(bad.map((e) => e.type)).toEqual(days.map(([type]) => type));
    const dated = bad.map((e, i) => ({ ...e, ...days[i][2], at: `${days[i][1]}T02:00:00.000Z` }) as engine.GuaranteeEvent);
    // the amounts the path pays and recovers, written out: 1,000,000.00 yuan = 100,000,000 fen
    expect(dated.find((e) => e.type === 'COMPENSATION_APPLY')).toMatchObject({ principalFen: 10_000_000, interestFen: 200_000, penaltyFen: 50_000 });
    expect(dated.filter((e) => e.type === 'RECOVERY_RECORD').map((e) => (e as { amountFen: number }).amountFen)).toEqual([3_075_000, 1_025_000]);
    await drive(l1, [...path.slice(0, firstBad), ...dated]);
    const [k] = await t.db.query(`SELECT snapshot->'context'->'compensation' AS c, stage FROM workflow_instance WHERE loan_id = $1`, [l1.loanId]);
    expect([k.stage, k.c.writtenOffFen, k.c.recoveredFen, k.c.outcome]).toEqual(['closed', 6_150_000, 4_100_000, 'WRITTEN_OFF']);

    // L2: repaid and released in January 2003; L3: the 20% bank, in force; L4: repaid and released in February 2004
    const l2 = await newLoan(2_000_000, plainBank, 'L2');
    await drive(l2, engine.happyPathEvents(l2.input, engine.demoActors, { startAt: '2003-01-01T01:00:00Z' }));
    const l3 = await newLoan(5_000_000, sharingBank, 'L3');
    await drive(l3, engine.eventsToStage(l3.input, 'afterGuarantee', engine.demoActors, { startAt: '2003-01-01T01:00:00Z' }));
    const l4 = await newLoan(3_000_000, plainBank, 'L4');
    await drive(l4, engine.happyPathEvents(l4.input, engine.demoActors, { startAt: '2004-02-01T01:00:00Z' }));
    const stages = await t.db.query(
      `SELECT loan_id, stage, disbursed_on::text AS day, (SELECT risk_share_bp FROM loan WHERE id = loan_id) AS share FROM workflow_instance WHERE loan_id = ANY($1)`,
      [[l2.loanId, l3.loanId, l4.loanId]],
    );
    const byLoan = Object.fromEntries(stages.map((r: { loan_id: string }) => [r.loan_id, r]));
    expect(byLoan[l2.loanId]).toMatchObject({ stage: 'closed', share: 0 });
    expect(byLoan[l3.loanId]).toMatchObject({ stage: 'afterGuarantee', share: 2000 });
    expect(byLoan[l4.loanId]).toMatchObject({ stage: 'closed', share: 0 });
    // every loan lent in its own January/February, and released in the same month (the book's days)
    for (const loan of [l1, l2, l3])
      expect((await t.db.query(`SELECT disbursed_on::text AS d FROM workflow_instance WHERE loan_id = $1`, [loan.loanId]))[0].d).toMatch(/^2003-01-/);
    expect(byLoan[l4.loanId].day).toMatch(/^2004-02-/);

    // --- 2003-03-31: L1 and L3 in force, nothing compensated yet -------------------------------------
    // in force: L1 100,000,000 (all the company's) + L3 500,000,000 of which the bank carries 20% = 100,000,000
    // company share: 100,000,000 + 400,000,000 = 500,000,000; weighted (unclassed, 100%): 500,000,000
    const march = await figures('2003-03-31');
    expect(march).toMatchObject({
      loanCount: 2,
      grossBalanceFen: 600_000_000,
      balanceFen: 500_000_000,
      bankShareFen: 100_000_000,
      weightedBalanceFen: 500_000_000,
    });
    expect(march.compensationBalanceFen).toBe(0);
    // released so far in 2003: L2 200,000,000; compensation paid 0 -> 0 / 200,000,000 = 0
    expect(march.compensationRate).toEqual({ value: 0, reason: null });
    expect(march.recoveryRate).toEqual({ value: null, reason: 'noDivisor' });
    expect(march.provisionCoverage).toEqual({ value: null, reason: 'noDivisor' });
    const l3line = (
      await t.http
        .get(`/server/regulatory/exposures?asOf=2003-03-31&companyName=${encodeURIComponent(`坏账监管L3${tag}`)}`)
        .set(as('admin'))
        .expect(200)
    ).body.data.list[0];
    expect(l3line).toMatchObject({ companyId: l3.companyId, balanceFen: 400_000_000, weightedFen: 400_000_000 });

    // --- 2003-12-31 ------------------------------------------------------------------------------------
    const y2003 = await figures('2003-12-31');
    // L1 out of the liability balance from its payment (2003-11-20): only L3's 400,000,000 remains
    expect(y2003).toMatchObject({
      loanCount: 1,
      grossBalanceFen: 500_000_000,
      balanceFen: 400_000_000,
      bankShareFen: 100_000_000,
      weightedBalanceFen: 400_000_000,
    });
    // compensation balance: paid 10,250,000 - recovered 3,075,000 = 7,175,000
    expect(y2003.compensationBalanceFen).toBe(7_175_000);
    // released in 2003: L2 200,000,000 (closed) + L1 100,000,000 (compensated) = 300,000,000
    // compensation rate: 10,250,000 / 300,000,000 = 0.0341666...
    expect(y2003.basis).toMatchObject({
      yearStart: '2003-01-01',
      compensationPaidInYearFen: 10_250_000,
      releasedInYearFen: 300_000_000,
      recoveredInYearFen: 3_075_000,
      writtenOffInYearFen: 0,
      compensationBalanceAtYearStartFen: 0,
      // premiums: 1% of 1,000,000 + 2,000,000 + 5,000,000 yuan = 10,000 + 20,000 + 50,000 yuan = 8,000,000 fen
      premiumIncomeInYearFen: 8_000_000,
      yearEndBalances: [],
    });
    expect(y2003.compensationRate).toEqual({ value: 10_250_000 / 300_000_000, reason: null });
    expect(y2003.compensationRate.value).toBeCloseTo(0.034166667, 9);
    // recovery rate: the balance at the start of 2003 is 0 -> none, with the reason
    expect(y2003.recoveryRate).toEqual({ value: null, reason: 'noDivisor' });
    // loss rate: 0 written off / 300,000,000
    expect(y2003.lossRate).toEqual({ value: 0, reason: null });
    // provisions at 50% and 1%: unearned 8,000,000 × 50% = 4,000,000; no past year end -> reserve 0
    expect(y2003.provisions).toEqual({ unearnedPremiumReserveFen: 4_000_000, compensationReserveFen: 0 });
    // coverage: 4,000,000 / 7,175,000 = 0.55749...
    expect(y2003.provisionCoverage.value).toBeCloseTo(4_000_000 / 7_175_000, 12);
    expect(y2003.provisionCoverage.value).toBeCloseTo(0.557491289, 9);
    // the existing field carries the rate now
    expect(y2003.compensation).toEqual({ available: true, rate: 10_250_000 / 300_000_000 });

    // --- 2004-06-30 (60% and 1.5% in force: the previous test's version) -------------------------------
    const mid2004 = await figures('2004-06-30');
    // the balance: 10,250,000 - 3,075,000 - 1,025,000 - 6,150,000 written off = 0
    expect(mid2004.compensationBalanceFen).toBe(0);
    expect(mid2004.basis).toMatchObject({
      yearStart: '2004-01-01',
      compensationPaidInYearFen: 0,
      // L4 released 300,000,000; L1's closing in 2004 is not released again
      releasedInYearFen: 300_000_000,
      recoveredInYearFen: 1_025_000,
      writtenOffInYearFen: 6_150_000,
      compensationBalanceAtYearStartFen: 7_175_000,
      // L4: 1% of 3,000,000 yuan = 30,000 yuan
      premiumIncomeInYearFen: 3_000_000,
      yearEndBalances: [{ year: 2003, balanceFen: 400_000_000 }],
    });
    // compensation rate 0 / 300,000,000 = 0
    expect(mid2004.compensationRate).toEqual({ value: 0, reason: null });
    // recovery rate 1,025,000 / 7,175,000 = 1/7
    expect(mid2004.recoveryRate).toEqual({ value: 1_025_000 / 7_175_000, reason: null });
    expect(mid2004.recoveryRate.value).toBeCloseTo(1 / 7, 12);
    // loss rate 6,150,000 / 300,000,000 = 0.0205
    expect(mid2004.lossRate).toEqual({ value: 6_150_000 / 300_000_000, reason: null });
    expect(mid2004.lossRate.value).toBeCloseTo(0.0205, 12);
    // unearned 3,000,000 × 60% = 1,800,000; reserve 1.5% of 400,000,000 = 6,000,000 (cap 10% = 40,000,000)
    expect(mid2004.provisions).toEqual({ unearnedPremiumReserveFen: 1_800_000, compensationReserveFen: 6_000_000 });
    expect(mid2004.provisionSettings).toMatchObject({ validFrom: '2004-01-01', unearnedPremiumRateBp: 6000 });
    // coverage over a zero balance: none, with the reason
    expect(mid2004.provisionCoverage).toEqual({ value: null, reason: 'noDivisor' });

    // --- 2005-03-31 (50% and 1% again): the reserve accumulates two year ends --------------------------
    const y2005 = await figures('2005-03-31');
    // 2003: 1% × 400,000,000 = 4,000,000; 2004: 1% × 400,000,000 = 4,000,000 (total 8,000,000 < cap 40,000,000)
    expect(y2005.basis.yearEndBalances).toEqual([
      { year: 2003, balanceFen: 400_000_000 },
      { year: 2004, balanceFen: 400_000_000 },
    ]);
    expect(y2005.provisions).toEqual({ unearnedPremiumReserveFen: 0, compensationReserveFen: 8_000_000 });
    // nothing released in 2005: both rates over it are none
    expect(y2005.compensationRate).toEqual({ value: null, reason: 'noDivisor' });
    expect(y2005.lossRate).toEqual({ value: null, reason: 'noDivisor' });
    expect(y2005.recoveryRate).toEqual({ value: null, reason: 'noDivisor' });
  });

  it('answers the history of the nightly snapshots for a chart, and refuses a bad period with a localized 400', async () => {
    await t.db.query(
      `INSERT INTO regulatory_snapshot (day, figures) VALUES
         ('2002-03-01', $1), ('2002-03-02', $2), ('2002-03-05', '{}')
       ON CONFLICT (day) DO UPDATE SET figures = EXCLUDED.figures`,
      [
        {
          weightedBalanceFen: 123,
          compensationBalanceFen: 45,
          compensationRate: { value: 0.5, reason: null },
          recoveryRate: { value: null, reason: 'noDivisor' },
          lossRate: { value: 0, reason: null },
          provisionCoverage: { value: 2, reason: null },
        },
        { weightedBalanceFen: 124, compensationBalanceFen: 46 },
      ],
    );
    const history = (await t.http.get('/server/regulatory/figures/history?from=2002-03-01&to=2002-03-04').set(as('statistics')).expect(200)).body.data;
    expect(history).toEqual([
      { day: '2002-03-01', weightedBalanceFen: 123, compensationBalanceFen: 45, compensationRate: 0.5, recoveryRate: null, lossRate: 0, provisionCoverage: 2 },
      {
        day: '2002-03-02',
        weightedBalanceFen: 124,
        compensationBalanceFen: 46,
        compensationRate: null,
        recoveryRate: null,
        lossRate: null,
        provisionCoverage: null,
      },
    ]);
    const inverted = await t.http.get('/server/regulatory/figures/history?from=2002-03-05&to=2002-03-01').set(as('statistics', 'en'));
    expect([inverted.status, inverted.body.code]).toEqual([400, 'A11301']);
    const zh = await t.http.get('/server/regulatory/figures/history?from=2002-02-30&to=2002-03-01').set(as('statistics'));
    expect([zh.status, zh.body.code]).toEqual([400, 'A11106']);
    expect(zh.body.message).toContain('2002-02-30');
    expect((await t.http.get('/server/regulatory/figures/history?from=1990-01-01&to=2002-03-01').set(as('statistics'))).status).toBe(400);
    expect((await t.http.get('/server/regulatory/figures/history?from=2002-03-01').set(as('statistics'))).status).toBe(400);
    const stranger = (await userWith(t, ['protect_after'])).token;
    await t.http.get('/server/regulatory/figures/history?from=2002-03-01&to=2002-03-04').set({ 'X-Platform-Token': stranger }).expect(403);
  });
});
