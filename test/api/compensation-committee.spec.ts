import ExcelJS from 'exceljs';
import { randomInt, randomUUID } from 'node:crypto';
import { COMMITTEE_REFUSAL_REASON } from '@app/workflow';
import type { DemoPeople } from '../../server/src/demo/demo-loans';
import { startTestApp, AppHandle, tokenOf } from './support/app';
import { demoPeople } from './support/lists';
import { demoLoanAfterGuarantee, sendEventAsIs } from './support/loans';

/**
 * A compensation (代偿) decided by the review committee, on the real stack: a loan's compensation above
 * the leader's threshold is allocated to a review-committee (BS) meeting created through the API,
 * the meeting starts, its attendees vote on it through the loan's events, the meeting ends, and the
 * tally approves it (via COMMITTEE, with the meeting) or returns the loan to after guarantee with the
 * committee's refusal; a pending vote is settled by the resolution. The case row follows each step.
 */
describe('compensation decided by the review committee', () => {
  let t: AppHandle;
  let people: DemoPeople;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const as = (user: string) => ({ 'X-Platform-Token': tokens[user] });

  beforeAll(async () => {
    t = await startTestApp();
    for (const user of ['admin', 'apost', 'leader', 'bs1', 'bs2', 'bs3']) {
      tokens[user] = await tokenOf(t, user);
      ids[user] = (await t.db.query(`SELECT id FROM app_user WHERE username = $1`, [user]))[0].id;
    }
    people = await demoPeople(t);
    // the leader decides below 1,000,000.00 yuan: the compensations here (3,000,000.00) are the committee's
    await t.http.put('/server/bad-loans/settings').set(as('admin')).send({ leaderLimitFen: 100_000_000 }).expect(200);
  }, 60_000);
  afterAll(() => t.close());

  const TOTAL_FEN = 300_000_000;

  /** A loan after guarantee (disbursed 90 days ago) with a compensation of 3,000,000 yuan applied for by its A-post officer. */
  async function loanInCompensation(): Promise<{ id: string; company: string }> {
    const { id, company } = await demoLoanAfterGuarantee(t, people, '保审会代偿');
    await ok('apost', id, 'COMPENSATION_APPLY', { principalFen: TOTAL_FEN, interestFen: 0, penaltyFen: 0, reason: '借款人逾期，银行要求代偿' });
    return { id, company };
  }

  const workflow = async (loanId: string) => (await t.http.get(`/server/loans/${loanId}/workflow`).set(as('admin')).expect(200)).body.data;
  const send = async (user: string, loanId: string, type: string, payload: Record<string, unknown> = {}) =>
    sendEventAsIs(t, tokens[user], loanId, type, (await workflow(loanId)).version, payload).set('Accept-Language', 'en');
  async function ok(user: string, loanId: string, type: string, payload: Record<string, unknown> = {}) {
    const res = await send(user, loanId, type, payload);
    if (res.status !== 200) throw new Error(`${type}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const caseRow = async (loanId: string) => (await t.db.query(`SELECT * FROM compensation_case WHERE loan_id = $1`, [loanId]))[0] ?? null;
  const snapshotOf = async (loanId: string) => (await t.db.query(`SELECT snapshot FROM workflow_instance WHERE loan_id = $1`, [loanId]))[0].snapshot;

  async function createMeeting(): Promise<string> {
    const res = await t.http
      .post('/server/meetings/bs')
      .set(as('leader'))
      .send({
        title: `保审会（代偿）第${randomInt(1000)}次`,
        heldAt: new Date(Date.now() + 3600_000).toISOString(),
        place: '三楼会议室',
        attendeeIds: ['bs1', 'bs2', 'bs3'].map((u) => ids[u]),
      });
    if (res.status !== 201) throw new Error(`meeting: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.id;
  }
  const step = (meetingId: string, what: 'start' | 'end', user = 'leader') => t.http.post(`/server/meetings/bs/${meetingId}/${what}`).set(as(user));
  const detail = async (meetingId: string) => (await t.http.get(`/server/meetings/bs/${meetingId}`).set(as('leader')).expect(200)).body.data;
  const vote = (user: string, loanId: string, meetingId: string, opinion: string) =>
    send(user, loanId, 'INSURANCE_REVIEW_CAST_VOTE', { meetingId, opinion, comment: `${user} 对代偿的意见` });

  /** A meeting with the loan on it, started. */
  async function onRunningMeeting(loanId: string, company: string): Promise<string> {
    const meetingId = await createMeeting();
    const candidates = (await t.http.get(`/server/meetings/bs/${meetingId}/candidates`).query({ company }).set(as('leader')).expect(200)).body.data;
    expect(candidates.list).toEqual([expect.objectContaining({ loanId, compensationTotalFen: TOTAL_FEN })]);
    await t.http
      .post(`/server/meetings/bs/${meetingId}/allocations`)
      .set(as('leader'))
      .send({ loanIds: [loanId] })
      .expect(200);
    expect((await workflow(loanId)).state).toEqual({ compensation: { awaitingDecision: 'allocated' } });
    expect(await caseRow(loanId)).toMatchObject({ stage: 'compensation', state: 'awaitingDecision' });
    await step(meetingId, 'start').expect(200);
    return meetingId;
  }

  it('approves the compensation on a passing vote: via COMMITTEE with the meeting, shown as a compensation item', async () => {
    const { id: loanId, company } = await loanInCompensation();
    // the leader may not decide it (above the threshold), nor name a meeting directly any more
    expect((await send('leader', loanId, 'COMPENSATION_APPROVE', { via: 'LEADER' })).body.code).toBe('A12401');
    expect((await send('leader', loanId, 'COMPENSATION_APPROVE', { via: 'COMMITTEE', meetingId: randomUUID() })).status).toBe(400);

    const meetingId = await onRunningMeeting(loanId, company);
    expect((await workflow(loanId)).state).toEqual({ compensation: { awaitingDecision: 'voting' } });
    // the applicant is no attendee; the attendees vote once each
    expect((await vote('apost', loanId, meetingId, 'AGREE')).status).toBe(403);
    for (const user of ['bs1', 'bs2', 'bs3']) expect((await vote(user, loanId, meetingId, 'AGREE')).status).toBe(200);
    expect((await vote('bs1', loanId, meetingId, 'DISAGREE')).status).toBe(409);
    await step(meetingId, 'end').expect(200);

    expect((await workflow(loanId)).state).toEqual({ compensation: 'approved' });
    const approval = (await snapshotOf(loanId)).context.compensation.approval;
    expect(approval).toMatchObject({ via: 'COMMITTEE', meetingId, actorId: ids.leader });
    expect(await caseRow(loanId)).toMatchObject({ stage: 'compensation', state: 'approved', approved_via: 'COMMITTEE' });
    const decision = (await t.http.get(`/server/loans/${loanId}/bad-loan`).set(as('leader')).expect(200)).body.data.decision;
    expect(decision).toMatchObject({ via: 'COMMITTEE', meetingId });
    // finance pays next, as after the leader's approval
    const finance = await tokenOf(t, 'finance');
    const actions = (await t.http.get(`/server/loans/${loanId}/workflow`).set('X-Platform-Token', finance).expect(200)).body.data.legalActions;
    expect(actions.map((a: { type: string }) => a.type)).toContain('COMPENSATION_PAY');

    // the meeting page shows it as a compensation, with its total and the result
    const [row] = (await detail(meetingId)).loans;
    expect(row).toMatchObject({ loanId, compensationTotalFen: TOTAL_FEN, outcome: { result: 'PASSED', decidedBy: 'TALLY' }, voteCount: 3 });
    const votes = (await t.http.get(`/server/meetings/bs/${meetingId}/votes`).set(as('leader')).expect(200)).body.data;
    expect(votes.loans[0]).toMatchObject({ loanId, compensationTotalFen: TOTAL_FEN });
    // the minutes name it too
    const minutes = await t.http
      .get(`/server/meetings/bs/${meetingId}/minutes/export?format=xlsx`)
      .set(as('leader'))
      .buffer(true)
      .parse((response, callback) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => callback(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(minutes.body);
    const agendaCells = book.worksheets[1].getSheetValues().flat().map(String);
    expect(agendaCells).toContain(`${company}（代偿 3,000,000.00 元）`);

    // the history and the timeline hold the meeting's steps in the compensation stage
    const history = (await t.http.get(`/server/loans/${loanId}/history`).set(as('admin')).expect(200)).body.data;
    const inCompensation = history.filter((e: { from: unknown }) => JSON.stringify(e.from).startsWith('{"compensation"')).map((e: { type: string }) => e.type);
    expect(inCompensation).toEqual([
      'INSURANCE_REVIEW_ALLOCATE',
      'INSURANCE_REVIEW_MEETING_STARTED',
      'INSURANCE_REVIEW_CAST_VOTE',
      'INSURANCE_REVIEW_CAST_VOTE',
      'INSURANCE_REVIEW_CAST_VOTE',
      'INSURANCE_REVIEW_MEETING_ENDED',
    ]);
    const verified = (await t.http.get(`/server/loans/${loanId}/history/verify`).set(as('admin')).expect(200)).body.data;
    expect(verified).toMatchObject({ ok: true });
  }, 120_000);

  it('returns the loan to after guarantee with the committee refusal on a failing vote, and no case left', async () => {
    const { id: loanId, company } = await loanInCompensation();
    const meetingId = await onRunningMeeting(loanId, company);
    await vote('bs1', loanId, meetingId, 'DISAGREE');
    await vote('bs2', loanId, meetingId, 'DISAGREE');
    await vote('bs3', loanId, meetingId, 'AGREE');
    await step(meetingId, 'end').expect(200);

    const wf = await workflow(loanId);
    expect(wf.stage).toBe('afterGuarantee');
    const context = (await snapshotOf(loanId)).context;
    expect(context.compensation).toBeNull();
    expect(context.lastReturn).toMatchObject({ event: 'INSURANCE_REVIEW_MEETING_ENDED', reason: COMMITTEE_REFUSAL_REASON, meetingId });
    expect(await caseRow(loanId)).toBeNull();
    // the meeting still shows what it refused
    const [row] = (await detail(meetingId)).loans;
    expect(row).toMatchObject({ loanId, compensationTotalFen: TOTAL_FEN, onMeeting: false, outcome: { result: 'FAIL' } });
    // the timeline: the compensation node left by the meeting's end
    const nodes = (await t.http.get(`/server/loans/${loanId}/timeline`).set(as('admin')).expect(200)).body.data.nodes;
    expect(nodes.at(-2)).toMatchObject({ stage: 'compensation', leftWith: 'INSURANCE_REVIEW_MEETING_ENDED' });
    expect(nodes.at(-1)).toMatchObject({ stage: 'afterGuarantee' });
  }, 120_000);

  it('settles a pending vote by the resolution, whose refusal returns the loan and removes the case', async () => {
    const { id: loanId, company } = await loanInCompensation();
    const meetingId = await onRunningMeeting(loanId, company);
    await vote('bs1', loanId, meetingId, 'AGREE');
    await step(meetingId, 'end').expect(200);
    expect((await workflow(loanId)).state).toEqual({ compensation: { awaitingDecision: 'pendingResolution' } });
    expect(await caseRow(loanId)).toMatchObject({ state: 'awaitingDecision' });
    const [row] = (await detail(meetingId)).loans;
    expect(row.legalActions.map((a: { type: string }) => a.type)).toEqual(['INSURANCE_REVIEW_UPDATE_RESOLUTION']);

    await ok('leader', loanId, 'INSURANCE_REVIEW_UPDATE_RESOLUTION', { meetingId, result: 'FAIL' });
    expect((await workflow(loanId)).stage).toBe('afterGuarantee');
    expect((await snapshotOf(loanId)).context.lastReturn).toMatchObject({ event: 'INSURANCE_REVIEW_UPDATE_RESOLUTION', meetingId });
    expect(await caseRow(loanId)).toBeNull();
  }, 120_000);

  it('offers only compensations awaiting their decision, and allocates nothing else', async () => {
    const { id: loanId, company } = await loanInCompensation();
    await ok('leader', loanId, 'COMPENSATION_REFUSE', { reason: '先行催收' });
    const meetingId = await createMeeting();
    const candidates = (await t.http.get(`/server/meetings/bs/${meetingId}/candidates`).query({ company }).set(as('leader')).expect(200)).body.data;
    expect(candidates.total).toBe(0);
    await t.http
      .post(`/server/meetings/bs/${meetingId}/allocations`)
      .set(as('leader'))
      .send({ loanIds: [loanId] })
      .expect(409);
    expect((await detail(meetingId)).loans).toEqual([]);
  }, 120_000);
});
