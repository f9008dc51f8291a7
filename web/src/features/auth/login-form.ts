/** Sign-in form rules (spec section 5): user name required; password required, at least 8; tick required. */
export interface LoginValues {
  username: string;
  password: string;
  captchaCode: string;
  agreed: boolean;
}

export type LoginField = 'username' | 'password' | 'captchaCode' | 'agreed';

/** i18n keys, so a shown error follows a language switch. */
export type LoginErrorKey =
  | 'auth.validation.usernameRequired'
  | 'auth.validation.passwordRequired'
  | 'auth.validation.passwordMin'
  | 'auth.validation.captchaRequired'
  | 'auth.validation.agreementRequired';

export const LOGIN_PASSWORD_MIN = 8;

export function validateLogin(values: LoginValues, captchaShown: boolean): Partial<Record<LoginField, LoginErrorKey>> {
  const errors: Partial<Record<LoginField, LoginErrorKey>> = {};
  if (!values.username.trim()) errors.username = 'auth.validation.usernameRequired';
  if (!values.password) errors.password = 'auth.validation.passwordRequired';
  else if (values.password.length < LOGIN_PASSWORD_MIN) errors.password = 'auth.validation.passwordMin';
  if (captchaShown && !values.captchaCode.trim()) errors.captchaCode = 'auth.validation.captchaRequired';
  if (!values.agreed) errors.agreed = 'auth.validation.agreementRequired';
  return errors;
}

/** Only same-site paths are followed after sign-in (no open redirect). */
export function safeRedirect(target: string | null): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/login')) return '/';
  return target;
}
