import { randomUUID } from 'node:crypto';
import * as engine from '@app/workflow';
import fc from 'fast-check';
import { commitEvent } from '../../server/src/workflow/workflow.service';
import { WorkflowRepository } from '../../server/src/workflow/workflow.repository';
import { COUNT_LIMIT, LoanListRepository } from '../../server/src/loans/loan-list.repository';
import { bootTestApp, TestApp, ownerDb, tokenOf } from './support/app';
import { createCompany } from './support/loans';

jest.setTimeout(240_000);

interface Page {
  list: { id: string; amount: number; companyName: string; createdAt: string }[];
  total: number;
  totalCapped: boolean;
  totalEstimated: boolean;
  nextCursor: string | null;
}

describe('loan lists at scale: keyset cursor, estimated totals, trigram search, list columns', () => {
  let t: TestApp;
  let apost: string;
  let admin: string;
  const prefix = `键集${randomUUID().slice(0, 6)}`;
  // Three amounts for 24 loans: the amount sort is mostly ties, which the id must break.
  const amounts = [1_000_000, 2_500_000.5, 4_000_000];
  const created: string[] = [];

  const list = async (query: Record<string, unknown>, token = admin): Promise<Page> => {
    const res = await t.http.get('/server/loans').set('X-Platform-Token', token).query(query);
    if (res.status !== 200) throw new Error(`list: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const newLoan = async (i: number) => {
    const company = await createCompany(t, apost, `${prefix}${String(i).padStart(2, '0')}有限公司`);
    const res = await t.http
      .post('/server/loans')
      .set('X-Platform-Token', apost)
      .send({ companyId: company.id, amount: amounts[i % amounts.length], termMonths: 12 });
    if (res.status !== 201) throw new Error(`loan: ${res.status}`);
    return res.body.data.id as string;
  };
  /** Every page through the cursor, from the first. */
  const walk = async (query: Record<string, unknown>, between?: () => Promise<void>) => {
    const ids: string[] = [];
    let page = await list({ ...query, pageSize: 5 });
    for (;;) {
      ids.push(...page.list.map((r) => r.id));
      if (!page.nextCursor) return ids;
      if (between) await between();
      page = await list({ ...query, pageSize: 5, cursor: page.nextCursor });
    }
  };

  beforeAll(async () => {
    t = await bootTestApp(); // its tests set the app's LoanListRepository limits
    [apost, admin] = await Promise.all([tokenOf(t, 'apost'), tokenOf(t, 'admin')]);
    for (let i = 0; i < 24; i++) created.push(await newLoan(i));
  });
  afterAll(() => t.close());

  it.each([
    ['createdAt', 'desc'],
    ['createdAt', 'asc'],
    ['amount', 'asc'],
    ['amount', 'desc'],
    ['companyName', 'asc'],
    ['updatedAt', 'desc'],
    ['disbursedOn', 'asc'],
  ])('pages by cursor sorted by %s %s: the same rows in the same order as one big page, none twice', async (sort, order) => {
    const query = { companyName: prefix, sort, order };
    const whole = (await list({ ...query, pageSize: 200 })).list.map((r) => r.id);
    expect(whole).toHaveLength(24);
    const paged = await walk(query);
    expect(paged).toEqual(whole);
    expect(new Set(paged).size).toBe(24);
    if (sort === 'amount') {
      const rows = (await list({ ...query, pageSize: 200 })).list;
      // ties (8 loans per amount) in id order, in the direction of the sort
      for (let i = 1; i < rows.length; i++) {
        if (rows[i].amount === rows[i - 1].amount) expect(order === 'asc' ? rows[i - 1].id < rows[i].id : rows[i - 1].id > rows[i].id).toBe(true);
      }
    }
  });

  it('keeps the old page/size paging, and a cursor page equals the numbered page it follows', async () => {
    const query = { companyName: prefix, sort: 'amount', order: 'asc', pageSize: 5 };
    const first = await list({ ...query, pageNum: 1 });
    const second = await list({ ...query, pageNum: 2 });
    const byCursor = await list({ ...query, cursor: first.nextCursor });
    expect(byCursor.list.map((r) => r.id)).toEqual(second.list.map((r) => r.id));
    expect(first.total).toBe(24);
    expect(first.totalEstimated).toBe(false);
    expect((await list({ ...query, pageNum: 5 })).nextCursor).toBeNull();
  });

  it('neither skips nor repeats a loan while others are created between the pages', async () => {
    const before = new Set((await list({ companyName: prefix, pageSize: 200 })).list.map((r) => r.id));
    let n = 100;
    const during: string[] = [];
    // Newest first: loans created meanwhile sort before the cursor and must not push old ones twice onto a page.
    const paged = await walk({ companyName: prefix }, async () => {
      during.push(await newLoan(n++));
    });
    expect(new Set(paged).size).toBe(paged.length);
    for (const id of before) expect(paged).toContain(id);
    expect(paged.filter((id) => !before.has(id) && !during.includes(id))).toEqual([]);
    // Oldest first, the new ones come at the end and are reached too.
    const ascending = await walk({ companyName: prefix, order: 'asc', sort: 'createdAt' }, async () => {
      during.push(await newLoan(n++));
    });
    expect(new Set(ascending).size).toBe(ascending.length);
    for (const id of before) expect(ascending).toContain(id);
    expect(ascending.slice(-1)[0]).toBe(during[during.length - 1]);
  });

  it('refuses a forged or mismatched cursor with a 400 in both languages, never a 500', async () => {
    const first = await list({ companyName: prefix, sort: 'amount', pageSize: 5 });
    const bad = async (query: Record<string, unknown>, lang = 'en') => {
      const res = await t.http.get('/server/loans').set('X-Platform-Token', admin).set('Accept-Language', lang).query(query);
      expect(res.status).toBe(400);
      return res.body;
    };
    const mismatch = await bad({ sort: 'createdAt', cursor: first.nextCursor });
    expect(mismatch.code).toBe('A12101');
    expect(mismatch.message).toContain('cursor');
    expect((await bad({ sort: 'amount', order: 'desc', cursor: first.nextCursor }, 'zh-CN')).message).toContain('翻页位置');
    const forge = (value: unknown[]) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const id = randomUUID();
    expect((await bad({ cursor: forge(['createdAt', 1, '2026-13-45 99:00:00+00', id]) })).code).toBe('A12101');
    expect((await bad({ sort: 'amount', cursor: forge(['amount', 0, '1e99', id]) })).code).toBe('A12101');
    expect((await bad({ sort: 'amount', cursor: forge(['amount', 0, '5', 'not-a-uuid']) })).code).toBe('A12101');
    expect((await bad({ cursor: 'bm90IGpzb24' })).code).toBe('A12101');
    expect((await bad({ cursor: 'a/b' })).code).toBe('400');
  });

  it('finds a company by any part of its name through the trigram index', async () => {
    const middle = prefix.slice(1); // not a prefix of the name: a b-tree could not serve it
    const found = await list({ companyName: middle, pageSize: 200 });
    expect(found.list.length).toBeGreaterThanOrEqual(24);
    expect(found.list.every((r) => r.companyName.includes(middle))).toBe(true);
    // With sequential scans priced out, the planner reaches the substring match through the GIN index.
    const plan = await t.db.transaction(async (em) => {
      await em.query(`SET LOCAL enable_seqscan = off`);
      const rows: { 'QUERY PLAN': string }[] = await em.query(`EXPLAIN SELECT id FROM company WHERE name ILIKE $1`, [`%${middle}%`]);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('company_name_trgm_idx');
  });

  it('keeps the list columns equal to the snapshot after every event of random histories', async () => {
    const repo = t.app.get(WorkflowRepository);
    const users: { id: string; username: string }[] = await t.db.query(`SELECT id, username FROM app_user`);
    const idOf = Object.fromEntries(users.map((u) => [u.username, u.id]));
    const actors: engine.PipelineActors = {
      aPost: idOf.apost,
      bPost: idOf.bpost,
      clerk: idOf.admin,
      approver: idOf.prereview,
      leader: idOf.leader,
      finance: idOf.finance,
      voters: [idOf.zb1, idOf.zb2, idOf.zb3],
    };
    const stops = ['collection', 'preReview', 'generalOffice', 'riskControl', 'insuranceReview', 'withdrawal', 'duringGuarantee'] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2_000_000_000 }),
        fc.integer({ min: 0, max: 200 }),
        fc.option(fc.constantFrom(...stops), { nil: null }),
        async (amountFen, cutAt, discontinueAt) => {
          const company = await createCompany(t, apost, `列性质${randomUUID().slice(0, 8)}有限公司`);
          const amount = engine.fromFen(amountFen);
          const res = await t.http
            .post('/server/loans')
            .set('X-Platform-Token', apost)
            .send({ companyId: company.id, amount, termMonths: 12, bPostOfficerId: idOf.bpost });
          expect(res.status).toBe(201);
          const loanId: string = res.body.data.id;
          const input = { loanId, amount, termMonths: 12, aPostOfficerId: idOf.apost, bPostOfficerId: idOf.bpost };
          const events = discontinueAt
            ? engine.discontinuedPathEvents(input, discontinueAt, actors)
            : engine.happyPathEvents(input, actors, { visitRounds: 1, installments: 2 }).slice(0, cutAt);
          let row = (await repo.instance(loanId))!;
          for (const event of [...events]) {
            const outcome = await commitEvent(t.db.manager, repo, row, event);
            if (!outcome.ok) throw new Error(`${event.type}: ${JSON.stringify(outcome)}`);
            row = (await repo.instance(loanId))!;
            const [stored] = await t.db.query(
              `SELECT stage, status, active_paths, amount_fen::bigint AS amount_fen, b_post_officer_id, disbursed_on::text AS disbursed_on,
                      disbursed_amount_fen::bigint AS disbursed_amount_fen, snapshot FROM workflow_instance WHERE loan_id = $1`,
              [loanId],
            );
            const snapshot = stored.snapshot;
            const context = snapshot.context;
            expect(stored.stage).toBe(engine.stageOf(snapshot));
            expect([...stored.active_paths].sort()).toEqual(engine.activePaths(snapshot.value).sort());
            expect(Number(stored.amount_fen)).toBe(Math.round(context.amount * 100));
            expect(stored.b_post_officer_id).toBe(context.bPostOfficerId ?? null);
            expect(stored.disbursed_on).toBe(context.disbursedOn ?? null);
            expect(stored.disbursed_amount_fen === null ? null : Number(stored.disbursed_amount_fen)).toBe(context.disbursedAmountFen ?? null);
          }
        },
      ),
      { numRuns: 8 },
    );
  });

  it('estimates the total past the count limit and says so; counts exactly when the filter is selective', async () => {
    // The limit lowered on this suite's own app (10,000 loans written here would show in every suite sharing the database).
    const query = t.app.get(LoanListRepository);
    query.countLimit = 20;
    const owner = await ownerDb();
    try {
      await owner.query(`ANALYZE loan; ANALYZE workflow_instance; ANALYZE company`);
      const all = await list({ pageSize: 10 });
      expect(all.totalCapped).toBe(true);
      expect(all.totalEstimated).toBe(true);
      // The planner's figure, near the real one (statistics from ANALYZE just now).
      const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM loan WHERE deleted_at IS NULL`);
      expect(n).toBeGreaterThan(24);
      expect(all.total).toBeGreaterThan(20);
      expect(all.total).toBeGreaterThan(n * 0.5);
      expect(all.total).toBeLessThan(n * 2);
      // 24 loans of this suite's companies and more made meanwhile: past the limit, so estimated too.
      expect((await list({ companyName: prefix, pageSize: 10 })).totalEstimated).toBe(true);
      // One company (an equality on an indexed column: the planner's estimate is small whatever else the
      // shared database holds; a name pattern's estimate grew past the limit once other suites wrote 12k loans).
      const [{ id: companyId }] = await t.db.query(`SELECT id FROM company WHERE name = $1`, [`${prefix}00有限公司`]);
      const [{ n: ofCompany }] = await t.db.query(`SELECT count(*)::int AS n FROM loan WHERE company_id = $1 AND deleted_at IS NULL`, [companyId]);
      const few = await list({ companyId, pageSize: 10 });
      expect(ofCompany).toBeGreaterThan(0);
      expect(few).toMatchObject({ total: ofCompany, totalCapped: false, totalEstimated: false });
      const worklist = await t.http.get('/server/worklists/reviewMeetingList').set('X-Platform-Token', admin).query({ pageSize: 5 });
      expect(worklist.status).toBe(200);
      expect(worklist.body.data.totalEstimated).toBe(worklist.body.data.totalCapped);
    } finally {
      query.countLimit = COUNT_LIMIT;
      await owner.destroy();
    }
  });
});
