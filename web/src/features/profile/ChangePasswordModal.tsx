import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { changePassword } from './profile-api';
import { type PasswordErrorKey, type PasswordValues, validatePasswordChange } from './profile-rules';

const EMPTY: PasswordValues = { oldPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<PasswordValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof PasswordValues, PasswordErrorKey>>>({});
  const mutation = useMutation({ mutationFn: () => changePassword(values.oldPassword, values.newPassword) });

  const close = () => {
    setValues(EMPTY);
    setErrors({});
    onClose();
  };

  const set = (field: keyof PasswordValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validatePasswordChange(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // Failures are toasted by the HTTP client; the dialog stays open to correct them.
    mutation.mutate(undefined, {
      onSuccess: () => {
        showSuccessToast(t('profile.password.success'));
        close();
      },
    });
  };

  const error = (field: keyof PasswordValues) => (errors[field] ? t(errors[field]) : undefined);

  return (
    <Modal opened={opened} onClose={close} title={t('profile.password.title')} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label={t('profile.password.old')}
            autoComplete="current-password"
            value={values.oldPassword}
            onChange={(e) => set('oldPassword', e.currentTarget.value)}
            error={error('oldPassword')}
            withAsterisk
            data-autofocus
          />
          <PasswordInput
            label={t('profile.password.new')}
            autoComplete="new-password"
            value={values.newPassword}
            onChange={(e) => set('newPassword', e.currentTarget.value)}
            error={error('newPassword')}
            withAsterisk
          />
          <PasswordInput
            label={t('profile.password.confirm')}
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={(e) => set('confirmPassword', e.currentTarget.value)}
            error={error('confirmPassword')}
            withAsterisk
          />
          <Text size="xs" c="dimmed">
            {t('profile.password.rule')}
          </Text>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {t('common.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
