import type { EntityManager } from 'typeorm';
import type { TrailEntry } from './operations.repository';

/**
 * One row of the operator trail, written with the action in its transaction (the table is
 * append-only: a trigger refuses updates and deletes). Features outside the console call it for
 * the administrator's settings, so that every setting changed is in the one trail.
 */
export async function writeTrail(em: EntityManager, e: TrailEntry): Promise<void> {
  await em.query(`INSERT INTO operator_trail (actor_id, action, loan_id, batch_id, reason, before, after, detail) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, [
    e.actorId,
    e.action,
    e.loanId ?? null,
    e.batchId ?? null,
    e.reason ?? '',
    e.before === undefined ? null : JSON.stringify(e.before),
    e.after === undefined ? null : JSON.stringify(e.after),
    e.detail === undefined ? null : JSON.stringify(e.detail),
  ]);
}

/** The settings whose changes the trail records besides the console's stuck limits. */
export type TrailedSetting = 'custody' | 'overdue-buckets' | 'regulatory-limits' | 'provisions';

/** A setting changed by an administrator: its values before and after, named in `detail.setting`. */
export function writeSettingsTrail(em: EntityManager, actorId: string, setting: TrailedSetting, before: unknown, after: unknown): Promise<void> {
  return writeTrail(em, { actorId, action: 'SETTINGS', before, after, detail: { setting } });
}

/**
 * Serialises the changes of one setting until the transaction ends, so that the `before` a change
 * reads and records is the version it replaces (`table`: the setting's table, the lock's name).
 */
export async function lockSetting(em: EntityManager, table: string): Promise<void> {
  await em.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [table]);
}
