import type * as engine from '@app/workflow';
import type { EventWriter, FeatureHooks } from '../workflow/hooks';
import type { BadLoansService } from './bad-loans.service';

/** The events whose case row (compensation_case) the writer keeps in step with the snapshot. */
export const CASE_EVENT_TYPES: readonly engine.EventType[] = [
  'COMPENSATION_APPLY',
  'COMPENSATION_APPROVE',
  'COMPENSATION_REFUSE',
  'COMPENSATION_PAY',
  'RECOVERY_STAGE',
  'RECOVERY_RECORD',
  'RECOVERY_CLOSE',
  'RECOVERY_WRITE_OFF_APPROVE',
  'RECOVERY_WRITE_OFF_RETURN',
  // a pending vote on a compensation settled by the review committee's resolution (the tally is the meeting library's)
  'INSURANCE_REVIEW_UPDATE_RESOLUTION',
];

export function badLoansHooks(badLoans: BadLoansService): FeatureHooks {
  const writeCase: EventWriter = (ctx) => badLoans.writeCase(ctx);
  return {
    // the leader decides below the administrator's threshold; at or above it the review committee votes at a meeting
    preparers: { COMPENSATION_APPROVE: (em, loanId, payload) => badLoans.checkDecision(em, loanId, payload) },
    writers: Object.fromEntries(CASE_EVENT_TYPES.map((type) => [type, writeCase])),
  };
}
