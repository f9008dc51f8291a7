import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import * as svgCaptcha from 'svg-captcha';
import { CaptchaRepository } from './captcha.repository';

const TTL_MINUTES = 5;

/** Verification codes: stored server-side, single use (consumed even when wrong), five minutes. */
@Injectable()
export class CaptchaService {
  constructor(private readonly captchas: CaptchaRepository) {}

  async create(): Promise<{ captchaId: string; image: string; expiresInSeconds: number }> {
    const { text, data } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1iIlL', color: true, background: '#f4f6fa' });
    const captchaId = await this.captchas.create(text.toLowerCase(), TTL_MINUTES);
    return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`, expiresInSeconds: TTL_MINUTES * 60 };
  }

  /** True when the code matches an unused, unexpired captcha; the captcha is used up either way. */
  async consume(em: EntityManager, captchaId: string | undefined, code: string | undefined): Promise<boolean> {
    if (!captchaId || !code || !/^[0-9a-f-]{36}$/i.test(captchaId)) return false;
    const stored = await this.captchas.use(em, captchaId);
    return stored !== null && stored === code.trim().toLowerCase();
  }
}
