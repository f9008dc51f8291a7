import { http } from '@/api/http';
import type { AuthSettingsDto } from '@/api/schema.gen';
import type { Captcha, CurrentUser, LoginPayload } from './types';

export async function fetchPublicKey(): Promise<string> {
  const res = await http.get('/open/auth/public-key');
  return res.data.publicKey;
}

export async function fetchAuthSettings(): Promise<AuthSettingsDto> {
  const res = await http.get('/open/auth/settings');
  return { captchaAlways: Boolean(res.data?.captchaAlways) };
}

export async function fetchCaptcha(): Promise<Captcha> {
  const res = await http.get('/open/auth/captcha');
  return res.data;
}

/** Failures are passed back to the login page (spec section 8): no toast, no session dialog. */
export async function login(payload: LoginPayload): Promise<Record<string, unknown>> {
  const res = await http.post('/open/auth/platformLogin/{platform}', payload, { path: { platform: 'PLATFORM' }, passErrors: true });
  return res.extras ?? {};
}

/** The answer is a list; its first element is the signed-in user (spec section 3). */
export async function fetchCurrentUser(): Promise<CurrentUser> {
  const res = await http.get('/user/current');
  const first = Array.isArray(res.data) ? res.data[0] : undefined;
  if (!first) throw new Error('empty current-user answer');
  return {
    ...first,
    roles: first.roles ?? [],
    perms: first.perms ?? [],
    authorityList: first.authorityList ?? [],
  };
}

/** A token that already died is fine here: we are leaving anyway, so errors stay silent. */
export async function logout(): Promise<void> {
  await http.post('/auth/logout', undefined, { passErrors: true }).catch(() => undefined);
}
