import { HttpStatus } from '@nestjs/common';
import {
  allocateRepayments,
  buildRepaymentPlan,
  DEFAULT_MATURITY_REMINDER_OFFSETS,
  maturityDay,
  methodNeedsRate,
  type PlannedInstalment,
  type RepaymentMethod,
} from '@app/workflow';
import type { EntityManager } from 'typeorm';
import { AppError, CODES } from '../common/errors';
import { enqueue } from '../outbox/enqueue';
import {
  cancelScheduledReminders,
  insertInstalments,
  insertPlan,
  insertPlannedReminders,
  insertVisitReminder,
  latestVisitDueOn,
  loanTermMonths,
  lockLiveInstalments,
  lockPlanRow,
  reminderSettingsRow,
  supersedeInstalments,
  updateInstalmentsRepaid,
  updatePlanMethod,
  updatePlanRepaid,
} from './reminders.repository';

export { REMINDER_HOUR } from './reminders.repository';
/** Lead days of a loan whose loan type is unknown (the loan type's own value otherwise). */
export const DEFAULT_REPAYMENT_LEAD_DAYS = 7;

export interface PlanRow {
  method: RepaymentMethod;
  annualRateBp: number | null;
  disbursedOn: string;
  principalFen: number;
  termMonths: number;
  repaidFen: number;
}

interface ReminderSettings {
  repaymentLeadDays: number;
  maturityOffsets: number[];
}

/** The loan type's reminder settings (by the name the loan holds), or the defaults. */
async function settingsOf(em: EntityManager, loanId: string): Promise<ReminderSettings> {
  const row = await reminderSettingsRow(em, loanId);
  return {
    repaymentLeadDays: row?.repayment_reminder_days ?? DEFAULT_REPAYMENT_LEAD_DAYS,
    maturityOffsets: row?.maturity_reminder_offsets ?? [...DEFAULT_MATURITY_REMINDER_OFFSETS],
  };
}

/** The loan's plan, locked for the caller's transaction; null when it has none (loans disbursed before plans existed). */
export async function lockPlan(em: EntityManager, loanId: string): Promise<PlanRow | null> {
  const row = await lockPlanRow(em, loanId);
  if (!row) return null;
  return {
    method: row.method,
    annualRateBp: row.annual_rate_bp,
    disbursedOn: row.disbursed_on,
    principalFen: Number(row.principal_fen),
    termMonths: row.term_months,
    repaidFen: Number(row.repaid_fen),
  };
}

/** What a commit that cancelled reminders leaves for after it: an outbox row that removes their jobs. */
async function unqueueAfterCommit(em: EntityManager, loanId: string, jobIds: string[]): Promise<void> {
  if (!jobIds.length) return;
  await enqueue(em, 'reminders.unqueue', { loanId, jobIds });
}

/** SEIZURE: a seizure's expiry (written by the bad-loans feature, server/src/bad-loans). */
/** CERT_RETURN: a lent certificate's return; REVALUATION: a collateral item's next revaluation (both written by server/src/custody). */
export type ReminderKind = 'REPAYMENT' | 'MATURITY' | 'VISIT' | 'SEIZURE' | 'CERT_RETURN' | 'REVALUATION';
/** The reminders a repayment plan makes (a plan edit replaces these, and leaves the visit reminder be). */
const PLAN_KINDS: ReminderKind[] = ['REPAYMENT', 'MATURITY'];

/** Cancels the loan's scheduled reminders (all, or those of the given instalments, or of the given kinds); answers their job ids. */
export async function cancelReminders(em: EntityManager, loanId: string, now: Date, instalmentIds?: string[], kinds?: ReminderKind[]): Promise<string[]> {
  const jobIds = await cancelScheduledReminders(em, loanId, now, instalmentIds ?? null, kinds ?? null);
  await unqueueAfterCommit(em, loanId, jobIds);
  return jobIds;
}

/**
 * Writes the plan's instalments (the live set: earlier ones are kept, superseded) with what the
 * repayments so far cover, then the reminders still ahead: one per instalment not yet repaid (the
 * loan type's lead days before it) and the maturity ones. A reminder whose due time has passed is
 * not made; one whose fire time has passed fires at once. A reminder identical to one already sent
 * (same kind, due and fire time: a plan edit that kept the date) is not made again.
 */
async function writeInstalmentsAndReminders(em: EntityManager, loanId: string, plan: PlanRow, now: Date): Promise<void> {
  const instalments: PlannedInstalment[] = buildRepaymentPlan(plan);
  const allocation = allocateRepayments(instalments, plan.repaidFen);
  const inserted = await insertInstalments(em, loanId, instalments, allocation, now);
  await replacePlanReminders(em, loanId, instalments, allocation, inserted, maturityDay(plan.disbursedOn, plan.termMonths), now);
}

/**
 * The plan's reminders of newly written instalments: one per instalment not yet repaid (the loan type's
 * lead days before it) and the maturity ones (its offsets before `maturity`). The caller has cancelled
 * the scheduled ones they replace.
 */
export async function replacePlanReminders(
  em: EntityManager,
  loanId: string,
  instalments: PlannedInstalment[],
  allocation: { state: string }[],
  inserted: { id: string; seq: number }[],
  maturity: string,
  now: Date,
): Promise<void> {
  const idOf = new Map(inserted.map((r) => [r.seq, r.id]));
  const settings = await settingsOf(em, loanId);
  const planned: { kind: 'REPAYMENT' | 'MATURITY'; instalmentId: string | null; dueOn: string; daysBefore: number }[] = [];
  instalments.forEach((i, n) => {
    if (allocation[n].state === 'DUE')
      planned.push({ kind: 'REPAYMENT', instalmentId: idOf.get(i.seq)!, dueOn: i.dueOn, daysBefore: settings.repaymentLeadDays });
  });
  for (const days of new Set(settings.maturityOffsets)) planned.push({ kind: 'MATURITY', instalmentId: null, dueOn: maturity, daysBefore: days });
  if (!planned.length) return;
  await insertPlannedReminders(em, loanId, planned, now);
}

/** VOUCHER_CONFIRM: the plan of the amount lent over the loan's term, and its reminders. */
export async function createPlan(
  em: EntityManager,
  loanId: string,
  input: { method: RepaymentMethod; annualRateBp: number | null; disbursedOn: string; principalFen: number },
  now: Date,
): Promise<void> {
  const plan: PlanRow = { ...input, termMonths: await loanTermMonths(em, loanId), repaidFen: 0 };
  await insertPlan(em, loanId, plan, maturityDay(plan.disbursedOn, plan.termMonths), now);
  await writeInstalmentsAndReminders(em, loanId, plan, now);
}

/** REPAYMENT_PLAN_EDIT: a new method (and rate); the instalments are rebuilt and the scheduled reminders replaced. */
export async function editPlan(em: EntityManager, loanId: string, method: RepaymentMethod, annualRateBp: number | null, now: Date): Promise<void> {
  const plan = await lockPlan(em, loanId);
  if (!plan) throw new AppError(HttpStatus.CONFLICT, CODES.repaymentPlanMissing, 'repaymentPlanMissing', {}, null, 'RepaymentPlanMissing');
  // the rate the plan has is kept unless a new one is given
  const rate = annualRateBp ?? plan.annualRateBp;
  if (methodNeedsRate(method) && rate === null) {
    throw new AppError(HttpStatus.BAD_REQUEST, CODES.repaymentRateRequired, 'repaymentRateRequired');
  }
  const next: PlanRow = { ...plan, method, annualRateBp: rate };
  await updatePlanMethod(em, loanId, method, rate, now);
  await cancelReminders(em, loanId, now, undefined, PLAN_KINDS);
  await supersedeInstalments(em, loanId, now);
  await writeInstalmentsAndReminders(em, loanId, next, now);
}

/**
 * RECORD_REPAYMENT: the amount is added to what was repaid and covers the live instalments in order;
 * each newly covered one becomes REPAID and its scheduled reminder is cancelled (its job removed once
 * this commits). Answers the instalments that became repaid.
 */
export async function recordRepayment(em: EntityManager, loanId: string, amountFen: number, now: Date): Promise<number[]> {
  const plan = await lockPlan(em, loanId);
  if (!plan) return [];
  const repaid = plan.repaidFen + amountFen;
  await updatePlanRepaid(em, loanId, repaid, now);
  const live = await lockLiveInstalments(em, loanId);
  const allocation = allocateRepayments(
    live.map((i) => ({ principalFen: Number(i.principal_fen) })),
    repaid,
  );
  const newlyRepaid = live.filter((i, n) => i.state !== 'REPAID' && allocation[n].state === 'REPAID');
  await updateInstalmentsRepaid(
    em,
    live.map((i) => i.id),
    allocation,
    now,
  );
  if (newlyRepaid.length)
    await cancelReminders(
      em,
      loanId,
      now,
      newlyRepaid.map((i) => i.id),
    );
  return newlyRepaid.map((i) => i.seq);
}

/**
 * VISIT_APPROVE: the approved round's next visit due day gets its reminder, the loan type's repayment
 * lead days before it at 09:00 company time (it fires at once when that has passed), and the loan's
 * previous scheduled visit reminder is cancelled (its job removed after the commit). Runs in the
 * event's transaction, before or after the visits writer marks the round approved: the round is the
 * loan's latest one not returned. Answers the new reminder's id, or null when there is no due day ahead.
 */
export async function scheduleVisitReminder(em: EntityManager, loanId: string, now: Date): Promise<string | null> {
  const visit = await latestVisitDueOn(em, loanId);
  await cancelReminders(em, loanId, now, undefined, ['VISIT']);
  if (!visit?.due_on) return null;
  const settings = await settingsOf(em, loanId);
  return insertVisitReminder(em, loanId, visit.due_on, settings.repaymentLeadDays, now);
}
