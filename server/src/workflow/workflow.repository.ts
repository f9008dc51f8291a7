import { Injectable } from '@nestjs/common';
import type { PoolClient as PgClient } from 'pg';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { COMMIT_STEP_NAME, COMMIT_STEP_SQL, CommitStep, commitStepParams, listColumnParams } from './commit-step';

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
   * One step of a loan as a single statement (commit-step.ts; atomic on its own, inside or outside a
   * transaction). Nothing is written when the version, the last hash, the loan or the guarded loan
   * data moved.
   */
  async commitStep(em: EntityManager, step: CommitStep): Promise<boolean> {
    const values = commitStepParams(step);
    // A named (prepared) statement: PostgreSQL parses and plans this four-part statement once per
    // connection instead of on every event (TypeORM's query() cannot name one; its connection can).
    const runner = em.queryRunner ?? this.db.createQueryRunner();
    try {
      const client = (await runner.connect()) as PgClient;
      const result = await client.query({ name: COMMIT_STEP_NAME, text: COMMIT_STEP_SQL, values }).catch((error: Error) => {
        // As TypeORM reports its own, so that the exception filter maps it the same way.
        throw new QueryFailedError(COMMIT_STEP_SQL, values, error);
      });
      return result.rows[0].applied === 1;
    } finally {
      if (!em.queryRunner) await runner.release();
    }
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

  /** Claims an idempotency key for the user: false when it was claimed before (a concurrent twin waits here until the first commits). */
  async claimIdempotencyKey(em: EntityManager, userId: string, key: string, requestHash: string): Promise<boolean> {
    const [claimed] = await em.query(`INSERT INTO idempotency_key (user_id, key, request_hash) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING key`, [
      userId,
      key,
      requestHash,
    ]);
    return !!claimed;
  }

  /** Keeps the answer of the step that claimed the key, for a repeat of the same request. */
  async saveIdempotentResponse(em: EntityManager, userId: string, key: string, response: unknown): Promise<void> {
    await em.query(`UPDATE idempotency_key SET response = $3 WHERE user_id = $1 AND key = $2`, [userId, key, response]);
  }

  /** The request hash and kept answer of a claimed key; undefined when the user never claimed it. */
  async idempotencyKey(userId: string, key: string): Promise<{ request_hash: string; response: any } | undefined> {
    const [row] = await this.db.query(`SELECT request_hash, response FROM idempotency_key WHERE user_id = $1 AND key = $2`, [userId, key]);
    return row;
  }

  /** Locks the instance row until the transaction ends (the lock the features' own writes also take). */
  async lockInstance(em: EntityManager, loanId: string): Promise<void> {
    await em.query(`SELECT 1 FROM workflow_instance WHERE loan_id = $1 FOR UPDATE`, [loanId]);
  }

  /** Who created the loan and when (deleted or not); undefined when there is no such loan. */
  async loanCreation(loanId: string): Promise<{ created_at: Date; created_by: string | null; nickname: string | null } | undefined> {
    const [loan] = await this.db.query(
      `SELECT l.created_at, l.created_by, u.nickname FROM loan l LEFT JOIN app_user u ON u.id = l.created_by WHERE l.id = $1`,
      [loanId],
    );
    return loan;
  }
}
