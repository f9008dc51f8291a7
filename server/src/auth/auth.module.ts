import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthController } from './auth.controller';
import { AuthGuard } from './auth.guard';
import { CaptchaRepository } from './captcha.repository';
import { CaptchaService } from './captcha.service';
import { LoginRepository } from './login.repository';
import { LoginService } from './login.service';
import { RsaKeyService } from './rsa-key.service';
import { SessionCache } from './session-cache';
import { SessionRepository } from './session.repository';

@Global()
@Module({
  controllers: [AuthController],
  providers: [
    RsaKeyService,
    SessionCache,
    SessionRepository,
    CaptchaRepository,
    CaptchaService,
    LoginRepository,
    LoginService,
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [RsaKeyService, SessionRepository],
})
export class AuthModule {}
