import { flattenPermissionTree } from '@app/workflow';
import type { DataSource } from 'typeorm';
import { PRESET_ROLES } from '../users/preset-roles';

export interface PermissionSyncResult {
  /** Keys of the tree the database did not have. */
  addedKeys: string[];
  /** Preset roles the database did not have. */
  addedRoles: string[];
  /** `ROLE:key` grants given to preset roles for the first time. */
  givenGrants: string[];
}

/**
 * Brings the permission rows and the preset roles up to date with the tree and PRESET_ROLES, so that
 * a database made before a key existed gets it (migrations hold the data of their own day only).
 *
 * - every key of the tree gets its row; names, parent and order follow the tree;
 * - every preset role exists and is given each key its definition lists, once (recorded in
 *   preset_grant): an administrator who takes a grant away later is not overruled at the next start;
 * - nothing is ever removed: neither keys gone from the tree nor grants made by hand.
 *
 * One transaction, idempotent; runMigrations calls it under the migration lock after the migrations.
 */
export async function syncPermissions(db: DataSource): Promise<PermissionSyncResult> {
  const flat = flattenPermissionTree();
  return db.transaction(async (em) => {
    // One statement: PostgreSQL checks the parent_key foreign key at its end, when every row is in.
    const upserted: { key: string; inserted: boolean }[] = await em.query(
      `INSERT INTO permission (key, kind, parent_key, name_zh, name_en, sort)
       SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[], $6::int[])
       ON CONFLICT (key) DO UPDATE
          SET kind = EXCLUDED.kind, parent_key = EXCLUDED.parent_key, name_zh = EXCLUDED.name_zh, name_en = EXCLUDED.name_en, sort = EXCLUDED.sort
        WHERE (permission.kind, permission.parent_key, permission.name_zh, permission.name_en, permission.sort)
              IS DISTINCT FROM (EXCLUDED.kind, EXCLUDED.parent_key, EXCLUDED.name_zh, EXCLUDED.name_en, EXCLUDED.sort)
       RETURNING key, (xmax = 0) AS inserted`,
      [flat.map((p) => p.key), flat.map((p) => p.kind), flat.map((p) => p.parentKey), flat.map((p) => p.zh), flat.map((p) => p.en), flat.map((p) => p.sort)],
    );
    const roles: { code: string }[] = await em.query(
      `INSERT INTO role (code, name_zh, name_en, builtin)
       SELECT *, true FROM unnest($1::varchar[], $2::varchar[], $3::varchar[])
       ON CONFLICT (code) DO NOTHING
       RETURNING code`,
      [PRESET_ROLES.map((r) => r.code), PRESET_ROLES.map((r) => r.zh), PRESET_ROLES.map((r) => r.en)],
    );
    const pairs = PRESET_ROLES.flatMap((r) => r.permissions.map((key) => [r.code, key] as const));
    const given: { code: string; key: string }[] = await em.query(
      `WITH wanted AS (
         SELECT r.id AS role_id, r.code, w.key
           FROM unnest($1::varchar[], $2::varchar[]) AS w(code, key)
           JOIN role r ON r.code = w.code
          WHERE NOT EXISTS (SELECT 1 FROM preset_grant g WHERE g.role_id = r.id AND g.permission_key = w.key)
       ), granted AS (
         INSERT INTO role_permission (role_id, permission_key) SELECT role_id, key FROM wanted ON CONFLICT DO NOTHING
       )
       INSERT INTO preset_grant (role_id, permission_key) SELECT role_id, key FROM wanted ON CONFLICT DO NOTHING
       RETURNING (SELECT code FROM role WHERE id = role_id) AS code, permission_key AS key`,
      [pairs.map(([code]) => code), pairs.map(([, key]) => key)],
    );
    return {
      addedKeys: upserted.filter((r) => r.inserted).map((r) => r.key),
      addedRoles: roles.map((r) => r.code),
      givenGrants: given.map((g) => `${g.code}:${g.key}`),
    };
  });
}
