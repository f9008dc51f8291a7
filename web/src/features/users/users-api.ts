/** User administration calls (server/src/users): passwords travel RSA-encrypted, like the sign-in one. */
import { http, type Page, type PagedQuery } from '@/api/http';
import type { ApiQuery, ResetPasswordDto, UpdateUserDto, UserRowDto } from '@/api/schema.gen';
import { fetchPublicKey } from '@/features/auth/auth-api';

export type UserRow = UserRowDto;

export type UserQuery = PagedQuery<ApiQuery<'GET /user/userList'>>;

export async function fetchUsers(params: UserQuery): Promise<Page<UserRow>> {
  const res = await http.get('/user/userList', { params: { ...params } });
  return res.data;
}

export interface NewUser extends UpdateUserDto {
  username: string;
  password: string;
  confirmPassword: string;
}

/** Failures come back to the form (field errors beside their fields), without a toast. */
export async function createUser(user: NewUser): Promise<UserRow> {
  const [pem, { encryptPassword }] = await Promise.all([fetchPublicKey(), import('@/features/auth/rsa')]);
  const body = { ...user, password: encryptPassword(pem, user.password), confirmPassword: encryptPassword(pem, user.confirmPassword) };
  return (await http.post('/user', body, { passErrors: true })).data;
}

export async function updateUser(userId: string, body: UpdateUserDto): Promise<UserRow> {
  return (await http.put('/user/{id}', body, { path: { id: userId }, passErrors: true })).data;
}

export async function deleteUser(userId: string): Promise<void> {
  await http.delete('/user/{id}', { path: { id: userId } });
}

export async function setUserDisabled(userId: string, disabled: boolean): Promise<void> {
  await http.patch('/user/{id}/disabled', { disabled }, { path: { id: userId } });
}

export async function resetUserPassword(userId: string): Promise<ResetPasswordDto> {
  return (await http.post('/user/{id}/reset-password', {}, { path: { id: userId } })).data;
}
