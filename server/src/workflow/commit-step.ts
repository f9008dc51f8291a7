import type { EventRow } from './workflow.repository';
import { listColumns } from './list-columns';

/** What one step of a loan writes (see COMMIT_STEP_SQL). */
export interface CommitStep {
  loanId: string;
  expectedVersion: number;
  snapshot: unknown;
  stage: string;
  status: string;
  /** event.prevHash is also checked against the instance's last_hash. */
  event: Omit<EventRow, 'actorName' | 'seq'>;
  /** The effects of the step as outbox rows (topic = effect name); may be empty. */
  outbox: readonly { topic: string; payload: unknown }[];
  /**
   * When the event carries what the server read from loan_data (SUBMIT_MATERIALS' completeness): the
   * versions read, type -> version; the step is refused if a type was saved since.
   */
  loanDataVersions?: Record<string, number> | null;
}

/** The list columns of an instance (active_paths, amount_fen, b_post_officer_id, disbursed_on, disbursed_amount_fen), derived from its snapshot. */
export function listColumnParams(snapshot: unknown): [string[], number, string | null, string | null, number | null] {
  const c = listColumns(snapshot as Parameters<typeof listColumns>[0]);
  return [c.activePaths, c.amountFen, c.bPostOfficerId, c.disbursedOn, c.disbursedAmountFen];
}

/**
 * One step of a loan in one round trip: the instance moves on only if it is still at the version and
 * last hash the step was computed from, its loan is not deleted and (when given) no loan data was saved
 * since it was read; then, from that same row, the event is appended with its chained hash and one
 * outbox row written per effect, in their order. Nothing is written otherwise (applied = 0).
 * The bench (test/bench/workflow.bench.ts) sends this very text as its raw baseline.
 */
/** The prepared statement's name on each connection (pg prepares it on first use). */
export const COMMIT_STEP_NAME = 'workflow_commit_step';

export const COMMIT_STEP_SQL = `WITH moved AS (
         UPDATE workflow_instance SET snapshot = $3, stage = $4, status = $5, last_hash = $6, version = version + 1, updated_at = now(),
                active_paths = $17, amount_fen = $18, b_post_officer_id = $19, disbursed_on = $20, disbursed_amount_fen = $21
          WHERE loan_id = $1 AND version = $2 AND last_hash = $14
            AND EXISTS (SELECT 1 FROM loan l WHERE l.id = $1 AND l.deleted_at IS NULL)
            AND ($22::jsonb IS NULL
                 OR $22::jsonb = (SELECT coalesce(jsonb_object_agg(d.type, d.version), '{}'::jsonb) FROM loan_data d WHERE d.loan_id = $1))
          RETURNING loan_id, version
       ), appended AS (
         INSERT INTO workflow_event (loan_id, seq, type, payload, actor_id, at, state_from, state_to, machine_version, prev_hash, hash)
         SELECT loan_id, version, $7, $8, $9, $10, $11, $12, $13, $14, $6 FROM moved RETURNING seq
       ), queued AS (
         INSERT INTO outbox (topic, payload)
         SELECT effect.topic, effect.payload
           FROM moved, ROWS FROM (jsonb_array_elements_text($15::jsonb), jsonb_array_elements($16::jsonb)) WITH ORDINALITY AS effect(topic, payload, n)
          ORDER BY effect.n RETURNING id
       )
       SELECT (SELECT count(*) FROM appended)::int AS applied`;

export function commitStepParams(step: CommitStep): unknown[] {
  const e = step.event;
  return [
    step.loanId,
    step.expectedVersion,
    step.snapshot,
    step.stage,
    step.status,
    e.hash,
    e.type,
    e.payload,
    e.actorId,
    e.at,
    JSON.stringify(e.from),
    JSON.stringify(e.to),
    e.machineVersion,
    e.prevHash,
    // Topics and payloads side by side, as JSON text (the driver would send a JavaScript array as a PostgreSQL array).
    JSON.stringify(step.outbox.map((o) => o.topic)),
    JSON.stringify(step.outbox.map((o) => o.payload)),
    ...listColumnParams(step.snapshot),
    step.loanDataVersions ? JSON.stringify(step.loanDataVersions) : null,
  ];
}
