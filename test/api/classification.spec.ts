import * as engine from '@app/workflow';
import { randomUUID } from 'node:crypto';
import { BACKFILL_SELECT } from '../../migrations/1764240000000-classification-change';
import { DEMO_TEMPLATE_BANK, seedDemoBasicData } from '../../server/src/basic-data/demo-basic-data';
import { commitDemoEvent, createDemoLoan, DemoPeople } from '../../server/src/demo/demo-loans';
import { FileStorage } from '../../server/src/files/file-storage';
import { writeVisitDecision, writeVisitReport } from '../../server/src/visits/visit-writers';
import { WorkflowRepository } from '../../server/src/workflow/workflow.repository';
import { count, startTestApp, AppHandle, tokenOf } from './support/app';
import { demoPeople, readExport, shanghaiDay, userWith } from './support/lists';
import { sendEvent } from './support/loans';

const fen = (yuan: number) => yuan * 100;
const SH_NOON = 'T04:00:00.000Z'; // noon in Shanghai: the event's company day is the day written
const CLASSES = ['NORMAL', 'SPECIAL_MENTION', 'SUBSTANDARD', 'DOUBTFUL', 'LOSS', 'UNCLASSIFIED'] as const;
type Class = (typeof CLASSES)[number];

interface Cell {
  loans: number;
  fromBalanceFen: number;
  toBalanceFen: number;
}
interface Matrix {
  from: string;
  to: string;
  classes: { key: Class; label: { zh: string; en: string } }[];
  rows: { from: Class; cells: Cell[]; total: Cell }[];
  columnTotals: Cell[];
  total: Cell;
  balanced: boolean;
}

/**
 * Risk classification past 90 days overdue and its history: the visit report's floor (a loan over 90
 * days past due is not classified better than substandard without a reason), the change rows the
 * leader's approval writes, and the statistics' migration matrix between two days, checked cell by
 * cell on a book of its own in 2003 (a year no other suite books loans in).
 */
describe('risk classification: the overdue floor, its history and the migration matrix', () => {
  let t: AppHandle;
  let people: DemoPeople;
  let storage: FileStorage;
  const tokens: Record<string, string> = {};
  const run = randomUUID().slice(0, 6);
  let n = 0;
  /** Every loan this file makes. */
  const mine: string[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    people = await demoPeople(t);
    storage = new FileStorage(t.db, t.config);
    const [{ n: banks }] = await t.db.query(`SELECT count(*)::int AS n FROM bank WHERE name = $1`, [DEMO_TEMPLATE_BANK]);
    if (!banks) await t.db.transaction((em) => seedDemoBasicData(em, storage, people.admin));
    for (const user of ['bpost', 'leader']) tokens[user] = await tokenOf(t, user);
    tokens.stats = (await userWith(t, ['statistics'])).token;
    tokens.stranger = (await userWith(t, ['population_list'])).token;
  }, 60_000);
  // Its 2003 book stays open (lent, never released): deleted once checked, so that no other suite's
  // totals of a later year (statistics, regulatory figures) count it.
  afterAll(async () => {
    if (mine.length) await t.db.query(`UPDATE loan SET deleted_at = now() WHERE id = ANY($1::uuid[])`, [mine]);
    await t.close();
  });

  const version = async (loanId: string): Promise<number> =>
    (await t.db.query(`SELECT version FROM workflow_instance WHERE loan_id = $1`, [loanId]))[0].version;
  const written = async (loanId: string) => ({
    events: await count(t, 'workflow_event WHERE loan_id = $1', [loanId]),
    visits: await count(t, 'visit_record WHERE loan_id = $1', [loanId]),
    changes: await count(t, 'classification_change WHERE loan_id = $1', [loanId]),
  });
  const changes = (loanId: string) =>
    t.db.query(
      `SELECT from_classification AS "from", to_classification AS "to", reason, changed_by AS "changedBy", reported_by AS "reportedBy",
              balance_fen::int AS "balanceFen", visit_record_id AS "visitRecordId"
         FROM classification_change WHERE loan_id = $1 ORDER BY changed_at, id`,
      [loanId],
    );

  it('a loan 100 days past due: NORMAL without a reason is refused (4xx, both languages, nothing written); with one it is accepted, and the approval keeps the change', async () => {
    n += 1;
    const row = await t.db.transaction((em) =>
      createDemoLoan(
        em,
        people,
        { stage: 'afterGuarantee', company: `分类测试公司${run}-${n}`, amount: 1_200_000, termMonths: 3, bank: DEMO_TEMPLATE_BANK },
        5200 + n, // apart from the other suites' demo indexes (credit codes derive from it)
        new Date(Date.now() - 40 * 86_400_000).toISOString(),
        storage,
      ),
    );
    const loanId = row.loanId;
    mine.push(loanId);
    // 100 days past due: its oldest live instalment fell due 100 days ago and nothing of it was repaid.
    const instalments: { id: string }[] = await t.db.query(`SELECT id FROM repayment_instalment WHERE loan_id = $1 AND superseded_at IS NULL ORDER BY seq`, [
      loanId,
    ]);
    expect(instalments.length).toBeGreaterThan(0);
    await t.db.query(`UPDATE repayment_instalment SET due_on = $2::date, repaid_fen = 0, state = 'DUE' WHERE id = $1`, [instalments[0].id, shanghaiDay(-100)]);

    const before = await written(loanId);
    const refusedEn = await sendEvent(t, tokens.bpost, loanId, 'VISIT_SUBMIT_REPORT', await version(loanId), { kind: 'REPORT', classification: 'NORMAL' })
      .set('Accept-Language', 'en')
      .expect(400);
    expect(refusedEn.body.code).toBe('A10090');
    expect(refusedEn.body.message).toMatch(/100 days past due.*"Normal".*needs a reason/);
    expect(refusedEn.body.data.fieldErrors[0].field).toBe('reason');
    const refusedZh = await sendEvent(t, tokens.bpost, loanId, 'VISIT_SUBMIT_REPORT', await version(loanId), {
      kind: 'REPORT',
      classification: 'SPECIAL_MENTION',
      reason: '  ',
    })
      .set('Accept-Language', 'zh-CN')
      .expect(400);
    expect(refusedZh.body.code).toBe('A10090');
    expect(refusedZh.body.message).toMatch(/逾期100天.*关注.*请填写理由/);
    // substandard is not better than the floor: only the rule of every report applies (a reason for anything not normal)
    const substandard = await sendEvent(t, tokens.bpost, loanId, 'VISIT_SUBMIT_REPORT', await version(loanId), {
      kind: 'REPORT',
      classification: 'SUBSTANDARD',
    });
    expect(substandard.status).toBe(400);
    expect(substandard.body.code).toBe('A10071');
    expect(await written(loanId)).toEqual(before);

    // with a reason: accepted; nothing counts until the leader approves
    await sendEvent(t, tokens.bpost, loanId, 'VISIT_SUBMIT_REPORT', await version(loanId), {
      kind: 'REPORT',
      classification: 'NORMAL',
      reason: '银行已同意展期，企业经营正常',
    }).expect(200);
    expect(await written(loanId)).toEqual({ events: before.events + 1, visits: before.visits + 1, changes: 0 });
    await sendEvent(t, tokens.leader, loanId, 'VISIT_APPROVE', await version(loanId)).expect(200);
    const [{ lent }] = await t.db.query(`SELECT disbursed_amount_fen::int AS lent FROM workflow_instance WHERE loan_id = $1`, [loanId]);
    expect(lent).toBe(fen(1_200_000));
    const [record] = await t.db.query(`SELECT id FROM visit_record WHERE loan_id = $1 AND state = 'APPROVED'`, [loanId]);
    expect(await changes(loanId)).toEqual([
      {
        from: null,
        to: 'NORMAL',
        reason: '银行已同意展期，企业经营正常',
        changedBy: people.leader,
        reportedBy: people.bpost,
        balanceFen: fen(1_200_000),
        visitRecordId: record.id,
      },
    ]);

    // round 2 downgraded with a reason and approved: a second change, from NORMAL
    await sendEvent(t, tokens.bpost, loanId, 'VISIT_SUBMIT_REPORT', await version(loanId), {
      kind: 'REPORT',
      classification: 'DOUBTFUL',
      reason: '逾期超过90天',
    }).expect(200);
    await sendEvent(t, tokens.leader, loanId, 'VISIT_APPROVE', await version(loanId)).expect(200);
    // round 3 the same level: approved, no change to keep; a returned report changes nothing either
    await sendEvent(t, tokens.bpost, loanId, 'VISIT_SUBMIT_REPORT', await version(loanId), {
      kind: 'REPORT',
      classification: 'DOUBTFUL',
      reason: '仍未还款',
    }).expect(200);
    await sendEvent(t, tokens.leader, loanId, 'VISIT_APPROVE', await version(loanId)).expect(200);
    await sendEvent(t, tokens.bpost, loanId, 'VISIT_SUBMIT_REPORT', await version(loanId), {
      kind: 'REPORT',
      classification: 'LOSS',
      reason: '企业失联',
    }).expect(200);
    await sendEvent(t, tokens.leader, loanId, 'VISIT_RETURN', await version(loanId), { reason: '证据不足' }).expect(200);
    expect((await changes(loanId)).map((c: { from: string | null; to: string }) => [c.from, c.to])).toEqual([
      [null, 'NORMAL'],
      ['NORMAL', 'DOUBTFUL'],
    ]);
  });

  describe('the migration matrix over two days of a 2003 book', () => {
    const FROM = '2003-03-31';
    const TO = '2003-09-30';
    const url = (from: string, to: string) => `/server/statistics/classification-migration?from=${from}&to=${to}`;
    const at = (day: string) => `${day}${SH_NOON}`;

    /** A loan created on `createdOn`, lent on `disbursedOn`, with its repayments and approved visit rounds on their days (the writers run as the API runs them). */
    async function book(plan: {
      createdOn: string;
      disbursedOn: string | null;
      yuan: number;
      repayments?: { day: string; yuan: number }[];
      rounds?: { day: string; classification: engine.RiskClassification }[];
    }): Promise<string> {
      n += 1;
      return t.db.transaction(async (em) => {
        let row = await createDemoLoan(
          em,
          people,
          { stage: 'disbursement', company: `分类迁徙公司${run}-${n}`, amount: plan.yuan, termMonths: 12, bank: DEMO_TEMPLATE_BANK },
          5200 + n,
          `${plan.createdOn}T01:00:00.000Z`,
          storage,
        );
        mine.push(row.loanId);
        if (!plan.disbursedOn) return row.loanId;
        const repo = new WorkflowRepository(em.connection);
        const commit = async (event: Record<string, unknown>) => {
          row = await commitDemoEvent(em, repo, row, event as unknown as engine.GuaranteeEvent, 'classification');
          await writeVisitReport(em, row.loanId, event as unknown as engine.GuaranteeEvent, row.snapshot);
          await writeVisitDecision(em, row.loanId, event as unknown as engine.GuaranteeEvent);
        };
        await commit({ type: 'VOUCHER_UPLOAD', actorId: people.apost, at: at(plan.disbursedOn) });
        await commit({
          type: 'VOUCHER_CONFIRM',
          actorId: people.finance,
          at: at(plan.disbursedOn),
          disbursedOn: plan.disbursedOn,
          disbursedAmountFen: fen(plan.yuan),
        });
        const steps = [
          ...(plan.repayments ?? []).map((r) => ({ day: r.day, events: [{ type: 'RECORD_REPAYMENT', actorId: people.finance, amount: r.yuan }] })),
          ...(plan.rounds ?? []).map((r) => ({
            day: r.day,
            events: [
              { type: 'VISIT_SUBMIT_REPORT', actorId: people.bpost, kind: 'REPORT', classification: r.classification, reason: `${r.day} 走访` },
              { type: 'VISIT_APPROVE', actorId: people.leader },
            ],
          })),
        ].sort((a, b) => a.day.localeCompare(b.day));
        for (const step of steps) for (const [i, event] of step.events.entries()) await commit({ ...event, at: `${step.day}T0${4 + i}:00:00.000Z` });
        return row.loanId;
      });
    }

    let matrix: Matrix;
    beforeAll(async () => {
      // L1: NORMAL from February, repaid 200,000 in May, DOUBTFUL from August.
      await book({
        createdOn: '2003-01-02',
        disbursedOn: '2003-01-10',
        yuan: 1_000_000,
        repayments: [{ day: '2003-05-01', yuan: 200_000 }],
        rounds: [
          { day: '2003-02-01', classification: 'NORMAL' },
          { day: '2003-08-01', classification: 'DOUBTFUL' },
        ],
      });
      // L2: SPECIAL_MENTION from February, SUBSTANDARD on FROM itself (FROM sees it), LOSS the day after TO (TO does not).
      await book({
        createdOn: '2003-01-03',
        disbursedOn: '2003-01-10',
        yuan: 500_000,
        rounds: [
          { day: '2003-02-01', classification: 'SPECIAL_MENTION' },
          { day: FROM, classification: 'SUBSTANDARD' },
          { day: '2003-10-01', classification: 'LOSS' },
        ],
      });
      // L3: lent in March, unclassified at FROM, SUBSTANDARD on TO itself.
      await book({ createdOn: '2003-02-20', disbursedOn: '2003-03-05', yuan: 300_000, rounds: [{ day: TO, classification: 'SUBSTANDARD' }] });
      // L4: never classified; L5: created, never lent, never classified; L6: created after TO, in no cell.
      await book({ createdOn: '2003-01-01', disbursedOn: '2003-01-10', yuan: 200_000 });
      await book({ createdOn: '2003-06-01', disbursedOn: null, yuan: 400_000 });
      await book({ createdOn: '2003-10-02', disbursedOn: '2003-10-10', yuan: 700_000, rounds: [{ day: '2003-10-11', classification: 'LOSS' }] });
      const res = await t.http.get(url(FROM, TO)).set('X-Platform-Token', tokens.stats).expect(200);
      matrix = res.body.data;
    }, 120_000);

    it('counts each loan from its class at the end of the first day to its class at the end of the second, cell by cell, with balances in fen', () => {
      expect(matrix.from).toBe(FROM);
      expect(matrix.to).toBe(TO);
      expect(matrix.classes.map((c) => c.key)).toEqual(CLASSES);
      expect(matrix.classes[5].label).toEqual({ zh: '未分类', en: 'Unclassified' });
      expect(matrix.rows.map((r) => r.from)).toEqual(CLASSES);
      const cell = (loans: number, fromYuan: number, toYuan: number): Cell => ({ loans, fromBalanceFen: fen(fromYuan), toBalanceFen: fen(toYuan) });
      const empty = cell(0, 0, 0);
      const expected: Partial<Record<`${Class}>${Class}`, Cell>> = {
        'NORMAL>DOUBTFUL': cell(1, 1_000_000, 800_000),
        'SUBSTANDARD>SUBSTANDARD': cell(1, 500_000, 500_000),
        'UNCLASSIFIED>SUBSTANDARD': cell(1, 300_000, 300_000),
        'UNCLASSIFIED>UNCLASSIFIED': cell(2, 200_000, 200_000),
      };
      for (const [i, from] of CLASSES.entries()) {
        for (const [j, to] of CLASSES.entries()) {
          expect({ cell: `${from}>${to}`, ...matrix.rows[i].cells[j] }).toEqual({ cell: `${from}>${to}`, ...(expected[`${from}>${to}`] ?? empty) });
        }
      }
      // totals: each row's, each column's and the whole, which reconcile
      expect(matrix.rows.map((r) => r.total)).toEqual([cell(1, 1_000_000, 800_000), empty, cell(1, 500_000, 500_000), empty, empty, cell(3, 500_000, 500_000)]);
      expect(matrix.columnTotals).toEqual([empty, empty, cell(2, 800_000, 800_000), cell(1, 1_000_000, 800_000), empty, cell(2, 200_000, 200_000)]);
      expect(matrix.total).toEqual(cell(5, 2_000_000, 1_800_000));
      expect(matrix.balanced).toBe(true);
    });

    it('the same day twice: every loan stays in its class (the diagonal)', async () => {
      const same: Matrix = (await t.http.get(url(TO, TO)).set('X-Platform-Token', tokens.stats).expect(200)).body.data;
      const offDiagonal = same.rows.flatMap((r, i) => r.cells.filter((_, j) => j !== i)).filter((c) => c.loans > 0);
      expect(offDiagonal).toEqual([]);
      expect(same.rows.map((r, i) => r.cells[i].loans)).toEqual([0, 0, 2, 1, 0, 2]);
      expect(same.total.loans).toBe(5);
    });

    it('exports the matrix: one line per cell in its order, then the totals', async () => {
      const { headers, rows } = await readExport(t, `/server/statistics/classification-migration/export?from=${FROM}&to=${TO}`, tokens.stats, 'en');
      expect(headers).toEqual(['Class on 2003-03-31', 'Class on 2003-09-30', 'Loans', 'Balance on 2003-03-31 (yuan)', 'Balance on 2003-09-30 (yuan)']);
      expect(rows).toHaveLength(36 + 6 + 6 + 1);
      expect(rows[3]).toEqual(['Normal', 'Doubtful', '1', '1000000', '800000']);
      expect(rows[35]).toEqual(['Unclassified', 'Unclassified', '2', '200000', '200000']);
      expect(rows[rows.length - 1]).toEqual(['Total', 'Total', '5', '2000000', '1800000']);
    });

    it("the migration's backfill from the approved rounds finds exactly the changes the writer kept", async () => {
      const columns = 'loan_id, visit_record_id, from_classification, to_classification, reported_by, changed_by, changed_at, reason, balance_fen';
      const kept = await t.db.query(`SELECT ${columns} FROM classification_change WHERE loan_id = ANY($1) ORDER BY loan_id, changed_at`, [mine]);
      const backfilled = await t.db.query(`SELECT ${columns} FROM (${BACKFILL_SELECT}) AS b(${columns}) WHERE loan_id = ANY($1) ORDER BY loan_id, changed_at`, [
        mine,
      ]);
      // the first test's loan 2, L1 2, L2 3, L3 1, L6 1
      expect(kept).toHaveLength(9);
      expect(backfilled).toEqual(kept);
    });

    it('refuses days that are no calendar day, a missing day and an inverted pair (400); needs the statistics key (403)', async () => {
      const as = { 'X-Platform-Token': tokens.stats, 'Accept-Language': 'en' };
      const bad = await t.http.get(url('2026-02-30', '2026-03-01')).set(as).expect(400);
      expect(bad.body.data.fieldErrors.map((f: { field: string }) => f.field)).toEqual(['from']);
      await t.http.get(url('2026-01-01', '2026-13-01')).set(as).expect(400);
      await t.http.get('/server/statistics/classification-migration?from=2026-01-01').set(as).expect(400);
      const inverted = await t.http.get(url(TO, FROM)).set(as).expect(400);
      expect(inverted.body.code).toBe('A11201');
      expect(inverted.body.message).toMatch(/start of the period cannot be after its end/);
      await t.http.get(`/server/statistics/classification-migration/export?from=2026-02-30&to=2026-03-01`).set(as).expect(400);
      await t.http.get(url(FROM, TO)).set('X-Platform-Token', tokens.stranger).expect(403);
      await t.http.get(`/server/statistics/classification-migration/export?from=${FROM}&to=${TO}`).set('X-Platform-Token', tokens.stranger).expect(403);
    });
  });
});
