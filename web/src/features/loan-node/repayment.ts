/**
 * What a RECORD_REPAYMENT would do, told before it is sent: which instalment it is for (the first one
 * with principal still open), and for an amount above that instalment's due, the early settlement it
 * is (the instalments it repays, what remains). The same allocation the server makes (allocateRepayments).
 */
import { allocateRepayments } from '@app/workflow';

export interface PlanForRepayment {
  repaidFen: number;
  instalments: readonly { seq: number; dueOn: string; principalFen: number; repaidFen: number; state: string }[];
}

export interface RepaymentSummary {
  seq: number;
  dueOn: string;
  /** Principal still due on that instalment (fen). */
  dueFen: number;
  outstandingFen: number;
  /** The amount is more than the instalment's due (and not more than what is outstanding). */
  early: boolean;
  /** Instalments the amount repays in full (early settlement), by number. */
  covers: { from: number; to: number; count: number } | null;
  /** Outstanding principal after this amount (fen). */
  remainingFen: number;
}

/** null when the plan has no open instalment. `amountFen` null: not a valid amount yet. */
export function repaymentSummary(plan: PlanForRepayment, amountFen: number | null): RepaymentSummary | null {
  const open = plan.instalments.find((i) => i.state !== 'REPAID' && i.principalFen > i.repaidFen);
  if (!open) return null;
  const dueFen = open.principalFen - open.repaidFen;
  const outstandingFen = plan.instalments.reduce((sum, i) => sum + (i.principalFen - i.repaidFen), 0);
  const amount = amountFen ?? 0;
  const early = amount > dueFen && amount <= outstandingFen;
  let covers: RepaymentSummary['covers'] = null;
  if (early) {
    const after = allocateRepayments(plan.instalments, plan.repaidFen + amount);
    const newly = plan.instalments.filter((i, n) => i.state !== 'REPAID' && after[n].state === 'REPAID').map((i) => i.seq);
    if (newly.length) covers = { from: newly[0], to: newly[newly.length - 1], count: newly.length };
  }
  return { seq: open.seq, dueOn: open.dueOn, dueFen, outstandingFen, early, covers, remainingFen: Math.max(0, outstandingFen - amount) };
}
