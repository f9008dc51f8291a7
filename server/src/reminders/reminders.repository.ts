import { Injectable } from '@nestjs/common';
import type { InstalmentState, PlannedInstalment, RepaymentMethod } from '@app/workflow';
import { DataSource, EntityManager } from 'typeorm';
import { companyZoneSql } from '../common/company-time';
import type { ReminderKind } from './reminder-store';

/** The hour of the company's day at which a reminder fires (and at which an instalment is "due"). */
export const REMINDER_HOUR = '09:00';

export interface ReminderRow {
  id: string;
  kind: ReminderKind;
  due_at: Date;
  fire_at: Date;
  state: 'SCHEDULED' | 'SENT' | 'CANCELLED';
  job_id: string;
}

/** The SQL of the reminders' reads on the API side (the writers' statements, in the caller's transaction, are the functions below the class). */
@Injectable()
export class RemindersRepository {
  constructor(private readonly db: DataSource) {}

  async liveLoanExists(loanId: string): Promise<boolean> {
    const [loan] = await this.db.query(`SELECT 1 FROM loan WHERE id = $1 AND deleted_at IS NULL`, [loanId]);
    return !!loan;
  }

  /** The loan's reminders, oldest fire time first. */
  async ofLoan(loanId: string): Promise<ReminderRow[]> {
    return this.db.query(`SELECT id, kind, due_at, fire_at, state, job_id FROM reminder WHERE loan_id = $1 ORDER BY fire_at, kind, id`, [loanId]);
  }

  /** The loan's repayment plan (amounts in fen as text), null when it has none. */
  async plan(loanId: string): Promise<Record<string, any> | null> {
    const [plan] = await this.db.query(
      `SELECT method, annual_rate_bp, to_char(disbursed_on, 'YYYY-MM-DD') AS disbursed_on, principal_fen::text, repaid_fen::text, term_months,
              to_char(maturity_on, 'YYYY-MM-DD') AS maturity_on
         FROM repayment_plan WHERE loan_id = $1`,
      [loanId],
    );
    return plan ?? null;
  }

  /** The plan's current instalments with their vouchers, by number. */
  async instalments(loanId: string): Promise<Record<string, any>[]> {
    return this.db.query(
      `SELECT i.id, i.seq, to_char(i.due_on, 'YYYY-MM-DD') AS due_on, i.principal_fen::text, i.interest_fen::text, i.repaid_fen::text, i.state,
              a.id AS voucher_id, f.original_name AS voucher_name, a.created_at AS voucher_at
         FROM repayment_instalment i
         LEFT JOIN attachment a ON a.id = i.voucher_attachment_id AND a.deleted_at IS NULL
         LEFT JOIN uploaded_file f ON f.id = a.file_id
        WHERE i.loan_id = $1 AND i.superseded_at IS NULL ORDER BY i.seq`,
      [loanId],
    );
  }

  /** The scheduled reminders, and those of them that fire by `until`. */
  async scheduledCounts(until: Date): Promise<{ scheduled: number; within: number }> {
    const [counts] = await this.db.query(
      `SELECT count(*)::int AS scheduled, count(*) FILTER (WHERE fire_at <= $1)::int AS within FROM reminder WHERE state = 'SCHEDULED'`,
      [until],
    );
    return counts;
  }
}

// The statements of the plan, instalment and reminder writers (reminder-store.ts), the reminder jobs
// (reminder-jobs.handler.ts, reminder-queue.ts) and RECORD_REPAYMENT's preparer (early-settlement.ts),
// in the caller's transaction: plain functions, as their callers are (the seeds run them too).

/** The loan type's reminder settings (by the name the loan holds); undefined when the loan is unknown. */
export async function reminderSettingsRow(
  em: EntityManager,
  loanId: string,
): Promise<{ repayment_reminder_days: number | null; maturity_reminder_offsets: number[] | null } | undefined> {
  const [row] = await em.query(
    `SELECT t.repayment_reminder_days, t.maturity_reminder_offsets FROM loan l LEFT JOIN loan_type t ON t.name = l.loan_type WHERE l.id = $1`,
    [loanId],
  );
  return row;
}

/** The loan's plan row (amounts in fen as text), locked for the caller's transaction; undefined when it has none. */
export async function lockPlanRow(em: EntityManager, loanId: string): Promise<Record<string, any> | undefined> {
  const [row] = await em.query(
    `SELECT method, annual_rate_bp, to_char(disbursed_on, 'YYYY-MM-DD') AS disbursed_on, principal_fen::text, term_months, repaid_fen::text
       FROM repayment_plan WHERE loan_id = $1 FOR UPDATE`,
    [loanId],
  );
  return row;
}

/** Marks the loan's scheduled reminders (all, or those of the given instalments, or of the given kinds) cancelled; answers their job ids. */
export async function cancelScheduledReminders(
  em: EntityManager,
  loanId: string,
  now: Date,
  instalmentIds: string[] | null,
  kinds: ReminderKind[] | null,
): Promise<string[]> {
  const rows: { job_id: string }[] = await em.query(
    // (a SELECT around the UPDATE: TypeORM answers an UPDATE with [rows, count])
    `WITH c AS (
       UPDATE reminder SET state = 'CANCELLED', cancelled_at = $2
        WHERE loan_id = $1 AND state = 'SCHEDULED' AND ($3::uuid[] IS NULL OR instalment_id = ANY($3::uuid[]))
          AND ($4::text[] IS NULL OR kind = ANY($4::text[]))
        RETURNING job_id
     ) SELECT job_id FROM c`,
    [loanId, now, instalmentIds, kinds],
  );
  return rows.map((r) => r.job_id);
}

/** Inserts the plan's instalments with what the repayments so far cover (REPAID ones repaid at `now`); answers their ids by seq. */
export async function insertInstalments(
  em: EntityManager,
  loanId: string,
  instalments: PlannedInstalment[],
  allocation: { repaidFen: number; state: InstalmentState }[],
  now: Date,
): Promise<{ id: string; seq: number }[]> {
  return em.query(
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
}

/**
 * Inserts the planned reminders at REMINDER_HOUR company time, `daysBefore` their due day: not one
 * whose due time has passed, nor one identical to one already sent (same kind, due and fire time).
 */
export async function insertPlannedReminders(
  em: EntityManager,
  loanId: string,
  planned: { kind: 'REPAYMENT' | 'MATURITY'; instalmentId: string | null; dueOn: string; daysBefore: number }[],
  now: Date,
): Promise<void> {
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

/** The loan's term in months (the loan must exist). */
export async function loanTermMonths(em: EntityManager, loanId: string): Promise<number> {
  const [loan] = await em.query(`SELECT term_months FROM loan WHERE id = $1`, [loanId]);
  return loan.term_months;
}

export async function insertPlan(
  em: EntityManager,
  loanId: string,
  plan: { method: RepaymentMethod; annualRateBp: number | null; disbursedOn: string; principalFen: number; termMonths: number },
  maturityOn: string,
  now: Date,
): Promise<void> {
  await em.query(
    `INSERT INTO repayment_plan (loan_id, method, annual_rate_bp, disbursed_on, principal_fen, term_months, maturity_on, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
    [loanId, plan.method, plan.annualRateBp, plan.disbursedOn, plan.principalFen, plan.termMonths, maturityOn, now],
  );
}

export async function updatePlanMethod(em: EntityManager, loanId: string, method: RepaymentMethod, annualRateBp: number | null, now: Date): Promise<void> {
  await em.query(`UPDATE repayment_plan SET method = $2, annual_rate_bp = $3, updated_at = $4 WHERE loan_id = $1`, [loanId, method, annualRateBp, now]);
}

/** The live instalments become superseded (a plan edit writes new ones). */
export async function supersedeInstalments(em: EntityManager, loanId: string, now: Date): Promise<void> {
  await em.query(`UPDATE repayment_instalment SET superseded_at = $2 WHERE loan_id = $1 AND superseded_at IS NULL`, [loanId, now]);
}

export async function updatePlanRepaid(em: EntityManager, loanId: string, repaidFen: number, now: Date): Promise<void> {
  await em.query(`UPDATE repayment_plan SET repaid_fen = $2, updated_at = $3 WHERE loan_id = $1`, [loanId, repaidFen, now]);
}

/** The live instalments in order (principal in fen as text), locked for the caller's transaction. */
export async function lockLiveInstalments(em: EntityManager, loanId: string): Promise<{ id: string; seq: number; principal_fen: string; state: string }[]> {
  return em.query(`SELECT id, seq, principal_fen::text, state FROM repayment_instalment WHERE loan_id = $1 AND superseded_at IS NULL ORDER BY seq FOR UPDATE`, [
    loanId,
  ]);
}

/** The plan's maturity day (YYYY-MM-DD), or undefined when the loan has no plan. */
export async function planMaturityOn(em: EntityManager, loanId: string): Promise<string | undefined> {
  const [row] = await em.query(`SELECT to_char(maturity_on, 'YYYY-MM-DD') AS maturity_on FROM repayment_plan WHERE loan_id = $1`, [loanId]);
  return row?.maturity_on;
}

/** An extension: the plan's new maturity and term (months from the disbursement, rounded up). */
export async function updatePlanMaturity(em: EntityManager, loanId: string, maturityOn: string, termMonths: number, now: Date): Promise<void> {
  await em.query(`UPDATE repayment_plan SET maturity_on = $2, term_months = $3, updated_at = $4 WHERE loan_id = $1`, [loanId, maturityOn, termMonths, now]);
}

/** The given live instalments become superseded (an extension rebuilds those not repaid). */
export async function supersedeInstalmentsById(em: EntityManager, ids: string[], now: Date): Promise<void> {
  await em.query(`UPDATE repayment_instalment SET superseded_at = $2 WHERE id = ANY($1::uuid[]) AND superseded_at IS NULL`, [ids, now]);
}

/** Writes what the repayments cover of each instalment given; one newly REPAID is repaid at `now`. */
export async function updateInstalmentsRepaid(
  em: EntityManager,
  ids: string[],
  allocation: { repaidFen: number; state: InstalmentState }[],
  now: Date,
): Promise<void> {
  await em.query(
    `UPDATE repayment_instalment i SET repaid_fen = x.repaid_fen, state = x.state,
            repaid_at = CASE WHEN x.state = 'REPAID' AND i.state <> 'REPAID' THEN $4::timestamptz ELSE i.repaid_at END
       FROM unnest($1::uuid[], $2::bigint[], $3::text[]) AS x(id, repaid_fen, state) WHERE i.id = x.id`,
    [ids, allocation.map((a) => a.repaidFen), allocation.map((a) => a.state), now],
  );
}

/** The next visit's due day (YYYY-MM-DD or null) of the loan's latest visit round not returned; undefined when it has none. */
export async function latestVisitDueOn(em: EntityManager, loanId: string): Promise<{ due_on: string | null } | undefined> {
  const [visit] = await em.query(
    `SELECT to_char(next_visit_due_on, 'YYYY-MM-DD') AS due_on FROM visit_record
      WHERE loan_id = $1 AND state <> 'RETURNED' ORDER BY seq DESC LIMIT 1`,
    [loanId],
  );
  return visit;
}

/** Inserts the visit reminder at REMINDER_HOUR company time, `leadDays` before the due day, unless its due time has passed; its id then. */
export async function insertVisitReminder(em: EntityManager, loanId: string, dueOn: string, leadDays: number, now: Date): Promise<string | null> {
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
    [loanId, dueOn, leadDays, now],
  );
  return rows[0]?.id ?? null;
}

/** The reminder with its instalment's seq and principal (fen as text), its row locked; undefined when there is none. */
export async function lockReminderToSend(em: EntityManager, reminderId: string): Promise<Record<string, any> | undefined> {
  const [r] = await em.query(
    `SELECT r.id, r.loan_id, r.kind, r.state, r.fire_at, r.due_at, i.seq, i.principal_fen::text, s.asset,
            c.number AS cert_number, c.state AS cert_state, c.lent_to AS cert_lent_to, k.owner AS item_owner, k.description AS item_description
       FROM reminder r LEFT JOIN repayment_instalment i ON i.id = r.instalment_id LEFT JOIN seizure s ON s.id = r.seizure_id
            LEFT JOIN custody_certificate c ON c.id = r.certificate_id LEFT JOIN collateral k ON k.id = r.collateral_id
      WHERE r.id = $1 FOR UPDATE OF r`,
    [reminderId],
  );
  return r;
}

/** The loan's company name and officers (the B-post one as the machine holds it, else the loan's). */
export async function reminderLoan(
  em: EntityManager,
  loanId: string,
): Promise<{ company: string; a_post_officer_id: string | null; b_post_officer_id: string | null } | undefined> {
  const [loan] = await em.query(
    `SELECT c.name AS company, l.a_post_officer_id,
            COALESCE(NULLIF(i.snapshot->'context'->>'bPostOfficerId', ''), l.b_post_officer_id::text) AS b_post_officer_id
       FROM loan l JOIN company c ON c.id = l.company_id JOIN workflow_instance i ON i.loan_id = l.id WHERE l.id = $1`,
    [loanId],
  );
  return loan;
}

/** Those of the users who are not disabled, with their language. */
export async function enabledUsers(em: EntityManager, userIds: string[]): Promise<{ id: string; language: string }[]> {
  return em.query(`SELECT id, language FROM app_user WHERE id = ANY($1::uuid[]) AND NOT disabled`, [userIds]);
}

/** The reminder's message to one officer, once (its source key); `at` dates it (the database's clock when null). Answers the rows inserted. */
export async function insertReminderMessage(
  em: EntityManager,
  message: { userId: string; title: string; content: string; sourceKey: string; link: string; at: Date | null },
): Promise<{ id: string }[]> {
  return em.query(
    `INSERT INTO message (user_id, title, content, type, source_key, link, created_at) VALUES ($1, $2, $3, 'REMINDER', $4, $5, COALESCE($6, now()))
       ON CONFLICT (user_id, source_key) WHERE source_key IS NOT NULL DO NOTHING RETURNING id`,
    [message.userId, message.title, message.content, message.sourceKey, message.link, message.at],
  );
}

export async function markReminderSent(em: EntityManager, reminderId: string, sentAt: Date, late: boolean): Promise<void> {
  await em.query(`UPDATE reminder SET state = 'SENT', sent_at = $2, late = $3 WHERE id = $1`, [reminderId, sentAt, late]);
}

/** A batch (`limit` rows, by fire time then id, after `after`) of the SCHEDULED reminders that fire by `until`. */
export async function scheduledToQueue(
  db: DataSource | EntityManager,
  until: Date,
  after: { fireAt: Date; id: string } | null,
  limit: number,
): Promise<{ id: string; job_id: string; fire_at: Date }[]> {
  return db.query(
    `SELECT id, job_id, fire_at FROM reminder
        WHERE state = 'SCHEDULED' AND fire_at <= $1 AND ($2::timestamptz IS NULL OR (fire_at, id) > ($2, $3::uuid))
        ORDER BY fire_at, id LIMIT ${limit}`,
    [until, after?.fireAt ?? null, after?.id ?? null],
  );
}

/** The first live instalment with principal still open: its seq and what it still owes (fen as text), and what all live ones owe. */
export async function openInstalmentDue(em: EntityManager, loanId: string): Promise<{ seq: number; due: string; outstanding: string } | undefined> {
  const [open] = await em.query(
    `SELECT seq, (principal_fen - repaid_fen)::text AS due,
            (SELECT sum(principal_fen - repaid_fen) FROM repayment_instalment o WHERE o.loan_id = $1 AND o.superseded_at IS NULL)::text AS outstanding
       FROM repayment_instalment
      WHERE loan_id = $1 AND superseded_at IS NULL AND state <> 'REPAID' AND principal_fen > repaid_fen ORDER BY seq LIMIT 1`,
    [loanId],
  );
  return open;
}

/** Marks a scheduled reminder cancelled (a certificate's return reminder that fires once the certificate is back). */
export async function markReminderCancelled(em: EntityManager, reminderId: string, now: Date): Promise<void> {
  await em.query(`UPDATE reminder SET state = 'CANCELLED', cancelled_at = $2 WHERE id = $1 AND state = 'SCHEDULED'`, [reminderId, now]);
}

/**
 * The next daily return reminder of a lent certificate, after the one just sent: the day after it, and
 * not before the day after the return day (overdue); the certificate's row is read under the caller's
 * lock of the reminder. Answers the row made (none when the certificate is no longer lent).
 */
export async function insertNextCertificateReminder(em: EntityManager, reminderId: string): Promise<{ id: string; jobId: string; fireAt: Date } | null> {
  const [row] = await em.query(
    `WITH r AS (
       SELECT r.loan_id, r.certificate_id, r.due_at, greatest(r.fire_at + interval '1 day', r.due_at + interval '1 day') AS fire_at
         FROM reminder r JOIN custody_certificate c ON c.id = r.certificate_id
        WHERE r.id = $1 AND c.state = 'LENT'
     ), fresh AS (SELECT gen_random_uuid() AS id, r.* FROM r)
     INSERT INTO reminder (id, loan_id, kind, certificate_id, due_at, fire_at, job_id)
     SELECT id, loan_id, 'CERT_RETURN', certificate_id, due_at, fire_at, 'reminder-' || id FROM fresh
     RETURNING id, job_id AS "jobId", fire_at AS "fireAt"`,
    [reminderId],
  );
  return row ?? null;
}
