import { useMutation } from '@tanstack/react-query';
import { changeAvatar, changePassword, uploadAvatar } from './profile-api';

/** Uploads the picture, then points the user's avatar at the uploaded URL; resolves that URL. */
export function useChangeAvatar() {
  return useMutation({
    mutationFn: async (chosen: File) => {
      const url = await uploadAvatar(chosen);
      await changeAvatar(url);
      return url;
    },
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: ({ oldPassword, newPassword }: { oldPassword: string; newPassword: string }) => changePassword(oldPassword, newPassword) });
}
