import { CanActivate, ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { isPermissionKey } from '@app/workflow';
import type { Request } from 'express';
import { AppError } from '../common/errors';
import { Access, ACCESS_KEY } from './auth.decorators';
import { AuthUser, holds, isAdmin } from './auth-user';
import { SessionRepository } from './session.repository';

export const TOKEN_HEADER = 'x-platform-token';

/**
 * Global guard: every route declares its access (see auth.decorators); a route that declares nothing
 * is refused, so a forgotten decorator fails closed.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  private readonly logger = new Logger(AuthGuard.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionRepository,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]);
    if (!access) {
      this.logger.error(`route ${context.getClass().name}.${context.getHandler().name} declares no access: refused`);
      throw AppError.forbidden();
    }
    if (access.kind === 'public') return true;

    const req = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    const header = req.headers[TOKEN_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    const user = token ? await this.sessions.resolve(token) : null;
    if (!user) throw AppError.unauthorized();
    req.user = user;

    switch (access.kind) {
      case 'signedIn':
        return true;
      case 'role':
        if (access.role === 'ROLE_ADMIN' ? isAdmin(user) : user.roles.includes(access.role)) return true;
        throw AppError.forbidden({ required: access.role });
      case 'permission': {
        // The type refuses unknown keys at compile time; this catches a cast or a stale build.
        if (!isPermissionKey(access.key)) throw new Error(`unknown permission key ${access.key}`);
        if (holds(user, access.key)) return true;
        throw AppError.forbidden({ required: access.key });
      }
    }
  }
}
