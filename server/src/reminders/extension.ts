import { HttpStatus } from '@nestjs/common';
import { addMonthsClamped, allocateRepayments, buildRepaymentPlan, type PlannedInstalment, type RepaymentMethod } from '@app/workflow';
import type { EntityManager } from 'typeorm';
import { AppError, CODES } from '../common/errors';
import { companyDay } from '../common/company-time';
import { cancelReminders, lockPlan, replacePlanReminders } from './reminder-store';
import { insertInstalments, lockLiveInstalments, planMaturityOn, supersedeInstalmentsById, updatePlanMaturity } from './reminders.repository';

/**
 * EXTENSION_APPLY's preparer: the new maturity must be after the repayment plan's current one (the
 * machine only knows the disbursement day and an earlier extension); 400 naming both days.
 */
export async function checkExtensionDay(em: EntityManager, loanId: string, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
  const day = payload.newMaturityOn;
  // the shape check words a missing or malformed day
  if (typeof day !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return {};
  const maturity = await planMaturityOn(em, loanId);
  if (!maturity) throw new AppError(HttpStatus.CONFLICT, CODES.repaymentPlanMissing, 'repaymentPlanMissing', {}, null, 'RepaymentPlanMissing');
  if (day <= maturity) {
    throw AppError.ofField(HttpStatus.BAD_REQUEST, CODES.extensionMaturityNotLater, 'extensionMaturityNotLater', 'newMaturityOn', 'BadRequest', {
      day,
      maturity,
    });
  }
  return {};
}

/** Whole months from one day to a later one, rounded up (2026-01-15 -> 2026-03-16: 3). */
export function monthsUpTo(from: string, to: string): number {
  let months = 0;
  while (addMonthsClamped(from, months) < to) months += 1;
  return Math.max(1, months);
}

/**
 * The new instalments of an extension: `principalFen` (what the instalments kept do not cover) by the
 * plan's method over the months left, the last one due on the new maturity and each month before it
 * back to the first still after `today` (a bullet: one, on the new maturity, its interest over those months).
 */
export function extensionInstalments(
  plan: { method: RepaymentMethod; annualRateBp: number | null },
  principalFen: number,
  today: string,
  newMaturityOn: string,
  firstSeq: number,
): PlannedInstalment[] {
  let months = 1;
  while (addMonthsClamped(newMaturityOn, -months) > today) months += 1;
  const built = buildRepaymentPlan({ method: plan.method, annualRateBp: plan.annualRateBp, disbursedOn: today, principalFen, termMonths: months });
  return built.map((i, n) => ({ ...i, seq: firstSeq + n, dueOn: addMonthsClamped(newMaturityOn, n - (built.length - 1)) }));
}

/**
 * EXTENSION_APPROVE's writer, in the event's transaction: the plan now ends on the new maturity. The
 * instalments fully repaid stay; the others are superseded and the remaining principal is spread over
 * the months left to the new maturity by the plan's method; what was repaid is allocated again over the
 * live set (a partly repaid instalment's part carries to the first new one). The plan's reminders are
 * replaced: the scheduled ones cancelled (their jobs removed after the commit), new ones written for the
 * new instalments and maturity (queued by the horizon job).
 */
export async function extendPlan(em: EntityManager, loanId: string, newMaturityOn: string, now: Date): Promise<void> {
  const plan = await lockPlan(em, loanId);
  if (!plan) throw new AppError(HttpStatus.CONFLICT, CODES.repaymentPlanMissing, 'repaymentPlanMissing', {}, null, 'RepaymentPlanMissing');
  const live = await lockLiveInstalments(em, loanId);
  const kept = live.filter((i) => i.state === 'REPAID');
  const rebuilt = live.filter((i) => i.state !== 'REPAID');
  const keptPrincipal = kept.reduce((sum, i) => sum + Number(i.principal_fen), 0);
  const principalFen = plan.principalFen - keptPrincipal;
  const termMonths = monthsUpTo(plan.disbursedOn, newMaturityOn);
  await updatePlanMaturity(em, loanId, newMaturityOn, termMonths, now);
  await cancelReminders(em, loanId, now, undefined, ['REPAYMENT', 'MATURITY']);
  if (principalFen <= 0) return;
  await supersedeInstalmentsById(
    em,
    rebuilt.map((i) => i.id),
    now,
  );
  const firstSeq = Math.max(0, ...kept.map((i) => i.seq)) + 1;
  const fresh = extensionInstalments(plan, principalFen, companyDay(now), newMaturityOn, firstSeq);
  const allocation = allocateRepayments([...kept.map((i) => ({ principalFen: Number(i.principal_fen) })), ...fresh], plan.repaidFen).slice(kept.length);
  const inserted = await insertInstalments(em, loanId, fresh, allocation, now);
  await replacePlanReminders(em, loanId, fresh, allocation, inserted, newMaturityOn, now);
}
