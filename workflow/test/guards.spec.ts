/** The guards, one rule at a time: who may, with what, and what the machine answers otherwise. */

import { transition } from 'xstate';
import {
  applyEvent,
  eventsToStage,
  GUARANTEE_ITEM_ID,
  guaranteeMachine,
  happyPathEvents,
  MAX_VISIT_ROUND,
  replay,
  restoreSnapshot,
  type PersistedSnapshot,
} from '../src/index';
import {
  A_POST,
  actors,
  applyAll,
  APPROVER,
  B_POST,
  B_POST_2,
  CLERK,
  ev,
  FINANCE,
  initial,
  LEADER,
  OUTSIDER,
  refusalCode,
  snapshotEntering,
  testInput,
  VOTERS,
} from './support';

const [V1, V2, V3] = VOTERS;

describe('collection', () => {
  it('only the assigned A-post officer submits, and only with the client data complete', () => {
    const start = initial();
    expect(refusalCode(start, ev('SUBMIT_MATERIALS', CLERK, { completeDataTypes: ['CLIENT'] }))).toBe('NOT_A_POST_OFFICER');
    expect(refusalCode(start, ev('SUBMIT_MATERIALS', A_POST, { completeDataTypes: ['INQUIRY'] }))).toBe('DATA_INCOMPLETE');
    const submitted = applyAll(start, [ev('SUBMIT_MATERIALS', A_POST, { completeDataTypes: ['CLIENT'] })]);
    expect(submitted.value).toEqual({ collection: 'submitted' });
    expect(submitted.context.submittedBy.materials).toBe(A_POST);
  });

  it('maker-checker: the submitter can neither receive nor return their own materials', () => {
    const submitted = applyAll(initial(), [ev('SUBMIT_MATERIALS', A_POST, { completeDataTypes: ['CLIENT'] })]);
    expect(refusalCode(submitted, ev('CONFIRM_RECEIPT', A_POST))).toBe('MAKER_CANNOT_CHECK');
    expect(refusalCode(submitted, ev('RETURN_MATERIALS', A_POST, { reason: 'incomplete' }))).toBe('MAKER_CANNOT_CHECK');
    expect(applyAll(submitted, [ev('CONFIRM_RECEIPT', CLERK)]).value).toEqual({ collection: 'received' });
  });

  it('a return goes to the returned step with its reason, and the officer submits again', () => {
    const returned = applyAll(initial(), [
      ev('SUBMIT_MATERIALS', A_POST, { completeDataTypes: ['CLIENT'] }),
      ev('RETURN_MATERIALS', CLERK, { reason: 'licence missing' }),
    ]);
    expect(returned.value).toEqual({ collection: 'returned' });
    expect(returned.context.lastReturn).toMatchObject({ event: 'RETURN_MATERIALS', reason: 'licence missing', actorId: CLERK });
    expect(applyAll(returned, [ev('SUBMIT_MATERIALS', A_POST, { completeDataTypes: ['CLIENT'] })]).value).toEqual({
      collection: 'submitted',
    });
  });

  it('a reason is required: refused at the edge, and by the machine itself', () => {
    const submitted = applyAll(initial(), [ev('SUBMIT_MATERIALS', A_POST, { completeDataTypes: ['CLIENT'] })]);
    const blank = ev('RETURN_MATERIALS', CLERK, { reason: '  ' });
    const result = applyEvent(submitted, blank);
    expect(result.accepted).toBe(false);
    expect(!result.accepted && result.fieldErrors).toEqual([{ field: 'reason', message: 'must be a non-empty string' }]);
    expect(restoreSnapshot(submitted).can(blank)).toBe(false);
  });
});

describe('pre-review', () => {
  const atPreReview = () => snapshotEntering('preReview');

  it('the officer who submitted cannot approve, reject or return', () => {
    const s = atPreReview();
    expect(s.context.submittedBy.preReview).toBe(A_POST);
    expect(refusalCode(s, ev('PRE_REVIEW_APPROVE', A_POST))).toBe('MAKER_CANNOT_CHECK');
    expect(refusalCode(s, ev('PRE_REVIEW_REJECT', A_POST, { reason: 'no' }))).toBe('MAKER_CANNOT_CHECK');
    expect(refusalCode(s, ev('PRE_REVIEW_RETURN', A_POST, { reason: 'no' }))).toBe('MAKER_CANNOT_CHECK');
    expect(refusalCode(s, ev('PRE_REVIEW_APPROVE', APPROVER))).toBe('ACCEPTED');
  });

  it('reject, modify the amount, resubmit, then a return sends the loan back to collection', () => {
    const rejected = applyAll(atPreReview(), [ev('PRE_REVIEW_REJECT', APPROVER, { reason: 'too large' })]);
    expect(rejected.value).toEqual({ preReview: 'rejected' });
    expect(refusalCode(rejected, ev('PRE_REVIEW_RESUBMIT', CLERK))).toBe('NOT_A_POST_OFFICER');
    const modified = applyAll(rejected, [ev('PRE_REVIEW_MODIFY_AMOUNT', CLERK, { amount: 800.5 })]);
    expect(modified.value).toEqual({ preReview: 'rejected' });
    expect(modified.context.amount).toBe(800.5);
    const resubmitted = applyAll(modified, [ev('PRE_REVIEW_RESUBMIT', A_POST)]);
    expect(resubmitted.value).toEqual({ preReview: 'awaitingApproval' });
    const returned = applyAll(resubmitted, [ev('PRE_REVIEW_RETURN', APPROVER, { reason: 'redo the report' })]);
    expect(returned.value).toEqual({ collection: 'returned' });
    expect(returned.context.lastReturn?.event).toBe('PRE_REVIEW_RETURN');
  });

  it('amounts must be positive with two decimals, and actually change', () => {
    const s = atPreReview();
    expect(refusalCode(s, ev('PRE_REVIEW_MODIFY_AMOUNT', CLERK, { amount: 0 }))).toBe('INVALID_EVENT');
    expect(refusalCode(s, ev('PRE_REVIEW_MODIFY_AMOUNT', CLERK, { amount: 10.001 }))).toBe('INVALID_EVENT');
    expect(refusalCode(s, ev('PRE_REVIEW_MODIFY_AMOUNT', CLERK, { amount: 1000 }))).toBe('AMOUNT_UNCHANGED');
    // The machine's own guard, without the edge validation in front of it.
    expect(restoreSnapshot(s).can(ev('PRE_REVIEW_MODIFY_AMOUNT', CLERK, { amount: -5 }))).toBe(false);
    // No amount change once approved.
    const approved = applyAll(s, [ev('PRE_REVIEW_APPROVE', APPROVER)]);
    expect(refusalCode(approved, ev('PRE_REVIEW_MODIFY_AMOUNT', CLERK, { amount: 5 }))).toBe('NOT_ACCEPTED_IN_STATE');
  });
});

describe('meetings', () => {
  const allocate = (attendees = [...VOTERS]) => ev('GENERAL_OFFICE_ALLOCATE', CLERK, { meetingId: 'zb-7', attendees });
  const voting = () => applyAll(snapshotEntering('generalOffice'), [allocate(), ev('GENERAL_OFFICE_MEETING_STARTED', CLERK, { meetingId: 'zb-7' })]);
  const vote = (who: string, opinion: 'AGREE' | 'DISAGREE' | 'ABSTAIN', meetingId = 'zb-7') => ev('GENERAL_OFFICE_CAST_VOTE', who, { meetingId, opinion });
  const end = () => ev('GENERAL_OFFICE_MEETING_ENDED', CLERK, { meetingId: 'zb-7' });

  it('an attendee votes once, only on their meeting, only while voting', () => {
    const allocated = applyAll(snapshotEntering('generalOffice'), [allocate()]);
    expect(refusalCode(allocated, vote(V1, 'AGREE'))).toBe('NOT_ACCEPTED_IN_STATE');
    const s = voting();
    expect(refusalCode(s, vote(OUTSIDER, 'AGREE'))).toBe('NOT_AN_ATTENDEE');
    expect(refusalCode(s, vote(V1, 'AGREE', 'zb-8'))).toBe('WRONG_MEETING');
    const voted = applyAll(s, [vote(V1, 'AGREE', 'zb-7')]);
    expect(voted.context.meeting?.votes).toEqual({ [V1]: { opinion: 'AGREE', at: expect.any(String) } });
    expect(refusalCode(voted, vote(V1, 'DISAGREE'))).toBe('ALREADY_VOTED');
    const ended = applyAll(voted, [vote(V2, 'AGREE'), end()]);
    expect(refusalCode(ended, vote(V3, 'AGREE'))).toBe('NOT_ACCEPTED_IN_STATE');
  });

  it('an allocation needs distinct attendees and a valid rule', () => {
    const s = snapshotEntering('generalOffice');
    expect(refusalCode(s, allocate([V1, V1]))).toBe('INVALID_EVENT');
    expect(refusalCode(s, allocate([]))).toBe('INVALID_EVENT');
    const badRule = { ...ev('GENERAL_OFFICE_ALLOCATE', CLERK, { meetingId: 'm', attendees: [V1] }), rule: { quorum: 2 } };
    expect(refusalCode(s, badRule as never)).toBe('INVALID_EVENT');
    expect(restoreSnapshot(s).can(badRule as never)).toBe(false);
  });

  it('ending the meeting applies the rule: passed, failed or pending resolution', () => {
    const passed = applyAll(voting(), [vote(V1, 'AGREE'), vote(V2, 'AGREE'), end()]);
    expect(passed.value).toEqual({ generalOffice: 'passed' });
    expect(passed.context.meetingResults).toEqual([
      expect.objectContaining({ stage: 'generalOffice', meetingId: 'zb-7', result: 'PASSED', decidedBy: 'TALLY' }),
    ]);
    expect(applyAll(voting(), [vote(V1, 'DISAGREE'), vote(V2, 'DISAGREE'), end()]).value).toEqual({ generalOffice: 'failed' });
    // A tie, and a missing quorum, both wait for a resolution.
    expect(applyAll(voting(), [vote(V1, 'AGREE'), vote(V2, 'DISAGREE'), end()]).value).toEqual({ generalOffice: 'pendingResolution' });
    expect(applyAll(voting(), [vote(V1, 'AGREE'), end()]).value).toEqual({ generalOffice: 'pendingResolution' });
  });

  it('a pending result is settled by resolution; a failed one is resubmitted to a new meeting', () => {
    const pending = applyAll(voting(), [vote(V1, 'AGREE'), end()]);
    expect(refusalCode(pending, ev('GENERAL_OFFICE_UPDATE_RESOLUTION', CLERK, { meetingId: 'other', result: 'FAIL' }))).toBe('WRONG_MEETING');
    const failed = applyAll(pending, [ev('GENERAL_OFFICE_UPDATE_RESOLUTION', CLERK, { meetingId: 'zb-7', result: 'FAIL' })]);
    expect(failed.value).toEqual({ generalOffice: 'failed' });
    expect(failed.context.meetingResults.map((r) => [r.result, r.decidedBy])).toEqual([
      ['PENGING_RESOLUTION', 'TALLY'],
      ['FAIL', 'RESOLUTION'],
    ]);
    const again = applyAll(failed, [ev('GENERAL_OFFICE_RESUBMIT', CLERK)]);
    expect(again.value).toEqual({ generalOffice: 'awaitingMeeting' });
    expect(again.context.meeting).toBeNull();
  });

  it('cancelling the allocation or the meeting goes back to waiting and drops the votes', () => {
    const cancelledAllocation = applyAll(snapshotEntering('generalOffice'), [allocate(), ev('GENERAL_OFFICE_CANCEL_ALLOCATION', CLERK, { meetingId: 'zb-7' })]);
    expect(cancelledAllocation.value).toEqual({ generalOffice: 'awaitingMeeting' });
    const cancelled = applyAll(voting(), [vote(V1, 'AGREE'), ev('GENERAL_OFFICE_MEETING_CANCELLED', CLERK, { meetingId: 'zb-7' })]);
    expect(cancelled.value).toEqual({ generalOffice: 'awaitingMeeting' });
    expect(cancelled.context.meeting).toBeNull();
  });

  it("the meeting's own rule, copied at allocation, decides", () => {
    const unanimity = { quorum: 1, passThreshold: 1, base: 'attendees' as const, passWhen: 'atLeast' as const, onTie: 'FAIL' as const };
    const s = applyAll(snapshotEntering('generalOffice'), [
      ev('GENERAL_OFFICE_ALLOCATE', CLERK, { meetingId: 'zb-7', attendees: [V1, V2], rule: unanimity }),
      ev('GENERAL_OFFICE_MEETING_STARTED', CLERK, { meetingId: 'zb-7' }),
      vote(V1, 'AGREE'),
      vote(V2, 'ABSTAIN'),
      end(),
    ]);
    expect(s.value).toEqual({ generalOffice: 'failed' });
  });

  it('the review committee needs two thirds of all attendees', () => {
    const s = snapshotEntering('insuranceReview');
    const committee = applyAll(s, [
      ev('INSURANCE_REVIEW_ALLOCATE', CLERK, { meetingId: 'bs-1', attendees: [V1, V2, V3] }),
      ev('INSURANCE_REVIEW_MEETING_STARTED', CLERK, { meetingId: 'bs-1' }),
      ev('INSURANCE_REVIEW_CAST_VOTE', V1, { meetingId: 'bs-1', opinion: 'AGREE' }),
      ev('INSURANCE_REVIEW_CAST_VOTE', V2, { meetingId: 'bs-1', opinion: 'ABSTAIN' }),
      ev('INSURANCE_REVIEW_MEETING_ENDED', CLERK, { meetingId: 'bs-1' }),
    ]);
    expect(committee.value).toEqual({ insuranceReview: 'failed' });
    expect(committee.context.meetingResults.at(-1)).toMatchObject({ stage: 'insuranceReview', result: 'FAIL' });
  });
});

describe('officers', () => {
  const passedGeneralOffice = (bPostOfficerId: string | null) => {
    const input = testInput({ bPostOfficerId });
    const events = eventsToStage(testInput(), 'riskControl', actors).slice(0, -1); // up to generalOffice.passed
    return replay(input, events);
  };

  it('a loan leaves the general office with a B-post officer who is not the A-post officer', () => {
    const s = passedGeneralOffice(null);
    expect(s.value).toEqual({ generalOffice: 'passed' });
    expect(refusalCode(s, ev('SUBMIT_TO_RISK_CONTROL', CLERK, {}))).toBe('NO_B_POST_OFFICER');
    expect(refusalCode(s, ev('SUBMIT_TO_RISK_CONTROL', CLERK, { bPostOfficerId: A_POST }))).toBe('B_POST_IS_A_POST');
    const assigned = applyAll(s, [ev('SUBMIT_TO_RISK_CONTROL', CLERK, { bPostOfficerId: B_POST_2 })]);
    expect(assigned.context.bPostOfficerId).toBe(B_POST_2);
  });

  it('only the B-post officer confirms risk control; transfer hands it to another officer', () => {
    const s = snapshotEntering('riskControl');
    expect(refusalCode(s, ev('CONFIRM_COMPLETE', A_POST))).toBe('NOT_B_POST_OFFICER');
    expect(refusalCode(s, ev('TRANSFER_DATA', CLERK, { toOfficerId: A_POST }))).toBe('TRANSFER_TARGET_INVALID');
    expect(refusalCode(s, ev('TRANSFER_DATA', CLERK, { toOfficerId: B_POST }))).toBe('TRANSFER_TARGET_INVALID');
    const transferred = applyAll(s, [ev('TRANSFER_DATA', CLERK, { toOfficerId: B_POST_2 })]);
    expect(transferred.value).toEqual({ riskControl: 'inProgress' });
    expect(refusalCode(transferred, ev('CONFIRM_COMPLETE', B_POST))).toBe('NOT_B_POST_OFFICER');
    const completed = applyAll(transferred, [ev('CONFIRM_COMPLETE', B_POST_2)]);
    expect(completed.value).toEqual({ riskControl: 'completed' });
    expect(refusalCode(completed, ev('TRANSFER_DATA', CLERK, { toOfficerId: B_POST }))).toBe('NOT_ACCEPTED_IN_STATE');
    // Revoking is the confirmer's own step.
    expect(refusalCode(completed, ev('REVOKE_CONFIRMATION', B_POST))).toBe('NOT_B_POST_OFFICER');
    expect(applyAll(completed, [ev('REVOKE_CONFIRMATION', B_POST_2)]).value).toEqual({ riskControl: 'inProgress' });
  });
});

describe('withdrawal', () => {
  const atWithdrawal = () => snapshotEntering('withdrawal');

  it('the B-post officer rechecks, someone else leads; returns go one step back', () => {
    const s = atWithdrawal();
    expect(refusalCode(s, ev('RECHECK_PASS', A_POST))).toBe('NOT_B_POST_OFFICER');
    const rechecked = applyAll(s, [ev('RECHECK_PASS', B_POST)]);
    expect(refusalCode(rechecked, ev('LEADER_APPROVE', B_POST))).toBe('MAKER_CANNOT_CHECK');
    expect(refusalCode(rechecked, ev('LEADER_APPROVE', A_POST))).toBe('MAKER_CANNOT_CHECK'); // the initiator
    const sentBack = applyAll(rechecked, [ev('LEADER_RETURN', LEADER, { reason: 'check the bank' })]);
    expect(sentBack.value).toEqual({ withdrawal: 'bPostRecheck' });
    const toCommittee = applyAll(sentBack, [ev('RECHECK_RETURN', B_POST, { reason: 'terms changed' })]);
    expect(toCommittee.value).toEqual({ insuranceReview: 'passed' });
    expect(applyAll(toCommittee, [ev('INITIATE_WITHDRAWAL', A_POST)]).value).toEqual({ withdrawal: 'bPostRecheck' });
  });
});

describe('during the guarantee', () => {
  const atDuring = () => snapshotEntering('duringGuarantee');
  const contractUntil = (type: string) => {
    const events = happyPathEvents(testInput(), actors).filter((e) => e.type.startsWith('CONTRACT_'));
    return events.slice(0, events.findIndex((e) => e.type === type) + 1);
  };

  it('the letter can only be generated once the contract is sealed', () => {
    const s = atDuring();
    expect(refusalCode(s, ev('LETTER_GENERATE', A_POST, { bankId: 'bank-1' }))).toBe('CONTRACT_NOT_SEALED');
    const sealing = applyAll(s, contractUntil('CONTRACT_SEAL_CONFIRM'));
    expect(refusalCode(sealing, ev('LETTER_GENERATE', A_POST, { bankId: 'bank-1' }))).toBe('CONTRACT_NOT_SEALED');
    const sealed = applyAll(s, contractUntil('CONTRACT_SEAL_COMPLETE'));
    expect(sealed.context.contractSealed).toBe(true);
    const generated = applyAll(sealed, [ev('LETTER_GENERATE', A_POST, { bankId: 'bank-1' })]);
    expect(generated.value).toMatchObject({ duringGuarantee: { letter: 'generated', contract: 'sealed' } });
  });

  it('a contract is generated for a bank: the whole set without a template, or the one template named', () => {
    const s = atDuring();
    // a templateId given must name something (the shape check refuses an empty one)
    expect(refusalCode(s, ev('CONTRACT_GENERATE', A_POST, { bankId: 'bank-1', templateId: '' }))).toBe('INVALID_EVENT');
    const wholeSet = applyAll(s, [ev('CONTRACT_GENERATE', A_POST, { bankId: 'bank-1' })]);
    expect(wholeSet.value).toMatchObject({ duringGuarantee: { contract: 'generated' } });
    expect(wholeSet.context).toMatchObject({ contractBankId: 'bank-1', contractTemplateId: null });
    const deleted = applyAll(wholeSet, [ev('CONTRACT_DELETE', A_POST)]);
    expect(deleted.context).toMatchObject({ contractBankId: null, contractTemplateId: null });
    const one = applyAll(deleted, [ev('CONTRACT_GENERATE', A_POST, { bankId: 'bank-2', templateId: 'template-9' })]);
    expect(one.context).toMatchObject({ contractBankId: 'bank-2', contractTemplateId: 'template-9' });
  });

  it('contract reviews are by others than the submitter, and different people', () => {
    const submitted = applyAll(atDuring(), contractUntil('CONTRACT_SUBMIT_REVIEW'));
    expect(refusalCode(submitted, ev('CONTRACT_MUTUAL_REVIEW_PASS', A_POST))).toBe('MAKER_CANNOT_CHECK');
    const mutual = applyAll(submitted, [ev('CONTRACT_MUTUAL_REVIEW_PASS', B_POST)]);
    expect(refusalCode(mutual, ev('CONTRACT_REVIEW_PASS', B_POST))).toBe('MAKER_CANNOT_CHECK');
    const returned = applyAll(mutual, [ev('CONTRACT_REVIEW_RETURN', APPROVER, { reason: 'wrong bank' })]);
    expect(returned.value).toMatchObject({ duringGuarantee: { contract: 'generated' } });
    expect(applyAll(returned, [ev('CONTRACT_DELETE', A_POST)]).value).toMatchObject({ duringGuarantee: { contract: 'toGenerate' } });
  });

  it('premium: only the submitter revokes, only someone else confirms', () => {
    const submitted = applyAll(atDuring(), [
      ev('PREMIUM_ADD', A_POST, { amount: 100 }),
      ev('PREMIUM_EDIT', A_POST, { amount: 120 }),
      ev('PREMIUM_SUBMIT', A_POST),
    ]);
    expect(submitted.context.premiumAmount).toBe(120);
    expect(refusalCode(submitted, ev('PREMIUM_REVOKE', FINANCE))).toBe('NOT_THE_MAKER');
    expect(refusalCode(submitted, ev('PREMIUM_CONFIRM', A_POST))).toBe('MAKER_CANNOT_CHECK');
    expect(applyAll(submitted, [ev('PREMIUM_REVOKE', A_POST)]).value).toMatchObject({ duringGuarantee: { premium: 'uploaded' } });
    const confirmed = applyAll(submitted, [ev('PREMIUM_CONFIRM', FINANCE)]);
    expect(confirmed.value).toMatchObject({ duringGuarantee: { premium: 'done' } });
    expect(confirmed.context.completedRegions).toEqual(['premium']);
  });

  it('counter-guarantee: the B-post officer confirms a valid collateral list', () => {
    const s = atDuring();
    expect(refusalCode(s, ev('COUNTER_GUARANTEE_CONFIRM', A_POST, { collateral: [] }))).toBe('NOT_B_POST_OFFICER');
    const reserved = ev('COUNTER_GUARANTEE_CONFIRM', B_POST, { collateral: [{ id: GUARANTEE_ITEM_ID, kind: 'PLEDGE' }] });
    expect(refusalCode(s, reserved)).toBe('INVALID_EVENT');
    expect(restoreSnapshot(s).can(reserved)).toBe(false);
    const confirmed = applyAll(s, [ev('COUNTER_GUARANTEE_CONFIRM', B_POST, { collateral: [{ id: 'pledge-1', kind: 'PLEDGE' }] })]);
    expect(confirmed.context.collateral).toEqual([{ id: 'pledge-1', kind: 'PLEDGE' }]);
  });

  it('disbursement follows only when every region is done', () => {
    const events = happyPathEvents(testInput(), actors);
    const atDisbursement = eventsToStage(testInput(), 'disbursement', actors);
    const beforeLast = replay(testInput(), atDisbursement.slice(0, -1));
    expect(beforeLast.context.completedRegions).toHaveLength(3);
    const after = applyAll(beforeLast, [atDisbursement.at(-1)!]);
    expect(after.value).toEqual({ disbursement: 'awaitingVoucher' });
    expect([...after.context.completedRegions].sort()).toEqual(['contract', 'counterGuarantee', 'letter', 'premium']);
    expect(events.length).toBeGreaterThan(atDisbursement.length);
  });
});

describe('after the guarantee', () => {
  const afterGuarantee = (amount = 1000) => snapshotEntering('afterGuarantee', testInput({ amount }));
  const visit = () => [ev('VISIT_SUBMIT_REPORT', B_POST, { kind: 'REPORT' }), ev('VISIT_APPROVE', LEADER)];

  it('disbursement sets the principal owed and the first visit round', () => {
    const s = afterGuarantee();
    expect(s.context).toMatchObject({ outstandingPrincipal: 1000, repaidTotal: 0, visitRound: 1 });
    expect(s.context.disbursedAt).not.toBeNull();
  });

  it('visit rounds run from 1 to 6; the leader (not the submitter) approves each', () => {
    let s = afterGuarantee();
    expect(refusalCode(s, ev('VISIT_SUBMIT_REPORT', A_POST, { kind: 'REPORT' }))).toBe('NOT_B_POST_OFFICER');
    const submitted = applyAll(s, [ev('VISIT_SUBMIT_REPORT', B_POST, { kind: 'MATERIAL' })]);
    expect(submitted.context.visitReport).toMatchObject({ round: 1, kind: 'MATERIAL', submittedBy: B_POST });
    expect(refusalCode(submitted, ev('VISIT_APPROVE', B_POST))).toBe('MAKER_CANNOT_CHECK');
    s = applyAll(submitted, [ev('VISIT_RETURN', LEADER, { reason: 'photos missing' })]);
    expect(s.context.visitRound).toBe(1);
    for (let round = 1; round <= MAX_VISIT_ROUND; round++) {
      expect(s.context.visitRound).toBe(round);
      s = applyAll(s, visit());
    }
    expect(s.value).toEqual({ afterGuarantee: 'visitsCompleted' });
    expect(s.context.visitRound).toBe(MAX_VISIT_ROUND);
    expect(refusalCode(s, ev('VISIT_SUBMIT_REPORT', B_POST, { kind: 'REPORT' }))).toBe('NOT_ACCEPTED_IN_STATE');
  });

  it('a visit report with a risk classification: a known level, and a reason unless NORMAL; the context keeps its shape', () => {
    const s = afterGuarantee();
    expect(refusalCode(s, ev('VISIT_SUBMIT_REPORT', B_POST, { kind: 'REPORT', classification: 'DOUBTFUL' }))).toBe('VISIT_CLASSIFICATION_REASON_REQUIRED');
    // a blank reason or an unknown level is refused by the shape check before any guard
    expect(refusalCode(s, ev('VISIT_SUBMIT_REPORT', B_POST, { kind: 'REPORT', classification: 'LOSS', reason: '  ' }))).toBe('INVALID_EVENT');
    expect(refusalCode(s, ev('VISIT_SUBMIT_REPORT', B_POST, { kind: 'REPORT', classification: 'GOOD' } as never))).toBe('INVALID_EVENT');
    const normal = applyAll(s, [ev('VISIT_SUBMIT_REPORT', B_POST, { kind: 'REPORT', classification: 'NORMAL' })]);
    const doubtful = applyAll(s, [ev('VISIT_SUBMIT_REPORT', B_POST, { kind: 'REPORT', classification: 'DOUBTFUL', reason: 'two instalments late' })]);
    // reports from before the classification (none given) are accepted as they were, so their histories replay
    const legacy = applyAll(s, [ev('VISIT_SUBMIT_REPORT', B_POST, { kind: 'REPORT' })]);
    for (const after of [normal, doubtful, legacy]) {
      expect(after.value).toEqual({ afterGuarantee: 'visitReportSubmitted' });
      expect(Object.keys(after.context).sort()).toEqual(Object.keys(legacy.context).sort());
      expect(after.context.visitReport).toEqual(
        legacy.context.visitReport === null ? null : { ...legacy.context.visitReport, at: after.context.visitReport!.at },
      );
    }
  });

  it('the machine refuses a seventh round even from a forged snapshot', () => {
    const forged: PersistedSnapshot = { ...afterGuarantee(), context: { ...afterGuarantee().context, visitRound: 7 } };
    expect(refusalCode(forged, ev('VISIT_SUBMIT_REPORT', B_POST, { kind: 'REPORT' }))).toBe('VISIT_ROUNDS_EXHAUSTED');
  });

  it('repayments reduce the principal exactly and never below zero; the last one releases', () => {
    const s = afterGuarantee(0.3);
    expect(refusalCode(s, ev('RECORD_REPAYMENT', FINANCE, { amount: 0.31 }))).toBe('REPAYMENT_EXCEEDS_OUTSTANDING');
    const partly = applyAll(s, [ev('RECORD_REPAYMENT', FINANCE, { amount: 0.1 })]);
    expect(partly.value).toEqual({ afterGuarantee: 'awaitingVisitReport' });
    expect(partly.context).toMatchObject({ outstandingPrincipal: 0.2, repaidTotal: 0.1 });
    const repaid = applyAll(partly, [ev('RECORD_REPAYMENT', FINANCE, { amount: 0.2 })]);
    expect(repaid.value).toEqual({ release: 'unresolved' });
    expect(repaid.context).toMatchObject({ outstandingPrincipal: 0, repaidTotal: 0.3 });
  });

  it('a repayment is accepted while a visit report waits for the leader', () => {
    const s = applyAll(afterGuarantee(), [ev('VISIT_SUBMIT_REPORT', B_POST, { kind: 'REPORT' }), ev('RECORD_REPAYMENT', FINANCE, { amount: 400 })]);
    expect(s.value).toEqual({ afterGuarantee: 'visitReportSubmitted' });
    expect(s.context.outstandingPrincipal).toBe(600);
  });
});

describe('release and the end', () => {
  const atRelease = () => snapshotEntering('release');

  it('the guarantee and each collateral item are released once; the last closes the loan', () => {
    const s = atRelease();
    const mortgage = s.context.collateral[0].id;
    expect(refusalCode(s, ev('CONFIRM_RELEASE', CLERK, { itemId: 'unknown' }))).toBe('RELEASE_ITEM_UNKNOWN');
    const one = applyAll(s, [ev('CONFIRM_RELEASE', CLERK, { itemId: mortgage })]);
    expect(one.value).toEqual({ release: 'unresolved' });
    expect(refusalCode(one, ev('CONFIRM_RELEASE', CLERK, { itemId: mortgage }))).toBe('RELEASE_ITEM_UNKNOWN');
    const closed = applyAll(one, [ev('CONFIRM_RELEASE', CLERK, { itemId: GUARANTEE_ITEM_ID })]);
    expect(closed.value).toBe('closed');
    expect(closed.status).toBe('done');
    expect(refusalCode(closed, ev('CONFIRM_RELEASE', CLERK, { itemId: GUARANTEE_ITEM_ID }))).toBe('INSTANCE_FINISHED');
  });

  it.each([
    ['collection', 'COLLECTION_DISCONTINUE'],
    ['preReview', 'PRE_REVIEW_DISCONTINUE'],
    ['generalOffice', 'GENERAL_OFFICE_DISCONTINUE'],
    ['riskControl', 'RISK_CONTROL_DISCONTINUE'],
    ['insuranceReview', 'INSURANCE_REVIEW_DISCONTINUE'],
    ['withdrawal', 'WITHDRAWAL_DISCONTINUE'],
    ['duringGuarantee', 'DURING_GUARANTEE_DISCONTINUE'],
  ] as const)('%s can be discontinued with %s, and nothing else', (stage, type) => {
    const s = snapshotEntering(stage);
    expect(refusalCode(s, ev(type, CLERK, { reason: '' }))).toBe('INVALID_EVENT');
    for (const other of ['COLLECTION_DISCONTINUE', 'PRE_REVIEW_DISCONTINUE', 'WITHDRAWAL_DISCONTINUE'] as const) {
      if (other !== type) expect(refusalCode(s, ev(other, CLERK, { reason: 'stop' }))).toBe('NOT_ACCEPTED_IN_STATE');
    }
    const stopped = applyAll(s, [ev(type, CLERK, { reason: 'client withdrew' })]);
    expect(stopped.value).toBe('discontinued');
    expect(stopped.status).toBe('done');
    expect(stopped.context.discontinued).toEqual({ stage, reason: 'client withdrew', actorId: CLERK, at: expect.any(String) });
    expect(refusalCode(stopped, ev('SUBMIT_MATERIALS', A_POST, { completeDataTypes: ['CLIENT'] }))).toBe('INSTANCE_FINISHED');
  });

  it.each(['disbursement', 'afterGuarantee', 'release'] as const)('%s cannot be discontinued', (stage) => {
    const s = snapshotEntering(stage);
    for (const type of ['DURING_GUARANTEE_DISCONTINUE', 'WITHDRAWAL_DISCONTINUE'] as const)
      expect(refusalCode(s, ev(type, CLERK, { reason: 'stop' }))).toBe('NOT_ACCEPTED_IN_STATE');
  });

  it('internal events of the machine cannot be sent from outside', () => {
    const s = snapshotEntering('duringGuarantee');
    const forged = { type: 'xstate.done.state.guarantee.duringGuarantee', actorId: CLERK, at: '2024-01-01T00:00:00.000Z' };
    expect(refusalCode(s, forged as never)).toBe('INVALID_EVENT');
    // The raw machine would take it: this is why the server goes through applyEvent.
    const [raw] = transition(guaranteeMachine, restoreSnapshot(s), forged as never);
    expect(raw.value).toEqual({ disbursement: 'awaitingVoucher' });
  });
});
