/**
 * Own-account rules (spec sections 5, 9): new password 8-16 characters with digits, upper and lower
 * case letters and symbols; the confirmation must match; avatar jpg, png or ico, at most 500 KB.
 */
export const PASSWORD_PATTERN = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[^A-Za-z0-9\s])\S{8,16}$/;

export interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordErrorKey =
  | 'profile.password.oldRequired'
  | 'profile.password.newRequired'
  | 'profile.password.confirmRequired'
  | 'profile.password.rule'
  | 'profile.password.mismatch'
  | 'profile.password.sameAsOld';

export function validatePasswordChange(values: PasswordValues): Partial<Record<keyof PasswordValues, PasswordErrorKey>> {
  const errors: Partial<Record<keyof PasswordValues, PasswordErrorKey>> = {};
  if (!values.oldPassword) errors.oldPassword = 'profile.password.oldRequired';
  if (!values.newPassword) errors.newPassword = 'profile.password.newRequired';
  else if (!PASSWORD_PATTERN.test(values.newPassword)) errors.newPassword = 'profile.password.rule';
  else if (values.newPassword === values.oldPassword) errors.newPassword = 'profile.password.sameAsOld';
  if (!values.confirmPassword) errors.confirmPassword = 'profile.password.confirmRequired';
  else if (values.confirmPassword !== values.newPassword) errors.confirmPassword = 'profile.password.mismatch';
  return errors;
}

export const AVATAR_MAX_BYTES = 500 * 1024;
export const AVATAR_ACCEPT = 'image/png,image/jpeg,image/x-icon,image/vnd.microsoft.icon,.ico,.jpg,.jpeg,.png';
const AVATAR_EXTENSIONS = ['jpg', 'jpeg', 'png', 'ico'];

export type AvatarErrorKey = 'profile.avatar.wrongType' | 'profile.avatar.tooLarge';

/** A first check for the user's sake; the server checks the content again. */
export function checkAvatarFile(file: Pick<File, 'name' | 'size'>): AvatarErrorKey | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!AVATAR_EXTENSIONS.includes(extension)) return 'profile.avatar.wrongType';
  if (file.size > AVATAR_MAX_BYTES) return 'profile.avatar.tooLarge';
  return null;
}
