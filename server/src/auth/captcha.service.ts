import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import * as svgCaptcha from 'svg-captcha';

const TTL_MINUTES = 5;

/** Verification codes: stored server-side, single use (consumed even when wrong), five minutes. */
@Injectable()
export class CaptchaService {
  constructor(private readonly db: DataSource) {}

  async create(): Promise<{ captchaId: string; image: string; expiresInSeconds: number }> {
    const { text, data } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1iIlL', color: true, background: '#f4f6fa' });
    const [row] = await this.db.query(`INSERT INTO captcha (code, expires_at) VALUES ($1, now() + make_interval(mins => $2)) RETURNING id`, [
      text.toLowerCase(),
      TTL_MINUTES,
    ]);
    return { captchaId: row.id, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`, expiresInSeconds: TTL_MINUTES * 60 };
  }

  /** True when the code matches an unused, unexpired captcha; the captcha is used up either way. */
  async consume(em: EntityManager, captchaId: string | undefined, code: string | undefined): Promise<boolean> {
    if (!captchaId || !code || !/^[0-9a-f-]{36}$/i.test(captchaId)) return false;
    const [rows] = await em.query(`UPDATE captcha SET used_at = now() WHERE id = $1 AND used_at IS NULL AND expires_at > now() RETURNING code`, [captchaId]);
    return rows.length === 1 && rows[0].code === code.trim().toLowerCase();
  }
}
