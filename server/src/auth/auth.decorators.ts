import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { PermissionKey } from '@app/workflow';
import type { Request } from 'express';
import type { AuthUser } from './auth-user';

export const ACCESS_KEY = 'access';

/** Who may call a route. Every controller method declares one; the guard refuses routes without. */
export type Access = { kind: 'public' } | { kind: 'signedIn' } | { kind: 'permission'; key: PermissionKey } | { kind: 'role'; role: string };

/** Open to anyone: sign-in, public key, verification code, agreements, health. */
export const Public = () => SetMetadata(ACCESS_KEY, { kind: 'public' } satisfies Access);
/** Any signed-in user (their own profile, messages). */
export const SignedIn = () => SetMetadata(ACCESS_KEY, { kind: 'signedIn' } satisfies Access);
/** A permission key of spec section 6 (route key or action code); a key not in the tree does not compile. */
export const RequirePermission = (key: PermissionKey) => SetMetadata(ACCESS_KEY, { kind: 'permission', key } satisfies Access);
/** A role (ROLE_ADMIN passes for ROOT too). */
export const RequireRole = (role: string) => SetMetadata(ACCESS_KEY, { kind: 'role', role } satisfies Access);

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  return (ctx.switchToHttp().getRequest<Request>() as Request & { user: AuthUser }).user;
});
