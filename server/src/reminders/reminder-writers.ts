import { HttpStatus } from '@nestjs/common';
import * as engine from '@app/workflow';
import type { EntityManager } from 'typeorm';
import { AppError, CODES } from '../common/errors';
import { extendPlan } from './extension';
import { cancelReminders, createPlan, editPlan, recordRepayment, scheduleVisitReminder } from './reminder-store';

// The reminder rows' writer, apart from the service (no decorators here): the seeds import it as it is.

/** The events whose rows writeReminderRows writes. */
export const REMINDER_EVENT_TYPES: readonly engine.EventType[] = [
  'VOUCHER_CONFIRM',
  'REPAYMENT_PLAN_EDIT',
  'RECORD_REPAYMENT',
  'VISIT_APPROVE',
  'CONFIRM_RELEASE',
  'EXTENSION_APPROVE',
  ...engine.EVENT_TYPES.filter((t) => t.endsWith('_DISCONTINUE')),
];

/**
 * The plan and reminder rows of one accepted event, in its transaction (`now`: the event's time).
 * The writer of those events, and what the demo seed runs so that its loans hold the same rows.
 */
export async function writeReminderRows(
  em: EntityManager,
  loanId: string,
  event: engine.GuaranteeEvent,
  snapshot: engine.PersistedSnapshot,
  now: Date,
): Promise<void> {
  switch (event.type) {
    case 'VOUCHER_CONFIRM':
      await createPlan(
        em,
        loanId,
        { method: engine.DEFAULT_REPAYMENT_METHOD, annualRateBp: null, disbursedOn: event.disbursedOn, principalFen: event.disbursedAmountFen },
        now,
      );
      return;
    case 'REPAYMENT_PLAN_EDIT': {
      const rateBp = event.annualRatePercent === undefined ? null : engine.percentToBp(event.annualRatePercent);
      if (event.annualRatePercent !== undefined && rateBp === null) {
        throw new AppError(HttpStatus.BAD_REQUEST, CODES.repaymentRateRequired, 'repaymentRateRequired');
      }
      await editPlan(em, loanId, event.method, rateBp, now);
      return;
    }
    case 'RECORD_REPAYMENT':
      await recordRepayment(em, loanId, engine.toFen(event.amount), now);
      break;
    case 'VISIT_APPROVE':
      await scheduleVisitReminder(em, loanId, now);
      return;
    case 'EXTENSION_APPROVE':
      // the machine has just set the approved day as the loan's maturity
      if (snapshot.context.extendedMaturityOn) await extendPlan(em, loanId, snapshot.context.extendedMaturityOn, now);
      return;
    default:
      break;
  }
  // Once the loan is no longer after guarantee (repaid, released, closed or discontinued), nothing more is reminded.
  if (event.type !== 'RECORD_REPAYMENT' && event.type !== 'CONFIRM_RELEASE' && !event.type.endsWith('_DISCONTINUE')) return;
  if (engine.stageOf(snapshot) === 'afterGuarantee') return;
  await cancelReminders(em, loanId, now);
}
