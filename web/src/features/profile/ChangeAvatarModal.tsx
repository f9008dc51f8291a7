import { Alert, Avatar, Button, FileButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { useSession } from '@/features/auth/session';
import { useChangeAvatar } from './profile-queries';
import { AVATAR_ACCEPT, type AvatarErrorKey, checkAvatarFile } from './profile-rules';

/** Upload the picture, then point the user's avatar at the uploaded URL. */
export function ChangeAvatarModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { updateUser } = useSession();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<AvatarErrorKey | 'profile.avatar.required' | null>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const mutation = useChangeAvatar();

  const close = () => {
    setFile(null);
    setError(null);
    onClose();
  };

  const choose = (chosen: File | null) => {
    if (!chosen) return;
    const problem = checkAvatarFile(chosen);
    setError(problem);
    setFile(problem ? null : chosen);
  };

  const save = () => {
    if (!file) return setError('profile.avatar.required');
    mutation.mutate(file, {
      onSuccess: (url) => {
        updateUser({ avatar: url });
        showSuccessToast(t('profile.avatar.success'));
        close();
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title={t('profile.avatar.title')} centered>
      <Stack gap="md">
        <AvatarPreviews preview={preview} />
        <FileButton onChange={choose} accept={AVATAR_ACCEPT}>
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconUpload size={16} />}>
              {t('profile.avatar.choose')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed" ta="center">
          {t('profile.avatar.hint')}
        </Text>
        {error && (
          <Alert color="red" variant="light">
            {t(error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button onClick={save} loading={mutation.isPending} disabled={!file}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The avatar now and, once a picture is chosen, the one it would become. */
function AvatarPreviews({ preview }: { preview: string | null }) {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <Group justify="center" gap="xl">
      <Stack align="center" gap={4}>
        <Avatar src={user?.avatar || null} name={user?.nickname || user?.username} size={88} radius={88} color="initials" />
        <Text size="xs" c="dimmed">
          {t('profile.avatar.current')}
        </Text>
      </Stack>
      {preview && (
        <Stack align="center" gap={4}>
          <Avatar src={preview} size={88} radius={88} />
          <Text size="xs" c="dimmed">
            {t('profile.avatar.preview')}
          </Text>
        </Stack>
      )}
    </Group>
  );
}
