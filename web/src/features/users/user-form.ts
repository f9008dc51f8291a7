/**
 * The user form's rules (spec section 5), checked before sending; the server checks them again:
 * user name 5-15, password 8-16 with digits, upper and lower case letters and symbols, the
 * confirmation equal, nickname 1-30, phone 11 digits, e-mail format, at least one role.
 */
import type { UpdateUserDto } from '@/api/schema.gen';
import { PASSWORD_PATTERN } from '@/features/profile/profile-rules';
import type { NewUser } from './users-api';

export const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]{5,15}$/;
const PHONE_PATTERN = /^\d{11}$/;
// The shape class-validator's isEmail accepts in practice: something@domain.tld, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export interface UserFormValues {
  username: string;
  nickname: string;
  password: string;
  confirmPassword: string;
  phone: string;
  email: string;
  roleIds: string[];
}

export type UserFormField = keyof UserFormValues;

/** The fields in error (each names its message under users.errors); `adding` checks name and password too. */
export function userFormErrors(values: UserFormValues, adding: boolean): Partial<Record<UserFormField, UserFormField>> {
  const errors: Partial<Record<UserFormField, UserFormField>> = {};
  if (adding) {
    if (!USERNAME_PATTERN.test(values.username.trim())) errors.username = 'username';
    if (!PASSWORD_PATTERN.test(values.password)) errors.password = 'password';
    if (values.confirmPassword !== values.password) errors.confirmPassword = 'confirmPassword';
  }
  const nickname = values.nickname.trim();
  if (nickname.length < 1 || nickname.length > 30) errors.nickname = 'nickname';
  const phone = values.phone.trim();
  if (phone && !PHONE_PATTERN.test(phone)) errors.phone = 'phone';
  const email = values.email.trim();
  if (email && (email.length > 100 || !EMAIL_PATTERN.test(email))) errors.email = 'email';
  if (values.roleIds.length === 0) errors.roleIds = 'roleIds';
  return errors;
}

export function toUpdateUserDto(values: UserFormValues): UpdateUserDto {
  return { nickname: values.nickname.trim(), phone: values.phone.trim() || null, email: values.email.trim() || null, roleIds: values.roleIds };
}

export function toNewUser(values: UserFormValues): NewUser {
  return { ...toUpdateUserDto(values), username: values.username.trim(), password: values.password, confirmPassword: values.confirmPassword };
}
