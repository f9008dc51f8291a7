import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { AppError, CODES } from '../common/errors';
import type { Lang } from '../common/i18n';
import { CaptchaService } from './captcha.service';
import { LoginDto } from './login.dto';
import { LoginRepository, type SignInUserRow } from './login.repository';
import { verifyPassword } from './password';
import { RsaKeyService } from './rsa-key.service';
import { SessionRepository } from './session.repository';

const WINDOW_MINUTES = 15;
/**
 * An attempt whose password is being checked. It is recorded, and counted as a failure, before the check
 * starts, so that parallel attempts see it; the check then turns it into 'credentials', 'disabled' or a
 * success. One left behind by a crash keeps counting as a failure until it leaves the window.
 */
const CHECKING = 'checking';
/** A check older than this is not in progress any more (its process died); it still counts as a failure. */
const CHECK_IN_PROGRESS_SECONDS = 60;

export interface LoginContext {
  ip: string;
  userAgent: string;
  lang: Lang;
}

/** What the counting step decided: refuse without checking, or check the password of a reserved attempt. */
type Admission = { refuse: AppError } | { attemptId: string; user: SignInUserRow | undefined; failuresBefore: number };

/**
 * Sign-in (spec sections 7-9): agreement tick, RSA-encrypted password, verification code after
 * repeated failures, lock-out, per-address throttling. Every attempt is recorded.
 *
 * The limits hold under parallel attempts: each attempt is counted (under an advisory lock per address
 * and per user name) and recorded before its password is checked, so no more passwords are checked than
 * the limits allow, whether the attempts come one after another or all at once.
 */
@Injectable()
export class LoginService {
  constructor(
    private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly rsa: RsaKeyService,
    private readonly captchas: CaptchaService,
    private readonly sessions: SessionRepository,
    private readonly attempts: LoginRepository,
  ) {}

  async login(dto: LoginDto, ctx: LoginContext): Promise<{ token: string; expiresAt: Date; userId: string }> {
    const password = dto.checkStatus === true ? this.rsa.decrypt(dto.password) : null;
    // Refusals are thrown only after the transaction: a used-up verification code and a refused attempt stay recorded.
    const admission = await this.db.transaction((em) => this.admit(em, dto, ctx, password));
    if ('refuse' in admission) throw admission.refuse;
    const { attemptId, user, failuresBefore } = admission;

    const passwordOk = await verifyPassword(user?.password_hash ?? null, password as string);
    if (!user || !passwordOk) {
      return this.failed(attemptId, user?.id ?? null, failuresBefore + 1);
    }
    if (user.disabled) {
      await this.attempts.markAttemptDisabled(attemptId);
      throw new AppError(HttpStatus.FORBIDDEN, CODES.accountDisabled, 'accountDisabled');
    }

    return this.db.transaction(async (em) => {
      await this.attempts.markAttemptSucceeded(em, attemptId);
      // The language signed in with (the web's switch sends it as Accept-Language) is the one the
      // worker writes this user's to-do messages in.
      await this.attempts.unlockWithLanguage(em, user.id, ctx.lang);
      // The tick agrees to the agreements in force now, in the language the user reads them in.
      await this.attempts.agreeToCurrent(em, user.id, ctx.lang);
      const session = await this.sessions.create(em, user.id, ctx.ip, ctx.userAgent);
      return { ...session, userId: user.id };
    });
  }

  /**
   * Counts and records the attempt, in the order of today's checks, while holding the address's and the
   * user name's locks (always in that order; every query on `em`, so a waiting attempt never needs a
   * second connection).
   */
  private async admit(em: EntityManager, dto: LoginDto, ctx: LoginContext, password: string | null): Promise<Admission> {
    await this.attempts.lockAddress(em, ctx.ip);
    const addressFailures = await this.attempts.addressFailures(em, ctx.ip, WINDOW_MINUTES);
    if (addressFailures >= this.config.addressFailureLimit) {
      return { refuse: new AppError(HttpStatus.TOO_MANY_REQUESTS, CODES.addressThrottled, 'addressThrottled') };
    }
    if (dto.checkStatus !== true) {
      return { refuse: new AppError(HttpStatus.BAD_REQUEST, CODES.agreementRequired, 'agreementRequired') };
    }
    if (password === null) {
      return { refuse: new AppError(HttpStatus.BAD_REQUEST, CODES.passwordNotEncrypted, 'passwordNotEncrypted') };
    }

    await this.attempts.lockUsername(em, dto.username);
    // Failed sign-ins of this user name in the window, since its last success (checks in progress count as failed).
    const { failures, checking } = await this.attempts.usernameFailures(em, dto.username, {
      minutes: WINDOW_MINUTES,
      checking: CHECKING,
      checkingSeconds: CHECK_IN_PROGRESS_SECONDS,
    });
    const captchaRequired = this.config.captchaAlways || failures >= this.config.captchaAfterFailures;
    if (captchaRequired) {
      if (!dto.captchaId || !dto.captchaCode) {
        return { refuse: new AppError(HttpStatus.BAD_REQUEST, CODES.captchaRequired, 'captchaRequired', {}, { captchaRequired: true }) };
      }
      if (!(await this.captchas.consume(em, dto.captchaId, dto.captchaCode))) {
        return { refuse: new AppError(HttpStatus.BAD_REQUEST, CODES.captchaWrong, 'captchaWrong', {}, { captchaRequired: true }) };
      }
    }

    const user = await this.attempts.userByName(em, dto.username);
    const lockedMinutes = user?.locked_minutes ?? 0;
    if (user && lockedMinutes > 0) {
      await this.attempts.recordAttempt(em, dto.username, ctx.ip, false, 'locked');
      return { refuse: new AppError(HttpStatus.LOCKED, CODES.accountLocked, 'accountLocked', { minutes: lockedMinutes }, { captchaRequired }) };
    }
    // The limit is reached by attempts still being checked: the one that fails last-but-allowed will lock
    // the user, so this one is refused as locked without its password being checked. (With no check in
    // progress, a lock that has run out while its failures are still in the window lets one more check
    // through, as before: a wrong password locks again at once.)
    if (user && failures >= this.config.lockAfterFailures && checking > 0) {
      await this.attempts.recordAttempt(em, dto.username, ctx.ip, false, 'locked');
      return {
        refuse: new AppError(HttpStatus.LOCKED, CODES.accountLocked, 'accountLocked', { minutes: this.config.lockMinutes }, { captchaRequired: true }),
      };
    }
    const attemptId = await this.attempts.recordAttempt(em, dto.username, ctx.ip, false, CHECKING);
    return { attemptId, user, failuresBefore: failures };
  }

  private async failed(attemptId: string, userId: string | null, failures: number): Promise<never> {
    const lock = userId !== null && failures >= this.config.lockAfterFailures;
    await this.db.transaction(async (em) => {
      await this.attempts.markAttemptWrongCredentials(em, attemptId);
      if (lock) {
        await this.attempts.lockUser(em, userId, this.config.lockMinutes);
      }
    });
    if (lock) {
      throw new AppError(HttpStatus.LOCKED, CODES.accountLocked, 'accountLocked', { minutes: this.config.lockMinutes }, { captchaRequired: true });
    }
    const captchaRequired = this.config.captchaAlways || failures >= this.config.captchaAfterFailures;
    throw new AppError(HttpStatus.BAD_REQUEST, CODES.wrongCredentials, 'wrongCredentials', {}, { captchaRequired });
  }
}
