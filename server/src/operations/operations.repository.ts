import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { cursorRows } from '../common/spreadsheet';
import { PlannedReads } from '../database/planned-reads';
import { writeTrail } from './operator-trail';
import { stuckPageStatement, type StuckPageRequest } from './stuck-query';

/** One operator action as the trail keeps it. */
export interface TrailEntry {
  actorId: string;
  action: TrailAction;
  loanId?: string | null;
  batchId?: string | null;
  reason?: string;
  before?: unknown;
  after?: unknown;
  detail?: unknown;
}

export const TRAIL_ACTIONS = ['MOVE', 'RETRY', 'RESEND_TODOS', 'RECLASSIFY', 'BATCH_CREATE', 'BATCH_CANCEL', 'SETTINGS', 'QUEUE_PAGE'] as const;
export type TrailAction = (typeof TRAIL_ACTIONS)[number];

export interface TrailRow {
  id: string;
  at: Date;
  actorId: string;
  actorName: string;
  action: TrailAction;
  loanId: string | null;
  batchId: string | null;
  reason: string;
  before: unknown;
  after: unknown;
  detail: unknown;
}

export interface TrailFilter {
  action?: string;
  loanId?: string;
  actorId?: string;
  from?: string;
  to?: string;
}

export interface StuckRow {
  loanId: string;
  stage: string;
  updatedAt: Date;
  version: number;
  machineVersion: number;
  snapshot: any;
  company: string;
  bank: string | null;
  aPostOfficerId: string | null;
  /** no account holds the permission of any event offered in its state (the keyset query's first part) */
  unmovable: boolean;
  /** updated_at as text, to the microsecond (a cursor compares to it) */
  updatedAtText: string;
  lastEventType: string | null;
  lastEventActorId: string | null;
  lastEventActorName: string | null;
  lastEventAt: Date | null;
}

export interface BatchRow {
  id: string;
  action: string;
  reason: string;
  params: Record<string, unknown>;
  selection: Record<string, unknown>;
  status: string;
  total: number;
  applied: number;
  refused: number;
  skipped: number;
  cancelRequested: boolean;
  createdBy: string;
  createdAt: Date;
  finishedAt: Date | null;
}

export interface BatchFilter {
  stage?: string;
  olderThanHours?: number;
  bank?: string;
  officerId?: string;
}

const TRAIL_COLUMNS = `t.id::text AS "id", t.at, t.actor_id AS "actorId", u.nickname AS "actorName", t.action, t.loan_id AS "loanId",
  t.batch_id AS "batchId", t.reason, t.before, t.after, t.detail`;
const BATCH_COLUMNS = `id, action, reason, params, selection, status, total, applied, refused, skipped, cancel_requested AS "cancelRequested",
  created_by AS "createdBy", created_at AS "createdAt", finished_at AS "finishedAt"`;

/** Every query of the operations console. */
@Injectable()
export class OperationsRepository {
  constructor(
    private readonly db: DataSource,
    private readonly planned: PlannedReads,
  ) {}

  /** The manager of a write that stands alone (a queue-page action, recorded after it succeeded). */
  manager(): EntityManager {
    return this.db.manager;
  }

  trail(em: EntityManager, e: TrailEntry): Promise<void> {
    return writeTrail(em, e);
  }

  private trailWhere(f: TrailFilter, params: unknown[]): string {
    const where: string[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (f.action) add('t.action = ?', f.action);
    if (f.loanId) add('t.loan_id = ?::uuid', f.loanId);
    if (f.actorId) add('t.actor_id = ?::uuid', f.actorId);
    if (f.from) add(`t.at >= ?::date`, f.from);
    if (f.to) add(`t.at < ?::date + 1`, f.to);
    return where.length ? `WHERE ${where.join(' AND ')}` : '';
  }

  /** Newest first, keyset on id (`beforeId`: the last id of the previous page). */
  async trailPage(f: TrailFilter, beforeId: string | null, size: number): Promise<TrailRow[]> {
    const params: unknown[] = [];
    let where = this.trailWhere(f, params);
    if (beforeId) {
      params.push(beforeId);
      where += `${where ? ' AND' : 'WHERE'} t.id < $${params.length}::bigint`;
    }
    params.push(size);
    return this.db.query(
      `SELECT ${TRAIL_COLUMNS} FROM operator_trail t JOIN app_user u ON u.id = t.actor_id ${where} ORDER BY t.id DESC LIMIT $${params.length}`,
      params,
    );
  }

  trailCursor(f: TrailFilter): AsyncGenerator<TrailRow> {
    const params: unknown[] = [];
    const where = this.trailWhere(f, params);
    return cursorRows<TrailRow>(
      this.db,
      `SELECT ${TRAIL_COLUMNS} FROM operator_trail t JOIN app_user u ON u.id = t.actor_id ${where} ORDER BY t.id DESC`,
      params,
    );
  }

  /** The limits set (inside a setting's transaction when `em` is given; else a planned read, as the stuck list reads them on each page). */
  async limits(em?: EntityManager): Promise<{ stage: string; hours: number; changedBy: string; changedAt: Date }[]> {
    const sql = `SELECT stage, hours, changed_by AS "changedBy", changed_at AS "changedAt" FROM stuck_limit ORDER BY stage`;
    return em ? em.query(sql) : this.planned.query(sql);
  }

  async setLimit(em: EntityManager, stage: string, hours: number | null, actorId: string): Promise<void> {
    if (hours === null) await em.query(`DELETE FROM stuck_limit WHERE stage = $1`, [stage]);
    else
      await em.query(
        `INSERT INTO stuck_limit (stage, hours, changed_by) VALUES ($1, $2, $3)
         ON CONFLICT (stage) DO UPDATE SET hours = EXCLUDED.hours, changed_by = EXCLUDED.changed_by, changed_at = now()`,
        [stage, hours, actorId],
      );
  }

  /**
   * One page of stuck loans with their loan, company and last event (the event of the instance's own
   * version), in one planned read: stuckPageStatement writes a text per shape whose generic plan is
   * the keyset scan a custom plan would choose, so the page is planned once per connection instead of
   * on every request (planning the join took longer than running it).
   */
  async stuckPage(request: StuckPageRequest): Promise<StuckRow[]> {
    const { text, values } = stuckPageStatement(request);
    return this.planned.query<StuckRow>(text, values);
  }

  /**
   * A fingerprint of what the stuck list is computed from: the limits set, and the active accounts
   * with their names, roles and keys (a sum of row hashes: no sort, no rows sent). While it stays the
   * same, the accounts and limits read before still hold and are not read again.
   */
  async stuckInputsFingerprint(): Promise<string> {
    const [row] = await this.planned.query<{ fingerprint: string }>(
      `SELECT (SELECT count(*) || ':' || coalesce(sum(hashtextextended(stage || '=' || hours, 7)), 0) FROM stuck_limit) || '|' ||
              (SELECT count(*) || ':' || coalesce(sum(hashtextextended(concat_ws('/', u.id, u.username, u.nickname, r.code, rp.permission_key), 7)), 0)
                 FROM app_user u JOIN user_role ur ON ur.user_id = u.id JOIN role r ON r.id = ur.role_id LEFT JOIN role_permission rp ON rp.role_id = r.id
                WHERE NOT u.disabled AND u.deleted_at IS NULL) AS fingerprint`,
    );
    return row.fingerprint;
  }

  /** Accounts that may sign in, with the roles and keys their roles grant. */
  async activeAccounts(): Promise<{ id: string; username: string; nickname: string; roles: string[]; permissions: string[] }[]> {
    return this.planned.query(
      `SELECT u.id, u.username, u.nickname,
              COALESCE((SELECT array_agg(r.code) FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id), '{}') AS roles,
              COALESCE((SELECT array_agg(DISTINCT rp.permission_key) FROM user_role ur JOIN role_permission rp ON rp.role_id = ur.role_id
                         WHERE ur.user_id = u.id), '{}') AS permissions
         FROM app_user u WHERE NOT u.disabled AND u.deleted_at IS NULL ORDER BY u.username`,
    );
  }

  async account(id: string): Promise<{ id: string; username: string; nickname: string; roles: string[]; permissions: string[] } | null> {
    const rows = await this.db.query(
      `SELECT u.id, u.username, u.nickname,
              COALESCE((SELECT array_agg(r.code) FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id), '{}') AS roles,
              COALESCE((SELECT array_agg(DISTINCT rp.permission_key) FROM user_role ur JOIN role_permission rp ON rp.role_id = ur.role_id
                         WHERE ur.user_id = u.id), '{}') AS permissions
         FROM app_user u WHERE u.id = $1 AND NOT u.disabled AND u.deleted_at IS NULL`,
      [id],
    );
    return rows[0] ?? null;
  }

  async failedOutbox(
    loanId: string | null,
  ): Promise<{ id: string; topic: string; loanId: string | null; createdAt: Date; attempts: number; lastError: string }[]> {
    return this.db.query(
      `SELECT id::text AS id, topic, payload->>'loanId' AS "loanId", created_at AS "createdAt", attempts, last_error AS "lastError"
         FROM outbox WHERE delivered_at IS NULL AND last_error IS NOT NULL AND ($1::text IS NULL OR payload->>'loanId' = $1)
        ORDER BY id DESC LIMIT 500`,
      [loanId],
    );
  }

  /** Clears a failed row's error so the relay delivers it again; the row as it was, or null when it is not a failed row. */
  async retryOutbox(em: EntityManager, id: string): Promise<{ topic: string; loanId: string | null; attempts: number; lastError: string } | null> {
    const [rows] = await em.query(
      `UPDATE outbox o SET last_error = NULL, attempts = 0 FROM (SELECT id, topic, payload, attempts, last_error FROM outbox WHERE id = $1 FOR UPDATE) old
        WHERE o.id = old.id AND o.delivered_at IS NULL AND old.last_error IS NOT NULL
        RETURNING old.topic, old.payload->>'loanId' AS "loanId", old.attempts, old.last_error AS "lastError"`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Loans a batch filter selects (at most `limit` + 1, to tell a selection that is too large). */
  async selectLoans(f: BatchFilter, limit: number): Promise<string[]> {
    const params: unknown[] = [];
    const where = [`wi.stage NOT IN ('closed', 'discontinued')`];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (f.stage) add('wi.stage = ?', f.stage);
    if (f.olderThanHours) add(`wi.updated_at < now() - make_interval(hours => ?::int)`, f.olderThanHours);
    if (f.bank) add('l.bank = ?', f.bank);
    if (f.officerId) add('(l.a_post_officer_id = ?::uuid OR wi.b_post_officer_id = $' + (params.length + 1) + '::uuid)', f.officerId);
    if (f.officerId) params.push(f.officerId);
    params.push(limit + 1);
    const rows: { id: string }[] = await this.db.query(
      `SELECT wi.loan_id AS id FROM workflow_instance wi JOIN loan l ON l.id = wi.loan_id WHERE ${where.join(' AND ')}
        ORDER BY wi.updated_at, wi.loan_id LIMIT $${params.length}`,
      params,
    );
    return rows.map((r) => r.id);
  }

  async existingLoans(ids: string[]): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(`SELECT loan_id AS id FROM workflow_instance WHERE loan_id = ANY($1::uuid[])`, [ids]);
    const found = new Set(rows.map((r) => r.id));
    return ids.filter((id) => found.has(id));
  }

  async createBatch(
    em: EntityManager,
    b: { id: string; action: string; reason: string; params: unknown; selection: unknown; createdBy: string },
    loanIds: string[],
  ): Promise<void> {
    await em.query(`INSERT INTO operations_batch (id, action, reason, params, selection, total, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
      b.id,
      b.action,
      b.reason,
      JSON.stringify(b.params),
      JSON.stringify(b.selection),
      loanIds.length,
      b.createdBy,
    ]);
    await em.query(`INSERT INTO operations_batch_item (batch_id, position, loan_id) SELECT $1, ord, id FROM unnest($2::uuid[]) WITH ORDINALITY AS u(id, ord)`, [
      b.id,
      loanIds,
    ]);
  }

  async batch(id: string, em: EntityManager = this.db.manager): Promise<BatchRow | null> {
    const rows = await em.query(`SELECT ${BATCH_COLUMNS} FROM operations_batch WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async batches(limit: number): Promise<BatchRow[]> {
    return this.db.query(`SELECT ${BATCH_COLUMNS} FROM operations_batch ORDER BY created_at DESC, id DESC LIMIT $1`, [limit]);
  }

  async batchItems(
    id: string,
    outcome: string | null,
    afterPosition: number,
    size: number,
  ): Promise<{ position: number; loanId: string; company: string; outcome: string | null; message: unknown; doneAt: Date | null }[]> {
    return this.db.query(
      `SELECT i.position, i.loan_id AS "loanId", c.name AS company, i.outcome, i.message, i.done_at AS "doneAt"
         FROM operations_batch_item i JOIN loan l ON l.id = i.loan_id JOIN company c ON c.id = l.company_id
        WHERE i.batch_id = $1 AND ($2::text IS NULL OR i.outcome = $2 OR ($2 = 'PENDING' AND i.outcome IS NULL)) AND i.position > $3
        ORDER BY i.position LIMIT $4`,
      [id, outcome, afterPosition, size],
    );
  }

  async requestCancel(em: EntityManager, id: string): Promise<BatchRow | null> {
    const [rows] = await em.query(
      `UPDATE operations_batch SET cancel_requested = true WHERE id = $1 AND status IN ('QUEUED', 'RUNNING') RETURNING ${BATCH_COLUMNS}`,
      [id],
    );
    return rows[0] ?? null;
  }

  async pendingItems(id: string, size: number): Promise<{ loanId: string; position: number }[]> {
    return this.db.query(`SELECT loan_id AS "loanId", position FROM operations_batch_item WHERE batch_id = $1 AND outcome IS NULL ORDER BY position LIMIT $2`, [
      id,
      size,
    ]);
  }

  /**
   * Writes an item's outcome once (a rerun finds it written and leaves it), counts it on the batch, and
   * does `work` (what the outcome says was done) in the same transaction, only when it wrote it.
   */
  async settleItem(
    id: string,
    loanId: string,
    outcome: 'APPLIED' | 'REFUSED' | 'SKIPPED',
    message: unknown,
    work?: (em: EntityManager) => Promise<void>,
  ): Promise<void> {
    await this.db.transaction(async (em) => {
      const [done] = await em.query(
        `UPDATE operations_batch_item SET outcome = $3, message = $4, done_at = now() WHERE batch_id = $1 AND loan_id = $2 AND outcome IS NULL RETURNING 1`,
        [id, loanId, outcome, message === null ? null : JSON.stringify(message)],
      );
      if (!done.length) return;
      const column = outcome === 'APPLIED' ? 'applied' : outcome === 'REFUSED' ? 'refused' : 'skipped';
      await em.query(`UPDATE operations_batch SET ${column} = ${column} + 1 WHERE id = $1`, [id]);
      await work?.(em);
    });
  }

  async setBatchStatus(id: string, status: string, finished: boolean): Promise<void> {
    await this.db.query(`UPDATE operations_batch SET status = $2, finished_at = CASE WHEN $3 THEN now() ELSE finished_at END WHERE id = $1`, [
      id,
      status,
      finished,
    ]);
  }

  async instance(loanId: string): Promise<{ version: number; snapshot: any; lastSeq: number; machineVersion: number } | null> {
    const rows = await this.db.query(`SELECT version, snapshot, machine_version AS "machineVersion" FROM workflow_instance WHERE loan_id = $1`, [loanId]);
    return rows[0] ? { version: rows[0].version, snapshot: rows[0].snapshot, lastSeq: rows[0].version, machineVersion: rows[0].machineVersion } : null;
  }

  /** The states before and after the loan's last event (the writer reads the step it is written with). */
  async lastStep(em: EntityManager, loanId: string): Promise<{ seq: number; from: unknown; to: unknown } | null> {
    const rows = await em.query(`SELECT seq, state_from AS "from", state_to AS "to" FROM workflow_event WHERE loan_id = $1 ORDER BY seq DESC LIMIT 1`, [
      loanId,
    ]);
    return rows[0] ?? null;
  }
}
