import type { EntityManager } from 'typeorm';

// The SQL of the rule for administering users and roles (held-keys-rule.ts), in the caller's
// transaction: plain functions taking the EntityManager, as the rule's are.

/** Waits for, then holds until the transaction ends, the advisory lock `key`. */
export async function takeAdvisoryLock(em: EntityManager, key: number): Promise<void> {
  await em.query(`SELECT pg_advisory_xact_lock($1)`, [key]);
}

/** The roles of the ids given with every key they grant (sorted), in code order. */
export async function rolesWithKeyRows(
  em: EntityManager,
  ids: readonly string[],
): Promise<{ id: string; code: string; name_zh: string; name_en: string; keys: string[] }[]> {
  return em.query(
    `SELECT r.id, r.code, r.name_zh, r.name_en,
            COALESCE((SELECT array_agg(rp.permission_key ORDER BY rp.permission_key) FROM role_permission rp WHERE rp.role_id = r.id), '{}') AS keys
       FROM role r WHERE r.id = ANY($1::uuid[]) ORDER BY r.code`,
    [[...new Set(ids)]],
  );
}

/** The roles and keys the user holds as stored now; undefined when it is deleted or disabled. */
export async function storedRolesAndKeys(em: EntityManager, userId: string): Promise<{ roles: string[]; keys: string[] } | undefined> {
  const [row] = await em.query(
    `SELECT COALESCE((SELECT array_agg(r.code) FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id), '{}') AS roles,
            COALESCE((SELECT array_agg(DISTINCT rp.permission_key) FROM user_role ur JOIN role_permission rp ON rp.role_id = ur.role_id
                       WHERE ur.user_id = u.id), '{}') AS keys
       FROM app_user u WHERE u.id = $1 AND u.deleted_at IS NULL AND NOT u.disabled`,
    [userId],
  );
  return row;
}
