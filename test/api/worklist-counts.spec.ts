import { WORKLIST_NAMES } from '@app/workflow';
import { DASHBOARD_EXACT_LIMIT, LoanListRepository } from '../../server/src/loans/loan-list.repository';
import { bootTestApp, TestApp, tokenOf } from './support/app';
import { sendEvent } from './support/loans';
import { loanInPreReview, Tokens, userWith } from './support/lists';

jest.setTimeout(120_000);

/** This suite's exact limit: the production one (DASHBOARD_EXACT_LIMIT) times 1,000, above any test database. */
const EXACT_HERE = DASHBOARD_EXACT_LIMIT * 1_000;

interface Counted {
  name: string;
  group: string;
  label: { zh: string; en: string };
  total: number;
  totalCapped: boolean;
  totalEstimated: boolean;
  todo: number | null;
  todoCapped: boolean;
  todoEstimated: boolean;
}

describe('GET /server/worklists/counts: the dashboard counts', () => {
  let t: TestApp;
  let tk: Tokens;

  beforeAll(async () => {
    t = await bootTestApp(); // a test sets the app's LoanListRepository limit
    // The suites share one database, and the operations console's batch test alone adds 1,000 loans:
    // this suite's exact counts must not depend on which suites ran before it.
    t.app.get(LoanListRepository).dashboardExactLimit = EXACT_HERE;
    const [apost, admin, prereview, bpost] = await Promise.all(['apost', 'admin', 'prereview', 'bpost'].map((u) => tokenOf(t, u)));
    tk = { apost, admin, prereview, bpost };
  });
  afterAll(() => t.close());

  const counts = async (token: string): Promise<Counted[]> =>
    (await t.http.get('/server/worklists/counts').set('X-Platform-Token', token).expect(200)).body.data;
  const listTotal = async (name: string, token: string): Promise<number> =>
    (await t.http.get(`/server/worklists/${name}`).set('X-Platform-Token', token).query({ pageSize: 1 }).expect(200)).body.data.total;

  it('counts every list the caller may open, each as its own list page counts it', async () => {
    const all = await counts(tk.admin);
    expect(all.map((c) => c.name)).toEqual(WORKLIST_NAMES);
    for (const c of all) expect([c.name, c.total, c.totalCapped, c.totalEstimated]).toEqual([c.name, await listTotal(c.name, tk.admin), false, false]);
    // The demo data stands in every stage: the stage lists are not all empty.
    expect(all.find((c) => c.name === 'riskControlList')!.total).toBeGreaterThan(0);
    expect(all.find((c) => c.name === 'contractList')).toMatchObject({ group: 'protectMiddle', label: { zh: '合同生成', en: 'Contract generation' } });
    await t.http.get('/server/worklists/counts').expect(401);
  });

  it('counts only the lists the caller may open; a to-do only where the caller holds one of the list actions', async () => {
    // The list key alone: the list is counted, but nothing on it is the caller's to do.
    const viewer = await userWith(t, ['meeting', 'review_meeting_vote_list']);
    const seen = await counts(viewer.token);
    expect(seen.map((c) => c.name)).toEqual(['reviewMeetingVoteList']);
    expect(seen[0].todo).toBeNull();
    // Discontinuing is no to-do.
    const stopper = await userWith(t, ['meeting', 'review_meeting_list', 'sys:review:discontinue']);
    expect((await counts(stopper.token))[0]).toMatchObject({ name: 'reviewMeetingList', todo: null });
    // No group key: nothing at all.
    expect(await counts((await userWith(t, ['review_meeting_vote_list', 'sys:review-vote:approve'])).token)).toEqual([]);

    const approver = await userWith(t, ['meeting', 'review_meeting_vote_list', 'sys:review-vote:approve']);
    const before = (await counts(approver.token))[0];
    expect(before.todo).toBe(before.total);
    await loanInPreReview(t, tk);
    const after = (await counts(approver.token))[0];
    expect([after.total, after.todo]).toEqual([before.total + 1, before.todo! + 1]);
  });

  it("counts as to-dos only the loans standing where the caller's action is accepted, not the whole list", async () => {
    // The pre-review list holds every loan in pre-review; submitting to the general office waits only on approved ones.
    const submitter = await userWith(t, ['meeting', 'review_meeting_list', 'sys:review:submit-general-office']);
    const loan = await loanInPreReview(t, tk);
    const [before] = await counts(submitter.token);
    // Awaiting approval: in the list, but not the submitter's to-do yet.
    await sendEvent(t, tk.prereview, loan.id, 'PRE_REVIEW_APPROVE', loan.version).expect(200);
    const [after] = await counts(submitter.token);
    expect(after.total).toBe(before.total);
    expect(after.todo).toBe(before.todo! + 1);
    expect(after.todo!).toBeLessThanOrEqual(after.total);
  });

  it("gives a list past the exact limit as the planner's estimate, said so, in the same one answer", async () => {
    // The limit lowered on this suite's own app, to 0: every list is past it.
    const query = t.app.get(LoanListRepository);
    const exact = await counts(tk.admin);
    query.dashboardExactLimit = 0;
    try {
      const estimated = await counts(tk.admin);
      expect(estimated.map((c) => c.name)).toEqual(exact.map((c) => c.name));
      for (const c of estimated) {
        expect([c.name, c.totalEstimated, c.totalCapped]).toEqual([c.name, true, false]);
        // The planner never says zero rows; its figure is a whole number.
        expect(Number.isInteger(c.total) && c.total >= 1).toBe(true);
        if (c.todo !== null) expect(c.todoEstimated).toBe(true);
      }
    } finally {
      query.dashboardExactLimit = EXACT_HERE;
    }
    // Back at this suite's limit: exact again.
    expect((await counts(tk.admin)).every((c) => !c.totalEstimated && !c.todoEstimated)).toBe(true);
  });
});
