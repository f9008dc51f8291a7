import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { FormErrorAlert, useAppForm } from '@/lib/app-form';
import { useChangePassword } from './profile-queries';
import { type PasswordValues, validatePasswordChange } from './profile-rules';

const EMPTY: PasswordValues = { oldPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('profile.password.title')} centered>
      {/* Mounted only while open: each opening starts empty. */}
      {opened && <PasswordForm onClose={onClose} />}
    </Modal>
  );
}

function PasswordForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const { form, formError, submitting, onSubmit } = useAppForm<PasswordValues>({
    initialValues: EMPTY,
    validate: (values) => Object.fromEntries(Object.entries(validatePasswordChange(values)).map(([field, key]) => [field, t(key)])),
    // A refusal is also toasted by the HTTP client; the dialog stays open to correct it.
    submit: async (values) => {
      await change.mutateAsync({ oldPassword: values.oldPassword, newPassword: values.newPassword });
      showSuccessToast(t('profile.password.success'));
      onClose();
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="password-form">
      <Stack gap="sm">
        <FormErrorAlert message={formError} />
        <PasswordInput label={t('profile.password.old')} autoComplete="current-password" {...form.getInputProps('oldPassword')} withAsterisk data-autofocus />
        <PasswordInput label={t('profile.password.new')} autoComplete="new-password" {...form.getInputProps('newPassword')} withAsterisk />
        <PasswordInput label={t('profile.password.confirm')} autoComplete="new-password" {...form.getInputProps('confirmPassword')} withAsterisk />
        <Text size="xs" c="dimmed">
          {t('profile.password.rule')}
        </Text>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={submitting}>
            {t('common.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
