import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { Lang } from '../common/i18n';

/** Advisory-lock classes (two-key form) that serialize the counting of one address's and one user name's attempts. */
const ADDRESS_LOCK = 7_463_010;
const USERNAME_LOCK = 7_463_011;

type Db = DataSource | EntityManager;

/** The account as sign-in checks it. */
export interface SignInUserRow {
  id: string;
  password_hash: string;
  disabled: boolean;
  locked_minutes: number | null;
}

/** The SQL of sign-in: login_attempt, the account's lock and language, the agreements ticked. */
@Injectable()
export class LoginRepository {
  constructor(private readonly db: DataSource) {}

  /** Holds the address's advisory lock until the transaction ends. */
  async lockAddress(em: EntityManager, ip: string): Promise<void> {
    await em.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [ADDRESS_LOCK, ip]);
  }

  /** Holds the user name's advisory lock (any case) until the transaction ends. */
  async lockUsername(em: EntityManager, username: string): Promise<void> {
    await em.query(`SELECT pg_advisory_xact_lock($1, hashtext(lower($2)))`, [USERNAME_LOCK, username]);
  }

  /** Failed attempts from the address in the last minutes given. */
  async addressFailures(em: EntityManager, ip: string, windowMinutes: number): Promise<number> {
    const [{ n }] = await em.query(`SELECT count(*)::int AS n FROM login_attempt WHERE ip = $1 AND NOT success AND at > now() - make_interval(mins => $2)`, [
      ip,
      windowMinutes,
    ]);
    return n;
  }

  /**
   * Failed sign-ins of this user name in the window, since its last success: attempts refused for their
   * credentials or still with the `checking` reason, and of those how many are younger than `checkingSeconds`.
   */
  async usernameFailures(
    em: EntityManager,
    username: string,
    window: { minutes: number; checking: string; checkingSeconds: number },
  ): Promise<{ failures: number; checking: number }> {
    const [row] = await em.query(
      `SELECT count(*)::int AS failures, (count(*) FILTER (WHERE reason = $3 AND at > now() - make_interval(secs => $4)))::int AS checking
         FROM login_attempt
        WHERE lower(username) = lower($1) AND reason IN ('credentials', $3) AND at > now() - make_interval(mins => $2)
          AND at > COALESCE((SELECT max(at) FROM login_attempt WHERE lower(username) = lower($1) AND success), '-infinity')`,
      [username, window.minutes, window.checking, window.checkingSeconds],
    );
    return row;
  }

  /** Records an attempt; its id. */
  async recordAttempt(em: EntityManager, username: string, ip: string, success: boolean, reason: string | null): Promise<string> {
    const [row] = await em.query(`INSERT INTO login_attempt (username, ip, success, reason) VALUES ($1, $2, $3, $4) RETURNING id`, [
      username.slice(0, 100),
      ip,
      success,
      reason,
    ]);
    return row.id;
  }

  /** The account of the user name (any case, not deleted), with the minutes its lock has left. */
  async userByName(em: EntityManager, username: string): Promise<SignInUserRow | undefined> {
    const [user]: SignInUserRow[] = await em.query(
      `SELECT id, password_hash, disabled, CEIL(EXTRACT(EPOCH FROM (locked_until - now())) / 60)::int AS locked_minutes
         FROM app_user WHERE lower(username) = lower($1) AND deleted_at IS NULL`,
      [username],
    );
    return user;
  }

  async markAttemptDisabled(attemptId: string, em: Db = this.db): Promise<void> {
    await em.query(`UPDATE login_attempt SET reason = 'disabled' WHERE id = $1`, [attemptId]);
  }

  async markAttemptWrongCredentials(em: EntityManager, attemptId: string): Promise<void> {
    await em.query(`UPDATE login_attempt SET reason = 'credentials' WHERE id = $1`, [attemptId]);
  }

  async markAttemptSucceeded(em: EntityManager, attemptId: string): Promise<void> {
    await em.query(`UPDATE login_attempt SET success = true, reason = NULL WHERE id = $1`, [attemptId]);
  }

  /** Lifts the account's lock and keeps the language it signed in with. */
  async unlockWithLanguage(em: EntityManager, userId: string, lang: Lang): Promise<void> {
    await em.query(`UPDATE app_user SET locked_until = NULL, language = $2 WHERE id = $1`, [userId, lang]);
  }

  /** The user agrees now to every agreement in force in the language given. */
  async agreeToCurrent(em: EntityManager, userId: string, lang: Lang): Promise<void> {
    await em.query(
      `INSERT INTO user_agreement (user_id, agreement_id, agreed_at)
       SELECT $1, id, now() FROM agreement WHERE current AND language = $2
       ON CONFLICT (user_id, agreement_id) DO UPDATE SET agreed_at = EXCLUDED.agreed_at`,
      [userId, lang],
    );
  }

  async lockUser(em: EntityManager, userId: string, minutes: number): Promise<void> {
    await em.query(`UPDATE app_user SET locked_until = now() + make_interval(mins => $2) WHERE id = $1`, [userId, minutes]);
  }
}
