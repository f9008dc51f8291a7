import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExtraModels, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { APP_CONFIG, AppConfig } from '../config/config';
import { envelope } from '../common/envelope';
import { AppError } from '../common/errors';
import { langOf } from '../common/i18n';
import { clientIp, userAgent } from '../common/request-info';
import { CurrentUser, Public, SignedIn } from './auth.decorators';
import type { AuthUser } from './auth-user';
import { CaptchaService } from './captcha.service';
import { LoginDto } from './login.dto';
import { LoginService } from './login.service';
import { RsaKeyService } from './rsa-key.service';
import { SessionRepository } from './session.repository';
import { ApiEnvelope } from '../common/api-response';
import { AuthSettingsDto, CaptchaDto, LoginFailureDto, PublicKeyDto } from './auth.responses';

@ApiExtraModels(LoginFailureDto)
@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly rsa: RsaKeyService,
    private readonly captchas: CaptchaService,
    private readonly login: LoginService,
    private readonly sessions: SessionRepository,
  ) {}

  @ApiEnvelope(PublicKeyDto)
  @Public()
  @Get('open/auth/public-key')
  @ApiOperation({ summary: 'The PEM public key the web encrypts passwords with (jsencrypt, PKCS#1 v1.5)' })
  publicKey() {
    return { publicKey: this.rsa.publicKeyPem };
  }

  @ApiEnvelope(AuthSettingsDto)
  @Public()
  @Get('open/auth/settings')
  settings() {
    return { captchaAlways: this.config.captchaAlways };
  }

  @ApiEnvelope(CaptchaDto)
  @Public()
  @Get('open/auth/captcha')
  @ApiOperation({ summary: 'A new verification code image (SVG data URI) and its id; single use, 5 minutes' })
  captcha() {
    return this.captchas.create();
  }

  @ApiEnvelope(null)
  @Public()
  @Post('open/auth/platformLogin/:platform')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in; the token is in extras["x-platform-token"]' })
  async platformLogin(@Param('platform') platform: string, @Body() dto: LoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    if (platform !== 'PLATFORM') throw AppError.notFound();
    res.locals.actorName = dto.username;
    const lang = langOf(req);
    const session = await this.login.login(dto, { ip: clientIp(req), userAgent: userAgent(req), lang });
    res.locals.actorId = session.userId;
    return envelope(null, lang, { extras: { 'x-platform-token': session.token, expiresAt: session.expiresAt } });
  }

  @ApiEnvelope(null)
  @SignedIn()
  @Post('auth/logout')
  @HttpCode(200)
  async logout(@CurrentUser() user: AuthUser) {
    await this.sessions.revoke(user.sessionId, 'logout');
    return null;
  }
}
