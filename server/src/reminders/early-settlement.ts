import { HttpStatus } from '@nestjs/common';
import { isValidAmount, toFen } from '@app/workflow';
import type { EntityManager } from 'typeorm';
import { AppError, CODES } from '../common/errors';
import { openInstalmentDue } from './reminders.repository';

/**
 * RECORD_REPAYMENT's preparer: an amount above what the open instalment still owes is an early
 * settlement of the instalments after it, which one careless click must not do. It is accepted only
 * with `earlySettlement: true` in the payload (the dialog's separate confirmation, kept in the log);
 * 400 naming the instalment and its due otherwise. Runs again inside the step's transaction.
 */
export async function checkEarlySettlement(em: EntityManager, loanId: string, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
  // a malformed amount or flag is the shape check's to name
  if (!isValidAmount(payload.amount) || payload.earlySettlement === true) return {};
  const open = await openInstalmentDue(em, loanId);
  if (!open) return {};
  const amountFen = toFen(payload.amount as number);
  const dueFen = Number(open.due);
  // more than the whole outstanding principal is the machine's refusal (409), not a settlement to confirm
  if (amountFen <= dueFen || amountFen > Number(open.outstanding)) return {};
  throw AppError.ofField(
    HttpStatus.BAD_REQUEST,
    CODES.earlySettlementUnconfirmed,
    'earlySettlementUnconfirmed',
    'earlySettlement',
    'EarlySettlementUnconfirmed',
    {
      amount: (amountFen / 100).toFixed(2),
      due: (dueFen / 100).toFixed(2),
      seq: Number(open.seq),
    },
  );
}
