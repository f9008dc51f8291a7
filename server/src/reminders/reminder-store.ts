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
import { companyZoneSql } from '../common/company-time';
import { AppError, CODES } from '../common/errors';
import { enqueue } from '../outbox/enqueue';

/** The hour of the company's day at which a reminder fires (and at which an instalment is "due"). */
export const REMINDER_HOUR = '09:00';
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
  const [row] = await em.query(
    `SELECT t.repayment_reminder_days, t.maturity_reminder_offsets FROM loan l LEFT JOIN loan_type t ON t.name = l.loan_type WHERE l.id = $1`,
    [loanId],
  );
  return {
    repaymentLeadDays: row?.repayment_reminder_days ?? DEFAULT_REPAYMENT_LEAD_DAYS,
    maturityOffsets: row?.maturity_reminder_offsets ?? [...DEFAULT_MATURITY_REMINDER_OFFSETS],
  };
}

/** The loan's plan, locked for the caller's transaction; null when it has none (loans disbursed before plans existed). */
export async function lockPlan(em: EntityManager, loanId: string): Promise<PlanRow | null> {
  const [row] = await em.query(
    `SELECT method, annual_rate_bp, to_char(disbursed_on, 'YYYY-MM-DD') AS disbursed_on, principal_fen::text, term_months, repaid_fen::text
       FROM repayment_plan WHERE loan_id = $1 FOR UPDATE`,
    [loanId],
  );
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

export type ReminderKind = 'REPAYMENT' | 'MATURITY' | 'VISIT';
/** The reminders a repayment plan makes (a plan edit replaces these, and leaves the visit reminder be). */
const PLAN_KINDS: ReminderKind[] = ['REPAYMENT', 'MATURITY'];

/** Cancels the loan's scheduled reminders (all, or those of the given instalments, or of the given kinds); answers their job ids. */
export async function cancelReminders(em: EntityManager, loanId: string, now: Date, instalmentIds?: string[], kinds?: ReminderKind[]): Promise<string[]> {
  const rows: { job_id: string }[] = await em.query(
    // (a SELECT around the UPDATE: TypeORM answers an UPDATE with [rows, count])
    `WITH c AS (
       UPDATE reminder SET state = 'CANCELLED', cancelled_at = $2
        WHERE loan_id = $1 AND state = 'SCHEDULED' AND ($3::uuid[] IS NULL OR instalment_id = ANY($3::uuid[]))
          AND ($4::text[] IS NULL OR kind = ANY($4::text[]))
        RETURNING job_id
     ) SELECT job_id FROM c`,
    [loanId, now, instalmentIds ?? null, kinds ?? null],
  );
  const jobIds = rows.map((r) => r.job_id);
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
  const inserted: { id: string; seq: number }[] = await em.query(
    `INSERT INTO repayment_instalment (loan_id, seq, due_on, principal_fen, interest_fen, repaid_fen, state, repaid_at)
     SELECT $1, x.seq, x.due_on, x.principal_fen, x.interest_fen, x.repaid_fen, x.state, CASE WHEN x.state = 'REPAID' THEN $8::timestamptz END
       FROM unnest($2::int[], $3::date[], $4::bigint[], $5::bigint[], $6::bigint[], $7::text[])
            AS x(seq, due_on, principal_fen, interest_fen, repaid_fen, state)
     RETURNING id, seq`,
    [
      loanId,
      instalments.map((i) => i.seq),
      instalments.map((i) => i.dueOn),
      instalments.map((i) => i.principalFen),
      instalments.map((i) => i.interestFen),
      allocation.map((a) => a.repaidFen),
      allocation.map((a) => a.state),
      now,
    ],
  );
  const idOf = new Map(inserted.map((r) => [r.seq, r.id]));
  const settings = await settingsOf(em, loanId);
  const maturity = maturityDay(plan.disbursedOn, plan.termMonths);
  const planned: { kind: 'REPAYMENT' | 'MATURITY'; instalmentId: string | null; dueOn: string; daysBefore: number }[] = [];
  instalments.forEach((i, n) => {
    if (allocation[n].state === 'DUE')
      planned.push({ kind: 'REPAYMENT', instalmentId: idOf.get(i.seq)!, dueOn: i.dueOn, daysBefore: settings.repaymentLeadDays });
  });
  for (const days of new Set(settings.maturityOffsets)) planned.push({ kind: 'MATURITY', instalmentId: null, dueOn: maturity, daysBefore: days });
  if (!planned.length) return;
  const zone = companyZoneSql();
  await em.query(
    `WITH p AS (
       SELECT x.kind, x.instalment_id,
              ((x.due_on + time '${REMINDER_HOUR}') AT TIME ZONE ${zone}) AS due_at,
              (((x.due_on - x.days_before) + time '${REMINDER_HOUR}') AT TIME ZONE ${zone}) AS fire_at
         FROM unnest($2::text[], $3::uuid[], $4::date[], $5::int[]) AS x(kind, instalment_id, due_on, days_before)
     ), fresh AS (
       SELECT gen_random_uuid() AS id, p.* FROM p
        WHERE p.due_at > $6
          AND NOT EXISTS (SELECT 1 FROM reminder r WHERE r.loan_id = $1 AND r.state = 'SENT' AND r.kind = p.kind AND r.due_at = p.due_at AND r.fire_at = p.fire_at)
     )
     INSERT INTO reminder (id, loan_id, kind, instalment_id, due_at, fire_at, job_id)
     SELECT id, $1, kind, instalment_id, due_at, fire_at, 'reminder-' || id FROM fresh`,
    [loanId, planned.map((p) => p.kind), planned.map((p) => p.instalmentId), planned.map((p) => p.dueOn), planned.map((p) => p.daysBefore), now],
  );
}

/** VOUCHER_CONFIRM: the plan of the amount lent over the loan's term, and its reminders. */
export async function createPlan(
  em: EntityManager,
  loanId: string,
  input: { method: RepaymentMethod; annualRateBp: number | null; disbursedOn: string; principalFen: number },
  now: Date,
): Promise<void> {
  const [loan] = await em.query(`SELECT term_months FROM loan WHERE id = $1`, [loanId]);
  const plan: PlanRow = { ...input, termMonths: loan.term_months, repaidFen: 0 };
  await em.query(
    `INSERT INTO repayment_plan (loan_id, method, annual_rate_bp, disbursed_on, principal_fen, term_months, maturity_on, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
    [loanId, plan.method, plan.annualRateBp, plan.disbursedOn, plan.principalFen, plan.termMonths, maturityDay(plan.disbursedOn, plan.termMonths), now],
  );
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
  await em.query(`UPDATE repayment_plan SET method = $2, annual_rate_bp = $3, updated_at = $4 WHERE loan_id = $1`, [loanId, method, rate, now]);
  await cancelReminders(em, loanId, now, undefined, PLAN_KINDS);
  await em.query(`UPDATE repayment_instalment SET superseded_at = $2 WHERE loan_id = $1 AND superseded_at IS NULL`, [loanId, now]);
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
  await em.query(`UPDATE repayment_plan SET repaid_fen = $2, updated_at = $3 WHERE loan_id = $1`, [loanId, repaid, now]);
  const live: { id: string; seq: number; principal_fen: string; state: string }[] = await em.query(
    `SELECT id, seq, principal_fen::text, state FROM repayment_instalment WHERE loan_id = $1 AND superseded_at IS NULL ORDER BY seq FOR UPDATE`,
    [loanId],
  );
  const allocation = allocateRepayments(
    live.map((i) => ({ principalFen: Number(i.principal_fen) })),
    repaid,
  );
  const newlyRepaid = live.filter((i, n) => i.state !== 'REPAID' && allocation[n].state === 'REPAID');
  await em.query(
    `UPDATE repayment_instalment i SET repaid_fen = x.repaid_fen, state = x.state,
            repaid_at = CASE WHEN x.state = 'REPAID' AND i.state <> 'REPAID' THEN $4::timestamptz ELSE i.repaid_at END
       FROM unnest($1::uuid[], $2::bigint[], $3::text[]) AS x(id, repaid_fen, state) WHERE i.id = x.id`,
    [live.map((i) => i.id), allocation.map((a) => a.repaidFen), allocation.map((a) => a.state), now],
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
  const [visit] = await em.query(
    `SELECT to_char(next_visit_due_on, 'YYYY-MM-DD') AS due_on FROM visit_record
      WHERE loan_id = $1 AND state <> 'RETURNED' ORDER BY seq DESC LIMIT 1`,
    [loanId],
  );
  await cancelReminders(em, loanId, now, undefined, ['VISIT']);
  if (!visit?.due_on) return null;
  const settings = await settingsOf(em, loanId);
  const zone = companyZoneSql();
  const rows: { id: string }[] = await em.query(
    `WITH p AS (
       SELECT gen_random_uuid() AS id,
              (($2::date + time '${REMINDER_HOUR}') AT TIME ZONE ${zone}) AS due_at,
              ((($2::date - $3::int) + time '${REMINDER_HOUR}') AT TIME ZONE ${zone}) AS fire_at
     )
     INSERT INTO reminder (id, loan_id, kind, due_at, fire_at, job_id)
     SELECT id, $1, 'VISIT', due_at, fire_at, 'reminder-' || id FROM p WHERE due_at > $4
     RETURNING id`,
    [loanId, visit.due_on, settings.repaymentLeadDays, now],
  );
  return rows[0]?.id ?? null;
}
