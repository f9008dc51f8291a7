import type * as engine from '@app/workflow';
import type { EntityManager } from 'typeorm';

// The SQL of the evidence check (evidence.ts): the loan's events that bound a document's round, the
// newest round of its stored files and its open instalment, in the caller's transaction. Plain
// functions taking the EntityManager, as their callers are.

/** The loan's events before `beforeSeq`, newest first, `limit` at most. */
export async function eventsBefore(em: EntityManager, loanId: string, beforeSeq: number, limit: number): Promise<engine.RoundEvent[]> {
  return em.query(
    `SELECT seq, type, state_from AS "from", state_to AS "to" FROM workflow_event WHERE loan_id = $1 AND seq < $2 ORDER BY seq DESC LIMIT ${limit}`,
    [loanId, beforeSeq],
  );
}

/** Whether the loan has a document of `kind` (not deleted, for an attachment) stored at or after workflow version `fromVersion`. */
export async function documentStoredSince(
  em: EntityManager,
  table: 'loan_document' | 'attachment',
  loanId: string,
  kind: engine.EvidenceKind,
  fromVersion: number,
): Promise<boolean> {
  const [found] = await em.query(
    `SELECT 1 FROM ${table} WHERE loan_id = $1 AND kind = $2 AND coalesce(workflow_version, 0) >= $3 ${table === 'attachment' ? 'AND deleted_at IS NULL' : ''} LIMIT 1`,
    [loanId, kind, fromVersion],
  );
  return Boolean(found);
}

/** The first live instalment not repaid: where the repayment voucher goes; null when there is none. */
export async function openInstalmentId(em: EntityManager, loanId: string): Promise<string | null> {
  const [open] = await em.query(`SELECT id FROM repayment_instalment WHERE loan_id = $1 AND superseded_at IS NULL AND state <> 'REPAID' ORDER BY seq LIMIT 1`, [
    loanId,
  ]);
  return open?.id ?? null;
}

/** The instance's version (the seq of its latest event). */
export async function instanceVersion(em: EntityManager, loanId: string): Promise<number> {
  const [row] = await em.query(`SELECT version FROM workflow_instance WHERE loan_id = $1`, [loanId]);
  return Number(row.version);
}

/** The latest `limit` events of each loan, newest first. */
export function latestEventsOf(em: EntityManager, loanIds: string[], limit: number): Promise<(engine.RoundEvent & { loanId: string })[]> {
  return em.query(
    `SELECT l.id AS "loanId", e.seq, e.type, e.state_from AS "from", e.state_to AS "to"
         FROM unnest($1::uuid[]) AS l(id)
         CROSS JOIN LATERAL (SELECT seq, type, state_from, state_to FROM workflow_event WHERE loan_id = l.id ORDER BY seq DESC LIMIT ${limit}) e`,
    [loanIds],
  );
}

/** The newest workflow version among each loan's live attachments, by kind. */
export function newestAttachmentsOf(em: EntityManager, loanIds: string[]): Promise<{ loanId: string; kind: string; newest: number }[]> {
  return em.query(
    `SELECT loan_id AS "loanId", kind, max(coalesce(workflow_version, 0)) AS newest FROM attachment
        WHERE loan_id = ANY($1::uuid[]) AND deleted_at IS NULL GROUP BY loan_id, kind`,
    [loanIds],
  );
}

/** The newest workflow version among each loan's documents, by kind. */
export function newestDocumentsOf(em: EntityManager, loanIds: string[]): Promise<{ loanId: string; kind: string; newest: number }[]> {
  return em.query(
    `SELECT loan_id AS "loanId", kind, max(coalesce(workflow_version, 0)) AS newest FROM loan_document WHERE loan_id = ANY($1::uuid[]) GROUP BY loan_id, kind`,
    [loanIds],
  );
}

/** Each loan's first live instalment not repaid (loans with none are left out). */
export function openInstalmentsOf(em: EntityManager, loanIds: string[]): Promise<{ loanId: string; id: string }[]> {
  return em.query(
    `SELECT DISTINCT ON (loan_id) loan_id AS "loanId", id FROM repayment_instalment
            WHERE loan_id = ANY($1::uuid[]) AND superseded_at IS NULL AND state <> 'REPAID' ORDER BY loan_id, seq`,
    [loanIds],
  );
}
