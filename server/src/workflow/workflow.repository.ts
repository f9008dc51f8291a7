import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { listColumns } from './list-columns';

export interface InstanceRow {
  loanId: string;
  machineVersion: number;
  input: Record<string, unknown>;
  snapshot: any;
  stage: string;
  status: string;
  version: number;
  lastHash: string;
}

export interface EventRow {
  seq: number;
  type: string;
  payload: Record<string, unknown>;
  actorId: string;
  actorName: string | null;
  at: string;
  from: unknown;
  to: unknown;
  machineVersion: number;
  prevHash: string;
  hash: string;
}

/** The list columns of an instance (active_paths, amount_fen, b_post_officer_id, disbursed_on, disbursed_amount_fen), derived from its snapshot. */
function listColumnParams(snapshot: unknown): [string[], number, string | null, string | null, number | null] {
  const c = listColumns(snapshot as Parameters<typeof listColumns>[0]);
  return [c.activePaths, c.amountFen, c.bPostOfficerId, c.disbursedOn, c.disbursedAmountFen];
}

/** SQL of the workflow tables. Events are only ever inserted. */
@Injectable()
export class WorkflowRepository {
  constructor(private readonly db: DataSource) {}

  async instance(loanId: string, em: EntityManager = this.db.manager): Promise<InstanceRow | null> {
    const [row] = await em.query(
      // A deleted loan (soft delete, before pre-review) is gone for the workflow too: no view, no events.
      `SELECT wi.loan_id AS "loanId", wi.machine_version AS "machineVersion", wi.input, wi.snapshot, wi.stage, wi.status, wi.version,
              wi.last_hash AS "lastHash"
         FROM workflow_instance wi JOIN loan l ON l.id = wi.loan_id
        WHERE wi.loan_id = $1 AND l.deleted_at IS NULL`,
      [loanId],
    );
    return row ?? null;
  }

  /**
   * The instance and its whole log (without actor names) in one statement: one round trip, and one view of
   * the database, so an event committed meanwhile cannot leave the log ahead of the instance read.
   */
  async instanceWithLog(loanId: string): Promise<{ row: InstanceRow; events: Omit<EventRow, 'actorName'>[] } | null> {
    const [found] = await this.db.query(
      `SELECT wi.loan_id AS "loanId", wi.machine_version AS "machineVersion", wi.input, wi.snapshot, wi.stage, wi.status, wi.version,
              wi.last_hash AS "lastHash",
              (SELECT coalesce(json_agg(json_build_object('seq', e.seq, 'type', e.type, 'payload', e.payload, 'actorId', e.actor_id, 'at', e.at,
                                                          'from', e.state_from, 'to', e.state_to, 'machineVersion', e.machine_version,
                                                          'prevHash', e.prev_hash, 'hash', e.hash) ORDER BY e.seq), '[]'::json)
                 FROM workflow_event e WHERE e.loan_id = wi.loan_id) AS events
         FROM workflow_instance wi JOIN loan l ON l.id = wi.loan_id
        WHERE wi.loan_id = $1 AND l.deleted_at IS NULL`,
      [loanId],
    );
    if (!found) return null;
    const { events, ...row } = found;
    // JSON renders the timestamp with an offset; the chain hashed its ISO form
    return { row, events: events.map((e: EventRow) => ({ ...e, at: new Date(e.at).toISOString() })) };
  }

  async createInstance(em: EntityManager, row: Omit<InstanceRow, 'version'> & { machineId: string }): Promise<void> {
    await em.query(
      `INSERT INTO workflow_instance (loan_id, machine_id, machine_version, input, snapshot, stage, status, version, last_hash,
                                     active_paths, amount_fen, b_post_officer_id, disbursed_on, disbursed_amount_fen)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8, $9, $10, $11, $12, $13)`,
      [row.loanId, row.machineId, row.machineVersion, row.input, row.snapshot, row.stage, row.status, row.lastHash, ...listColumnParams(row.snapshot)],
    );
  }

  /**
   * One step of a loan, as a single statement (atomic on its own, inside or outside a transaction):
   * the instance moves on only if it is still at the version read; then, from that same row, the
   * event is appended and one outbox row written per effect, in their order. Nothing is written
   * when the version moved.
   */
  async commitStep(
    em: EntityManager,
    step: {
      loanId: string;
      expectedVersion: number;
      snapshot: unknown;
      stage: string;
      status: string;
      event: Omit<EventRow, 'actorName' | 'seq'>;
      /** The effects of the step as outbox rows (topic = effect name); may be empty. */
      outbox: readonly { topic: string; payload: unknown }[];
    },
  ): Promise<boolean> {
    const e = step.event;
    const [row] = await em.query(
      `WITH moved AS (
         UPDATE workflow_instance SET snapshot = $3, stage = $4, status = $5, last_hash = $6, version = version + 1, updated_at = now(),
                active_paths = $17, amount_fen = $18, b_post_officer_id = $19, disbursed_on = $20, disbursed_amount_fen = $21
          WHERE loan_id = $1 AND version = $2 RETURNING loan_id, version
       ), appended AS (
         INSERT INTO workflow_event (loan_id, seq, type, payload, actor_id, at, state_from, state_to, machine_version, prev_hash, hash)
         SELECT loan_id, version, $7, $8, $9, $10, $11, $12, $13, $14, $6 FROM moved RETURNING seq
       ), queued AS (
         INSERT INTO outbox (topic, payload)
         SELECT effect.topic, effect.payload
           FROM moved, ROWS FROM (jsonb_array_elements_text($15::jsonb), jsonb_array_elements($16::jsonb)) WITH ORDINALITY AS effect(topic, payload, n)
          ORDER BY effect.n RETURNING id
       )
       SELECT (SELECT count(*) FROM appended)::int AS applied`,
      [
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
      ],
    );
    return row.applied === 1;
  }

  async events(loanId: string, uptoSeq: number | null = null): Promise<EventRow[]> {
    const rows = await this.db.query(
      `SELECT e.seq, e.type, e.payload, e.actor_id AS "actorId", u.nickname AS "actorName", e.at, e.state_from AS "from",
              e.state_to AS "to", e.machine_version AS "machineVersion", e.prev_hash AS "prevHash", e.hash
         FROM workflow_event e LEFT JOIN app_user u ON u.id = e.actor_id
        WHERE e.loan_id = $1 AND ($2::int IS NULL OR e.seq <= $2::int) ORDER BY e.seq`,
      [loanId, uptoSeq],
    );
    return rows.map((r: any) => ({ ...r, at: new Date(r.at).toISOString() }));
  }
}
