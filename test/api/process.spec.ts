import { createUser, startTestApp, TestApp, tokenOf } from './support/app';
import { sendEvent } from './support/loans';
import { loanInPreReview, loanInStage, readExport, Tokens, userWith } from './support/lists';

interface Row {
  id: string;
  companyName: string;
  amount: number;
  bPostOfficer: { id: string } | null;
  workflow: { stage: string; version: number; statusLabels: { status: { key: string } }; legalActions: { type: string }[] };
}

jest.setTimeout(60_000);

const LISTS = ['reviewMeetingList', 'reviewMeetingVoteList', 'zbMeetingProcessList', 'riskControlList', 'bsMeetingProcessList', 'initiateWithdrawalList'];

describe('process: the stage lists of the meeting flow', () => {
  let t: TestApp;
  let tk: Tokens & { leader: string; finance: string };

  beforeAll(async () => {
    t = await startTestApp();
    const [apost, admin, prereview, bpost, leader, finance] = await Promise.all(
      ['apost', 'admin', 'prereview', 'bpost', 'leader', 'finance'].map((u) => tokenOf(t, u)),
    );
    tk = { apost, admin, prereview, bpost, leader, finance };
  });
  afterAll(() => t.close());

  const get = (list: string, token: string, query: Record<string, unknown> = {}) =>
    t.http.get(`/server/process/${list}`).set('X-Platform-Token', token).query(query);
  const rows = async (list: string, token: string, query: Record<string, unknown> = {}): Promise<Row[]> =>
    (await get(list, token, { pageSize: 200, ...query }).expect(200)).body.data.list;
  const actions = (row: Row | undefined) => row?.workflow.legalActions.map((a) => a.type);

  it('answers 404 for a name that is no list, 403 without `meeting` or without the list key', async () => {
    const unknown = await get('zbMeetingVoteList', tk.admin).set('Accept-Language', 'en').expect(404);
    expect(unknown.body.code).toBe('A05004');
    await get('nope', tk.admin).expect(404);
    await get('reviewMeetingList', tk.finance).expect(403); // no `meeting`
    await get('riskControlList', tk.prereview).expect(403); // `meeting`, not the list's key
    await get('riskControlList', tk.prereview).expect(403);
    await t.http.get('/server/process/riskControlList/export').set('X-Platform-Token', tk.prereview).expect(403);
    const meetingOnly = await userWith(t, ['meeting']);
    for (const list of LISTS) await get(list, meetingOnly.token).expect(403);
    for (const list of LISTS) await get(list, tk.admin).expect(200);
  });

  it('shows in each list only the loans standing where the list looks', async () => {
    const expected: Record<string, (row: Row) => boolean> = {
      reviewMeetingList: (r) => r.workflow.stage === 'preReview',
      reviewMeetingVoteList: (r) => r.workflow.stage === 'preReview' && r.workflow.statusLabels.status.key === 'WAIT_EXAMINE',
      zbMeetingProcessList: (r) =>
        r.workflow.stage === 'generalOffice' || (r.workflow.stage === 'riskControl' && r.workflow.statusLabels.status.key === 'COMPLETED'),
      riskControlList: (r) => r.workflow.stage === 'riskControl',
      bsMeetingProcessList: (r) => r.workflow.stage === 'insuranceReview',
      initiateWithdrawalList: (r) => r.workflow.stage === 'withdrawal',
    };
    for (const list of LISTS) {
      const found = await rows(list, tk.admin);
      // The demo data has a loan standing in each of these stages.
      if (list !== 'reviewMeetingVoteList') expect(found.length).toBeGreaterThan(0);
      for (const row of found) expect([list, expected[list](row)]).toEqual([list, true]);
    }
  });

  it('pre-review approval: the approver approves from the list; the loan moves to the pre-review list for the A-post', async () => {
    const loan = await loanInPreReview(t, tk);
    const mine = (list: string, token: string) => rows(list, token, { companyId: loan.companyId });
    const [waiting] = await mine('reviewMeetingVoteList', tk.prereview);
    expect(actions(waiting)).toEqual(['PRE_REVIEW_APPROVE', 'PRE_REVIEW_REJECT', 'PRE_REVIEW_RETURN']);
    // The A-post sees it in the pre-review list, with what that list offers them now.
    const [forApost] = await mine('reviewMeetingList', tk.apost);
    expect(actions(forApost)).toEqual(['PRE_REVIEW_MODIFY_AMOUNT', 'PRE_REVIEW_DISCONTINUE']);

    // The A-post may not approve (403), nothing written.
    await sendEvent(t, tk.apost, loan.id, 'PRE_REVIEW_APPROVE', waiting.workflow.version).expect(403);
    await sendEvent(t, tk.prereview, loan.id, 'PRE_REVIEW_APPROVE', waiting.workflow.version).expect(200);
    expect(await mine('reviewMeetingVoteList', tk.prereview)).toEqual([]);
    // Approving again is refused by the machine (409) and lists the legal actions.
    const again = await sendEvent(t, tk.prereview, loan.id, 'PRE_REVIEW_APPROVE', waiting.workflow.version + 1).expect(409);
    expect(again.body.code).toBe('A03001');

    const [approved] = await mine('reviewMeetingList', tk.apost);
    expect(approved.workflow.statusLabels.status.key).toBe('EXAMINE_PASS');
    expect(actions(approved)).toEqual(['PRE_REVIEW_DISCONTINUE', 'SUBMIT_TO_GENERAL_OFFICE']);
    await sendEvent(t, tk.apost, loan.id, 'SUBMIT_TO_GENERAL_OFFICE', approved.workflow.version).expect(200);
    const [inZb] = await mine('zbMeetingProcessList', tk.apost);
    expect(inZb.workflow.stage).toBe('generalOffice');
    expect(actions(inZb)).toEqual(['GENERAL_OFFICE_MODIFY_AMOUNT', 'GENERAL_OFFICE_DISCONTINUE']);
  });

  it("modify amount: the machine's amount is what the list shows and filters on; a bad amount is 400 with nothing written", async () => {
    const loan = await loanInPreReview(t, tk);
    const bad = await sendEvent(t, tk.apost, loan.id, 'PRE_REVIEW_MODIFY_AMOUNT', loan.version, { amount: -1 }).expect(400);
    expect(bad.body.code).toBe('A03005');
    await sendEvent(t, tk.apost, loan.id, 'PRE_REVIEW_MODIFY_AMOUNT', loan.version, { amount: 3_456_789.12 }).expect(200);
    const [row] = await rows('reviewMeetingList', tk.apost, { companyId: loan.companyId, amountMin: 3_456_789.12, amountMax: 3_456_789.12 });
    expect(row.amount).toBe(3_456_789.12);
    expect(await rows('reviewMeetingList', tk.apost, { companyId: loan.companyId, amountMax: 3_000_000 })).toEqual([]);
  });

  it('risk control: the B-post confirms, revokes, transfers to another B-post officer; filters by the officer', async () => {
    const loan = await loanInStage(t, 'riskControl');
    const [row] = await rows('riskControlList', tk.bpost, { companyId: loan.companyId });
    expect(actions(row)).toEqual(['CONFIRM_COMPLETE', 'TRANSFER_DATA', 'RISK_CONTROL_DISCONTINUE']);
    // A-post holds none of the list's actions and not the list either.
    await get('riskControlList', tk.apost).expect(403);

    await sendEvent(t, tk.bpost, loan.id, 'CONFIRM_COMPLETE', loan.version).expect(200);
    const [done] = await rows('riskControlList', tk.bpost, { companyId: loan.companyId });
    expect(actions(done)).toEqual(['REVOKE_CONFIRMATION', 'RISK_CONTROL_DISCONTINUE']);
    // A completed risk control shows on the general-office list, where it is submitted to the review committee.
    const [onZb] = await rows('zbMeetingProcessList', tk.apost, { companyId: loan.companyId });
    expect(actions(onZb)).toEqual(['SUBMIT_TO_INSURANCE_REVIEW']);
    await sendEvent(t, tk.bpost, loan.id, 'REVOKE_CONFIRMATION', loan.version + 1).expect(200);

    const other = await createUser(t, ['ROLE_USER', 'B_POST']);
    await sendEvent(t, tk.bpost, loan.id, 'TRANSFER_DATA', loan.version + 2, { toOfficerId: other.id }).expect(200);
    const [moved] = await rows('riskControlList', tk.bpost, { companyId: loan.companyId, bPostOfficerId: other.id });
    expect(moved.bPostOfficer?.id).toBe(other.id);
    // The former officer no longer confirms: the machine answers for the new one only.
    expect(actions(moved)).toEqual(['TRANSFER_DATA', 'RISK_CONTROL_DISCONTINUE']);
    const otherToken = await tokenOf(t, other.username, other.password);
    const [forNew] = await rows('riskControlList', otherToken, { companyId: loan.companyId });
    expect(actions(forNew)).toEqual(['CONFIRM_COMPLETE', 'TRANSFER_DATA', 'RISK_CONTROL_DISCONTINUE']);
  });

  it('review committee and withdrawal lists offer their own actions to the right users', async () => {
    const loan = await loanInStage(t, 'withdrawal');
    const [recheck] = await rows('initiateWithdrawalList', tk.bpost, { companyId: loan.companyId });
    expect(actions(recheck)).toEqual(['RECHECK_PASS', 'RECHECK_RETURN']);
    const [forLeader] = await rows('initiateWithdrawalList', tk.leader, { companyId: loan.companyId });
    expect(actions(forLeader)).toEqual([]);
    await sendEvent(t, tk.bpost, loan.id, 'RECHECK_PASS', loan.version).expect(200);
    const [leaderTurn] = await rows('initiateWithdrawalList', tk.leader, { companyId: loan.companyId });
    expect(actions(leaderTurn)).toEqual(['LEADER_APPROVE', 'LEADER_RETURN']);

    const review = await loanInStage(t, 'insuranceReview');
    const [inBs] = await rows('bsMeetingProcessList', tk.apost, { companyId: review.companyId });
    expect(inBs.workflow.stage).toBe('insuranceReview');
    expect(actions(inBs)).toEqual(['INSURANCE_REVIEW_DISCONTINUE']);
    await sendEvent(t, tk.apost, review.id, 'INITIATE_WITHDRAWAL', review.version).expect(409);
  });

  it('filters, sorts, pages and exports a list; refuses bad filters', async () => {
    const a = await loanInPreReview(t, tk);
    const b = await loanInPreReview(t, tk);
    await sendEvent(t, tk.apost, b.id, 'PRE_REVIEW_MODIFY_AMOUNT', b.version, { amount: 9_999_999 }).expect(200);
    const both = await rows('reviewMeetingList', tk.apost, { companyName: '上海测试科技', sort: 'amount', order: 'desc', amountMin: 5_000_000 });
    expect(both.map((r) => r.id).slice(0, 1)).toEqual([b.id]);
    expect(both.map((r) => r.id)).toContain(a.id);
    const amounts = both.map((r) => r.amount);
    expect(amounts).toEqual([...amounts].sort((x, y) => y - x));

    const page = await get('reviewMeetingList', tk.apost, { pageSize: 1, pageNum: 2, sort: 'createdAt', order: 'desc' }).expect(200);
    expect(page.body.data).toMatchObject({ pageNum: 2, pageSize: 1 });
    expect(page.body.data.list).toHaveLength(1);
    expect(page.body.data.total).toBeGreaterThanOrEqual(2);

    const sheet = await readExport(t, `/server/process/reviewMeetingList/export?companyId=${b.companyId}`, tk.apost);
    expect(sheet.headers[0]).toBe('企业名称');
    expect(sheet.rows).toHaveLength(1);
    expect(sheet.rows[0][2]).toBe('9999999');
    expect(sheet.rows[0][6]).toBe('预审会');
    const en = await readExport(t, `/server/process/reviewMeetingVoteList/export?companyId=${a.companyId}`, tk.prereview, 'en');
    expect(en.rows.map((r) => r[7])).toEqual(['Awaiting approval']);

    for (const bad of [{ amountMin: -1 }, { sort: 'stage; drop' }, { createdTo: 'yesterday' }, { stage: 'preReview' }]) {
      await get('reviewMeetingList', tk.apost, bad).expect(400);
    }
  });
});
