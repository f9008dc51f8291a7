import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import type { AuthUser } from './auth-user';
import { SessionCache } from './session-cache';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Deletes the sessions ended (revoked or expired) over 30 days ago (the purge-expired job); answers how many. */
export async function purgeDeadSessions(db: DataSource | EntityManager): Promise<number> {
  const [, sessions] = await db.query(`DELETE FROM user_session WHERE COALESCE(revoked_at, expires_at) < now() - interval '30 days'`);
  return sessions;
}

/** Sessions live in PostgreSQL (hashed tokens), so any API process can check any token. */
@Injectable()
export class SessionRepository {
  constructor(
    private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cache: SessionCache,
  ) {}

  async create(em: EntityManager, userId: string, ip: string, userAgent: string): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const [row] = await em.query(
      `INSERT INTO user_session (user_id, token_hash, expires_at, ip, user_agent)
       VALUES ($1, $2, now() + make_interval(hours => $3), $4, $5) RETURNING expires_at`,
      [userId, hashToken(token), this.config.sessionAbsoluteHours, ip.slice(0, 64), userAgent.slice(0, 300)],
    );
    return { token, expiresAt: row.expires_at };
  }

  /** The live session's user, or null when the token is unknown, revoked, idle too long or past its end. */
  async resolve(token: string): Promise<AuthUser | null> {
    const tokenHash = hashToken(token);
    const cached = this.cache.get(tokenHash);
    if (cached) return cached;
    const rows = await this.db.query(
      `SELECT s.id AS session_id, u.id, u.username, u.nickname, u.avatar,
              (s.last_seen_at < now() - interval '1 minute') AS stale,
              COALESCE((SELECT array_agg(r.code) FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id), '{}') AS roles,
              COALESCE((SELECT array_agg(DISTINCT rp.permission_key) FROM user_role ur JOIN role_permission rp ON rp.role_id = ur.role_id
                        WHERE ur.user_id = u.id), '{}') AS permissions
         FROM user_session s JOIN app_user u ON u.id = s.user_id
        WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
          AND s.last_seen_at > now() - make_interval(mins => $2) AND NOT u.disabled`,
      [tokenHash, this.config.sessionIdleMinutes],
    );
    const row = rows[0];
    if (!row) return null;
    // Idle time is measured from the last request; writing it at most once a minute keeps reads cheap.
    if (row.stale) await this.db.query(`UPDATE user_session SET last_seen_at = now() WHERE id = $1`, [row.session_id]);
    const user: AuthUser = {
      id: row.id,
      username: row.username,
      nickname: row.nickname,
      avatar: row.avatar,
      roles: row.roles,
      permissions: row.permissions,
      sessionId: row.session_id,
    };
    this.cache.set(tokenHash, user);
    return user;
  }

  async revoke(sessionId: string, why: string): Promise<void> {
    await this.db.query(`UPDATE user_session SET revoked_at = now(), revoked_why = $2 WHERE id = $1 AND revoked_at IS NULL`, [sessionId, why]);
    await this.cache.invalidate({ sessionId });
  }

  /** Drops a user's cached sessions everywhere; call after the transaction that revoked them commits. */
  forgetUser(userId: string): Promise<void> {
    return this.cache.invalidate({ userId });
  }

  /** Ends every live session of a user, except the one named (password change keeps the caller's). */
  async revokeAllOfUser(em: EntityManager, userId: string, why: string, exceptSessionId: string | null = null): Promise<number> {
    const result = await em.query(
      `UPDATE user_session SET revoked_at = now(), revoked_why = $2
        WHERE user_id = $1 AND revoked_at IS NULL AND ($3::uuid IS NULL OR id <> $3::uuid)`,
      [userId, why, exceptSessionId],
    );
    // Dropped from the caches now; a rolled-back transaction only costs one extra session query.
    await this.cache.invalidate({ userId });
    return result[1] ?? 0;
  }
}
