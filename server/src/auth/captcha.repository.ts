import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/** Deletes the codes expired over an hour ago (the purge-expired job); answers how many. */
export async function purgeExpiredCaptchas(db: DataSource | EntityManager): Promise<number> {
  const [, captchas] = await db.query(`DELETE FROM captcha WHERE expires_at < now() - interval '1 hour'`);
  return captchas;
}

/** The SQL of the captcha table (verification codes). */
@Injectable()
export class CaptchaRepository {
  constructor(private readonly db: DataSource) {}

  /** Stores a code that expires after the minutes given; its id. */
  async create(code: string, ttlMinutes: number): Promise<string> {
    const [row] = await this.db.query(`INSERT INTO captcha (code, expires_at) VALUES ($1, now() + make_interval(mins => $2)) RETURNING id`, [code, ttlMinutes]);
    return row.id;
  }

  /** Uses up the captcha if it is unused and unexpired; its code then, else null. */
  async use(em: EntityManager, captchaId: string): Promise<string | null> {
    const [rows] = await em.query(`UPDATE captcha SET used_at = now() WHERE id = $1 AND used_at IS NULL AND expires_at > now() RETURNING code`, [captchaId]);
    return rows.length === 1 ? rows[0].code : null;
  }
}
