import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthController } from './auth.controller';
import { AuthGuard } from './auth.guard';
import { CaptchaService } from './captcha.service';
import { LoginService } from './login.service';
import { RsaKeyService } from './rsa-key.service';
import { SessionCache } from './session-cache';
import { SessionRepository } from './session.repository';

@Global()
@Module({
  controllers: [AuthController],
  providers: [RsaKeyService, SessionCache, SessionRepository, CaptchaService, LoginService, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [RsaKeyService, SessionRepository],
})
export class AuthModule {}
