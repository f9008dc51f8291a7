/**
 * The compensation (代偿) decided by the review committee: the loan in compensation.awaitingDecision
 * goes on a review-committee meeting with the same meeting events as a loan in insuranceReview, and
 * the tally (or the resolution) approves it or returns the loan to its visits.
 */

import {
  badLoanPathEvents,
  COMMITTEE_REFUSAL_REASON,
  legalActions,
  replay,
  statusLabels,
  type GuaranteeEvent,
  type PersistedSnapshot,
  type VoteOpinion,
} from '../src/index';
import { actors, A_POST, applyAll, B_POST, CLERK, ev, FINANCE, LEADER, OUTSIDER, refusalCode, testInput, VOTERS } from './support';

const MEETING = 'bs-compensation-1';
const input = testInput();

/** The bad-loan path up to the compensation applied for (by the A-post officer), awaiting its decision. */
function awaitingDecision(): PersistedSnapshot {
  const events = badLoanPathEvents(input, actors);
  return replay(input, events.slice(0, events.findIndex((e) => e.type === 'COMPENSATION_APPLY') + 1));
}

const allocate = (attendees: readonly string[] = VOTERS): GuaranteeEvent =>
  ev('INSURANCE_REVIEW_ALLOCATE', CLERK, { meetingId: MEETING, attendees: [...attendees] });
const start = () => ev('INSURANCE_REVIEW_MEETING_STARTED', CLERK, { meetingId: MEETING });
const vote = (voter: string, opinion: VoteOpinion) => ev('INSURANCE_REVIEW_CAST_VOTE', voter, { meetingId: MEETING, opinion });
const end = () => ev('INSURANCE_REVIEW_MEETING_ENDED', CLERK, { meetingId: MEETING });

/** Allocated, started, every voter's opinion cast, ended. */
function held(opinions: readonly VoteOpinion[], from = awaitingDecision(), attendees: readonly string[] = VOTERS): PersistedSnapshot {
  return applyAll(from, [allocate(attendees), start(), ...opinions.map((o, i) => vote(attendees[i], o)), end()]);
}

describe('a compensation on a review-committee meeting', () => {
  it('waits for its decision inside compensation.awaitingDecision', () => {
    const s = awaitingDecision();
    expect(s.value).toEqual({ compensation: { awaitingDecision: 'awaitingMeeting' } });
    expect(statusLabels(s).step.en).toMatch(/awaiting decision/);
  });

  it('is allocated, started and voted on with the meeting events of the review committee', () => {
    const allocated = applyAll(awaitingDecision(), [allocate()]);
    expect(allocated.value).toEqual({ compensation: { awaitingDecision: 'allocated' } });
    expect(allocated.context.meeting).toMatchObject({ meetingId: MEETING, meetingType: 'REVIEW_COMMITTEE', attendees: [...VOTERS] });
    const voting = applyAll(allocated, [start(), vote(VOTERS[0], 'AGREE')]);
    expect(voting.value).toEqual({ compensation: { awaitingDecision: 'voting' } });
    expect(voting.context.meeting?.votes[VOTERS[0]]).toMatchObject({ opinion: 'AGREE' });
  });

  it('is approved by a passing tally: via COMMITTEE with the meeting, then finance pays as before', () => {
    const s = held(['AGREE', 'AGREE', 'AGREE']);
    expect(s.value).toEqual({ compensation: 'approved' });
    expect(s.context.compensation?.approval).toEqual({ via: 'COMMITTEE', meetingId: MEETING, actorId: CLERK, at: expect.any(String) });
    expect(s.context.meeting).toBeNull();
    expect(s.context.meetingResults.at(-1)).toMatchObject({ stage: 'compensation', meetingId: MEETING, result: 'PASSED', decidedBy: 'TALLY' });
    const paid = applyAll(s, [ev('COMPENSATION_PAY', FINANCE, { paidOn: '2026-07-01' })]);
    expect(paid.value).toEqual({ recovery: 'underWay' });
  });

  it('returns the loan to its visits with the committee refusal as the reason on a failing tally', () => {
    const s = held(['DISAGREE', 'DISAGREE', 'AGREE']);
    // the bad-loan path applies after every visit round is done
    expect(s.value).toEqual({ afterGuarantee: 'awaitingVisitReport' });
    expect(s.context.compensation).toBeNull();
    expect(s.context.meeting).toBeNull();
    expect(s.context.lastReturn).toEqual({
      event: 'INSURANCE_REVIEW_MEETING_ENDED',
      reason: COMMITTEE_REFUSAL_REASON,
      meetingId: MEETING,
      actorId: CLERK,
      at: expect.any(String),
    });
    expect(s.context.meetingResults.at(-1)).toMatchObject({ stage: 'compensation', meetingId: MEETING, result: 'FAIL' });
    // the loan may apply again, as after the leader's refusal
    expect(legalActions(s, { id: A_POST, roles: [], authorityList: ['sys:compensation:apply'] }).map((a) => a.type)).toContain('COMPENSATION_APPLY');
  });

  it('returns to visitsCompleted when it was applied for from there', () => {
    const s0 = awaitingDecision();
    const fromCompleted: PersistedSnapshot = {
      ...s0,
      context: { ...s0.context, compensation: { ...s0.context.compensation!, resumeVisitsAt: 'visitsCompleted' } },
    };
    expect(held(['DISAGREE', 'DISAGREE', 'DISAGREE'], fromCompleted).value).toEqual({ afterGuarantee: 'visitsCompleted' });
  });

  it('waits for a resolution when the quorum is missing, which then decides it either way', () => {
    const pending = held(['AGREE']);
    expect(pending.value).toEqual({ compensation: { awaitingDecision: 'pendingResolution' } });
    const passed = applyAll(pending, [ev('INSURANCE_REVIEW_UPDATE_RESOLUTION', CLERK, { meetingId: MEETING, result: 'PASSED' })]);
    expect(passed.value).toEqual({ compensation: 'approved' });
    expect(passed.context.compensation?.approval).toMatchObject({ via: 'COMMITTEE', meetingId: MEETING });
    expect(passed.context.meetingResults.at(-1)).toMatchObject({ stage: 'compensation', result: 'PASSED', decidedBy: 'RESOLUTION' });
    const failed = applyAll(pending, [ev('INSURANCE_REVIEW_UPDATE_RESOLUTION', CLERK, { meetingId: MEETING, result: 'FAIL' })]);
    expect(failed.value).toEqual({ afterGuarantee: 'awaitingVisitReport' });
    expect(failed.context.lastReturn).toMatchObject({ event: 'INSURANCE_REVIEW_UPDATE_RESOLUTION', reason: COMMITTEE_REFUSAL_REASON, meetingId: MEETING });
  });

  it('goes back to awaiting a meeting when taken off the agenda or when the meeting is cancelled', () => {
    const off = applyAll(awaitingDecision(), [allocate(), ev('INSURANCE_REVIEW_CANCEL_ALLOCATION', CLERK, { meetingId: MEETING })]);
    expect(off.value).toEqual({ compensation: { awaitingDecision: 'awaitingMeeting' } });
    expect(off.context.meeting).toBeNull();
    const cancelled = applyAll(awaitingDecision(), [allocate(), start(), ev('INSURANCE_REVIEW_MEETING_CANCELLED', CLERK, { meetingId: MEETING })]);
    expect(cancelled.value).toEqual({ compensation: { awaitingDecision: 'awaitingMeeting' } });
    // and the leader may decide it again
    expect(refusalCode(cancelled, ev('COMPENSATION_APPROVE', LEADER, { via: 'LEADER' }))).toBe('ACCEPTED');
  });

  it('is not allocatable outside awaitingDecision: approved, paid, or before any application', () => {
    const approved = applyAll(awaitingDecision(), [ev('COMPENSATION_APPROVE', LEADER, { via: 'LEADER' })]);
    expect(refusalCode(approved, allocate())).not.toBe('ACCEPTED');
    const recovery = applyAll(approved, [ev('COMPENSATION_PAY', FINANCE, { paidOn: '2026-07-01' })]);
    expect(refusalCode(recovery, allocate())).not.toBe('ACCEPTED');
    const events = badLoanPathEvents(input, actors);
    const before = replay(
      input,
      events.slice(
        0,
        events.findIndex((e) => e.type === 'COMPENSATION_APPLY'),
      ),
    );
    expect(before.value).toMatchObject({ afterGuarantee: expect.any(String) });
    expect(refusalCode(before, allocate())).not.toBe('ACCEPTED');
  });

  it('holds the leader and the refusal off while the compensation is on a meeting', () => {
    const allocated = applyAll(awaitingDecision(), [allocate()]);
    expect(refusalCode(allocated, ev('COMPENSATION_APPROVE', LEADER, { via: 'LEADER' }))).not.toBe('ACCEPTED');
    expect(refusalCode(allocated, ev('COMPENSATION_REFUSE', LEADER, { reason: 'no' }))).not.toBe('ACCEPTED');
  });

  it('lets only the attendees vote, once each, and never the applicant (maker-checker)', () => {
    const voting = applyAll(awaitingDecision(), [allocate(), start()]);
    expect(refusalCode(voting, vote(OUTSIDER, 'AGREE'))).toBe('NOT_AN_ATTENDEE');
    const once = applyAll(voting, [vote(VOTERS[0], 'AGREE')]);
    expect(refusalCode(once, vote(VOTERS[0], 'DISAGREE'))).toBe('ALREADY_VOTED');
    // the applicant sits on the committee: they may attend, but not decide their own compensation
    const withApplicant = applyAll(awaitingDecision(), [allocate([A_POST, ...VOTERS]), start()]);
    expect(refusalCode(withApplicant, vote(A_POST, 'AGREE'))).toBe('MAKER_CANNOT_CHECK');
    expect(refusalCode(withApplicant, vote(VOTERS[1], 'AGREE'))).toBe('ACCEPTED');
  });

  it('refuses a resolution settled by the applicant', () => {
    const pending = held(['AGREE']);
    expect(refusalCode(pending, ev('INSURANCE_REVIEW_UPDATE_RESOLUTION', A_POST, { meetingId: MEETING, result: 'PASSED' }))).toBe('MAKER_CANNOT_CHECK');
  });

  it('answers only the meeting it is on', () => {
    const allocated = applyAll(awaitingDecision(), [allocate()]);
    expect(refusalCode(allocated, ev('INSURANCE_REVIEW_MEETING_STARTED', CLERK, { meetingId: 'another' }))).toBe('WRONG_MEETING');
  });

  it('keeps the leader route as it was, and has no direct committee approval any more', () => {
    const s = awaitingDecision();
    expect(refusalCode(s, ev('COMPENSATION_APPROVE', A_POST, { via: 'LEADER' }))).toBe('MAKER_CANNOT_CHECK');
    const approved = applyAll(s, [ev('COMPENSATION_APPROVE', LEADER, { via: 'LEADER' })]);
    expect(approved.context.compensation?.approval).toMatchObject({ via: 'LEADER', meetingId: null, actorId: LEADER });
    const direct = { ...ev('COMPENSATION_APPROVE', LEADER, { via: 'LEADER' }), via: 'COMMITTEE', meetingId: MEETING } as unknown as GuaranteeEvent;
    expect(refusalCode(s, direct)).not.toBe('ACCEPTED');
  });

  it('offers the meeting events to the people the review committee has', () => {
    const voting = applyAll(awaitingDecision(), [allocate(), start()]);
    const voter = legalActions(voting, { id: VOTERS[0], roles: [], authorityList: ['sys:bs-vote:vote'] }).map((a) => a.type);
    expect(voter).toEqual(['INSURANCE_REVIEW_CAST_VOTE']);
    expect(legalActions(voting, { id: VOTERS[0], roles: [], authorityList: [] }).map((a) => a.type)).toEqual([]);
    expect(legalActions(voting, { id: B_POST, roles: [], authorityList: ['sys:bs-vote:vote'] }).map((a) => a.type)).toEqual([]);
  });
});
