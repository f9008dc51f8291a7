import { Injectable } from '@nestjs/common';
import type { RiskClassification } from '@app/workflow';
import { DataSource, EntityManager } from 'typeorm';
import { ATTACHMENT_SELECT } from '../archives/archives.repository';

const RECORD_SELECT = `
  SELECT v.id, v.seq, v.round, v.kind, v.classification, v.previous_classification AS "previousClassification", v.downgraded, v.reason,
         to_char(v.next_visit_due_on, 'YYYY-MM-DD') AS "nextVisitDueOn", v.state, v.submitted_by AS "submittedBy", su.nickname AS "submittedByName",
         v.submitted_at AS "submittedAt", du.nickname AS "decidedByName", v.decided_at AS "decidedAt", v.decision_reason AS "decisionReason"
    FROM visit_record v LEFT JOIN app_user su ON su.id = v.submitted_by LEFT JOIN app_user du ON du.id = v.decided_by
   WHERE v.loan_id = $1 ORDER BY v.seq`;

// The statements of the visit writers (visit-writers.ts, in the event's transaction) and of the risk
// downgrade job (risk-downgrade.handler.ts): plain functions taking the EntityManager (or the
// DataSource), as their callers are (the seeds run the writers too).

type Db = DataSource | EntityManager;

/** The classification of the loan's latest visit round; null when it has none. */
export async function latestClassification(em: EntityManager, loanId: string): Promise<RiskClassification | null> {
  const [row] = await em.query(`SELECT classification FROM visit_record WHERE loan_id = $1 ORDER BY seq DESC LIMIT 1`, [loanId]);
  return row?.classification ?? null;
}

/** The loan's workflow version (the seq of its latest event). */
export async function instanceVersion(em: EntityManager, loanId: string): Promise<number> {
  const [{ version }] = await em.query(`SELECT version FROM workflow_instance WHERE loan_id = $1`, [loanId]);
  return version;
}

/** A submitted round's record; its next visit falls `nextVisitInterval` (a PostgreSQL interval) after `submittedDay`. */
export async function insertVisitRecord(
  em: EntityManager,
  row: {
    loanId: string;
    seq: number;
    round: number;
    kind: string;
    classification: RiskClassification;
    previous: RiskClassification | null;
    downgraded: boolean;
    reason: string | null;
    submittedDay: string;
    nextVisitInterval: string;
    submittedBy: string;
    submittedAt: string;
  },
): Promise<void> {
  await em.query(
    `INSERT INTO visit_record (loan_id, seq, round, kind, classification, previous_classification, downgraded, reason, next_visit_due_on,
                               submitted_by, submitted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, ($9::date + $10::interval)::date, $11, $12)`,
    [
      row.loanId,
      row.seq,
      row.round,
      row.kind,
      row.classification,
      row.previous,
      row.downgraded,
      row.reason,
      row.submittedDay,
      row.nextVisitInterval,
      row.submittedBy,
      row.submittedAt,
    ],
  );
}

/** The leader's answer on the loan's submitted round; answers the rounds it decided. */
export async function decideSubmittedVisit(
  em: EntityManager,
  loanId: string,
  decision: { state: 'APPROVED' | 'RETURNED'; decidedBy: string; decidedAt: string; reason: string | null },
): Promise<{ id: string; classification: RiskClassification; reason: string | null; submittedBy: string }[]> {
  return em.query(
    // a SELECT over the UPDATE: its rows come back as rows (an UPDATE's would come with its count)
    `WITH decided AS (
       UPDATE visit_record SET state = $2, decided_by = $3, decided_at = $4, decision_reason = $5 WHERE loan_id = $1 AND state = 'SUBMITTED'
       RETURNING id, classification, reason, submitted_by)
     SELECT id, classification, reason, submitted_by AS "submittedBy" FROM decided`,
    [loanId, decision.state, decision.decidedBy, decision.decidedAt, decision.reason],
  );
}

/** The visit record of event `seq` with its company's name, when that round downgraded the loan; undefined otherwise. */
export async function downgradeRecord(
  db: Db,
  loanId: string,
  seq: number,
): Promise<{ round: number; classification: RiskClassification; previous: RiskClassification | null; reason: string | null; company: string } | undefined> {
  const [record] = await db.query(
    `SELECT v.round, v.classification, v.previous_classification AS previous, v.reason, c.name AS company
         FROM visit_record v JOIN loan l ON l.id = v.loan_id JOIN company c ON c.id = l.company_id
        WHERE v.loan_id = $1 AND v.seq = $2 AND v.downgraded`,
    [loanId, seq],
  );
  return record;
}

/** The loan's live repayment instalments as the overdue rule reads them (none without a plan). */
export async function liveInstalments(em: EntityManager, loanId: string): Promise<{ dueOn: string; principalFen: number; repaidFen: number }[]> {
  const rows: { dueOn: string; principalFen: string; repaidFen: string }[] = await em.query(
    `SELECT to_char(due_on, 'YYYY-MM-DD') AS "dueOn", principal_fen::text AS "principalFen", repaid_fen::text AS "repaidFen"
       FROM repayment_instalment WHERE loan_id = $1 AND superseded_at IS NULL`,
    [loanId],
  );
  return rows.map((r) => ({ dueOn: r.dueOn, principalFen: Number(r.principalFen), repaidFen: Number(r.repaidFen) }));
}

/** The loan's classification as the last change made it (the approved reports); null when never classified. */
export async function currentClassification(em: EntityManager, loanId: string): Promise<RiskClassification | null> {
  const [row] = await em.query(
    `SELECT to_classification AS classification FROM classification_change WHERE loan_id = $1 ORDER BY changed_at DESC, id DESC LIMIT 1`,
    [loanId],
  );
  return row?.classification ?? null;
}

/**
 * The loan's guaranteed balance at a moment, in fen: the amount lent less the repayments recorded
 * (RECORD_REPAYMENT) up to then, never below zero; 0 before the disbursement.
 */
export async function guaranteedBalanceFen(em: EntityManager, loanId: string, at: string): Promise<number> {
  const [row] = await em.query(
    `SELECT GREATEST(0, COALESCE(wi.disbursed_amount_fen, 0) - COALESCE((
              SELECT sum(round((e.payload->>'amount')::numeric * 100)) FROM workflow_event e
               WHERE e.loan_id = wi.loan_id AND e.type = 'RECORD_REPAYMENT' AND e.at <= $2), 0))::text AS fen
       FROM workflow_instance wi WHERE wi.loan_id = $1`,
    [loanId, at],
  );
  return Number(row?.fen ?? 0);
}

/** A change of the loan's classification, kept for ever. */
export async function insertClassificationChange(
  em: EntityManager,
  row: {
    loanId: string;
    visitRecordId: string;
    from: RiskClassification | null;
    to: RiskClassification;
    reportedBy: string;
    changedBy: string;
    changedAt: string;
    reason: string | null;
    balanceFen: number;
  },
): Promise<void> {
  await em.query(
    `INSERT INTO classification_change (loan_id, visit_record_id, from_classification, to_classification, reported_by, changed_by, changed_at, reason, balance_fen)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [row.loanId, row.visitRecordId, row.from, row.to, row.reportedBy, row.changedBy, row.changedAt, row.reason, row.balanceFen],
  );
}

/** The enabled users other than `exceptId`, with their language, roles and keys. */
export async function enabledUsersWithKeys(db: Db, exceptId: string): Promise<{ id: string; language: string; roles: string[]; permissions: string[] }[]> {
  return db.query(
    `SELECT u.id, u.language,
              COALESCE((SELECT array_agg(r.code) FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id), '{}') AS roles,
              COALESCE((SELECT array_agg(DISTINCT rp.permission_key) FROM user_role ur JOIN role_permission rp ON rp.role_id = ur.role_id
                        WHERE ur.user_id = u.id), '{}') AS permissions
         FROM app_user u WHERE NOT u.disabled AND u.id <> $1`,
    [exceptId],
  );
}

/** The risk message to one user, once (its source key); answers the rows inserted. */
export async function insertRiskMessage(
  db: Db,
  message: { userId: string; title: string; content: string; sourceKey: string; link: string },
): Promise<{ id: string }[]> {
  return db.query(
    `INSERT INTO message (user_id, title, content, type, source_key, link) VALUES ($1, $2, $3, 'RISK', $4, $5)
         ON CONFLICT (user_id, source_key) WHERE source_key IS NOT NULL DO NOTHING RETURNING id`,
    [message.userId, message.title, message.content, message.sourceKey, message.link],
  );
}

/** The SQL of the visits' reads (the writers' statements are the functions above). */
@Injectable()
export class VisitsRepository {
  constructor(private readonly db: DataSource) {}

  /** The live loan's machine snapshot; undefined when there is no such loan. */
  async snapshot(em: EntityManager, loanId: string): Promise<{ snapshot: any } | undefined> {
    const [row] = await em.query(
      `SELECT wi.snapshot FROM workflow_instance wi JOIN loan l ON l.id = wi.loan_id WHERE wi.loan_id = $1 AND l.deleted_at IS NULL`,
      [loanId],
    );
    return row;
  }

  /** The loan's visit records, in order. */
  async records(loanId: string): Promise<Record<string, any>[]> {
    return this.db.query(RECORD_SELECT, [loanId]);
  }

  /** The loan's kept visit attachments (kind AFTER_GUARANTEE), oldest first. */
  async attachments(loanId: string): Promise<{ id: string; name: string; size: string; uploadedByName: string | null; uploadedAt: Date }[]> {
    return this.db.query(
      `SELECT a.id, f.original_name AS name, f.size, u.nickname AS "uploadedByName", a.created_at AS "uploadedAt"
         FROM attachment a JOIN uploaded_file f ON f.id = a.file_id LEFT JOIN app_user u ON u.id = a.created_by
        WHERE a.loan_id = $1 AND a.kind = 'AFTER_GUARANTEE' AND a.deleted_at IS NULL
        ORDER BY a.created_at, a.id`,
      [loanId],
    );
  }

  /** Locks the instance row until the transaction ends. */
  async lockInstance(em: EntityManager, loanId: string): Promise<void> {
    await em.query(`SELECT 1 FROM workflow_instance WHERE loan_id = $1 FOR UPDATE`, [loanId]);
  }

  /** A kept visit attachment (an ATTACHMENT_SELECT row) of the live loan. */
  async attachment(loanId: string, attachmentId: string): Promise<Record<string, any> | undefined> {
    const [row] = await this.db.query(
      `${ATTACHMENT_SELECT} JOIN loan l ON l.id = a.loan_id AND l.deleted_at IS NULL
        WHERE a.id = $1 AND a.loan_id = $2 AND a.kind = 'AFTER_GUARANTEE' AND a.deleted_at IS NULL`,
      [attachmentId, loanId],
    );
    return row;
  }
}
