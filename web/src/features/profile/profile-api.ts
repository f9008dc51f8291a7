import { http } from '@/api/http';
import { fetchPublicKey } from '@/features/auth/auth-api';

/** Both passwords travel RSA-encrypted, like the sign-in password. */
export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  const [pem, { encryptPassword }] = await Promise.all([fetchPublicKey(), import('@/features/auth/rsa')]);
  await http.post('/user/change-password', {
    oldPassword: encryptPassword(pem, oldPassword),
    newPassword: encryptPassword(pem, newPassword),
  });
}

export async function uploadAvatar(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const res = await http.post('/upload/user', form);
  return res.data.url;
}

export async function changeAvatar(avatar: string): Promise<void> {
  await http.patch('/user/change-avatar', { avatar });
}
