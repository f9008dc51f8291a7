import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { AppError, CODES } from '../common/errors';
import type { Lang } from '../common/i18n';
import { CaptchaService } from './captcha.service';
import { LoginDto } from './login.dto';
import { verifyPassword } from './password';
import { RsaKeyService } from './rsa-key.service';
import { SessionRepository } from './session.repository';

const WINDOW_MINUTES = 15;

export interface LoginContext {
  ip: string;
  userAgent: string;
  lang: Lang;
}

/**
 * Sign-in (spec sections 7-9): agreement tick, RSA-encrypted password, verification code after
 * repeated failures, lock-out, per-address throttling. Every attempt is recorded.
 */
@Injectable()
export class LoginService {
  constructor(
    private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly rsa: RsaKeyService,
    private readonly captchas: CaptchaService,
    private readonly sessions: SessionRepository,
  ) {}

  /** Failed sign-ins of this user name in the window, since its last success. */
  private async recentFailures(em: EntityManager, username: string): Promise<number> {
    const [row] = await em.query(
      `SELECT count(*)::int AS n FROM login_attempt
        WHERE lower(username) = lower($1) AND reason = 'credentials' AND at > now() - make_interval(mins => $2)
          AND at > COALESCE((SELECT max(at) FROM login_attempt WHERE lower(username) = lower($1) AND success), '-infinity')`,
      [username, WINDOW_MINUTES],
    );
    return row.n;
  }

  async captchaRequiredFor(username: string): Promise<boolean> {
    return this.config.captchaAlways || (await this.recentFailures(this.db.manager, username)) >= this.config.captchaAfterFailures;
  }

  private async record(username: string, ip: string, success: boolean, reason: string | null, em: EntityManager = this.db.manager) {
    await em.query(`INSERT INTO login_attempt (username, ip, success, reason) VALUES ($1, $2, $3, $4)`, [username.slice(0, 100), ip, success, reason]);
  }

  async login(dto: LoginDto, ctx: LoginContext): Promise<{ token: string; expiresAt: Date; userId: string }> {
    const [{ n: addressFailures }] = await this.db.query(
      `SELECT count(*)::int AS n FROM login_attempt WHERE ip = $1 AND NOT success AND at > now() - make_interval(mins => $2)`,
      [ctx.ip, WINDOW_MINUTES],
    );
    if (addressFailures >= this.config.addressFailureLimit) {
      throw new AppError(HttpStatus.TOO_MANY_REQUESTS, CODES.addressThrottled, 'addressThrottled');
    }
    if (dto.checkStatus !== true) {
      throw new AppError(HttpStatus.BAD_REQUEST, CODES.agreementRequired, 'agreementRequired');
    }
    const password = this.rsa.decrypt(dto.password);
    if (password === null) {
      throw new AppError(HttpStatus.BAD_REQUEST, CODES.passwordNotEncrypted, 'passwordNotEncrypted');
    }

    const failures = await this.recentFailures(this.db.manager, dto.username);
    const captchaRequired = this.config.captchaAlways || failures >= this.config.captchaAfterFailures;
    if (captchaRequired) {
      if (!dto.captchaId || !dto.captchaCode) {
        throw new AppError(HttpStatus.BAD_REQUEST, CODES.captchaRequired, 'captchaRequired', {}, { captchaRequired: true });
      }
      if (!(await this.captchas.consume(this.db.manager, dto.captchaId, dto.captchaCode))) {
        throw new AppError(HttpStatus.BAD_REQUEST, CODES.captchaWrong, 'captchaWrong', {}, { captchaRequired: true });
      }
    }

    const [user] = await this.db.query(
      `SELECT id, password_hash, disabled, CEIL(EXTRACT(EPOCH FROM (locked_until - now())) / 60)::int AS locked_minutes
         FROM app_user WHERE lower(username) = lower($1)`,
      [dto.username],
    );
    if (user && user.locked_minutes > 0) {
      await this.record(dto.username, ctx.ip, false, 'locked');
      throw new AppError(HttpStatus.LOCKED, CODES.accountLocked, 'accountLocked', { minutes: user.locked_minutes }, { captchaRequired });
    }
    const passwordOk = await verifyPassword(user?.password_hash ?? null, password);
    if (!user || !passwordOk) {
      return this.failed(dto.username, ctx.ip, user?.id ?? null, failures + 1);
    }
    if (user.disabled) {
      await this.record(dto.username, ctx.ip, false, 'disabled');
      throw new AppError(HttpStatus.FORBIDDEN, CODES.accountDisabled, 'accountDisabled');
    }

    return this.db.transaction(async (em) => {
      await this.record(dto.username, ctx.ip, true, null, em);
      // The language signed in with (the web's switch sends it as Accept-Language) is the one the
      // worker writes this user's to-do messages in.
      await em.query(`UPDATE app_user SET locked_until = NULL, language = $2 WHERE id = $1`, [user.id, ctx.lang]);
      // The tick agrees to the agreements in force now, in the language the user reads them in.
      await em.query(
        `INSERT INTO user_agreement (user_id, agreement_id, agreed_at)
         SELECT $1, id, now() FROM agreement WHERE current AND language = $2
         ON CONFLICT (user_id, agreement_id) DO UPDATE SET agreed_at = EXCLUDED.agreed_at`,
        [user.id, ctx.lang],
      );
      const session = await this.sessions.create(em, user.id, ctx.ip, ctx.userAgent);
      return { ...session, userId: user.id };
    });
  }

  private async failed(username: string, ip: string, userId: string | null, failures: number): Promise<never> {
    await this.db.transaction(async (em) => {
      await this.record(username, ip, false, 'credentials', em);
      if (userId && failures >= this.config.lockAfterFailures) {
        await em.query(`UPDATE app_user SET locked_until = now() + make_interval(mins => $2) WHERE id = $1`, [userId, this.config.lockMinutes]);
      }
    });
    if (userId && failures >= this.config.lockAfterFailures) {
      throw new AppError(HttpStatus.LOCKED, CODES.accountLocked, 'accountLocked', { minutes: this.config.lockMinutes }, { captchaRequired: true });
    }
    const captchaRequired = this.config.captchaAlways || failures >= this.config.captchaAfterFailures;
    throw new AppError(HttpStatus.BAD_REQUEST, CODES.wrongCredentials, 'wrongCredentials', {}, { captchaRequired });
  }
}
