import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import type { RowActions } from './user-columns';
import type { UserRow } from './users-api';
import { useDeleteUser, useResetUserPassword, useSetUserDisabled } from './users-queries';

/** A row's actions, each confirmed first: disable or enable, delete, reset the password (the new one is handed to `onNewPassword`). */
export function useUserRowActions(onEdit: (user: UserRow) => void, onNewPassword: (shown: { name: string; password: string }) => void): RowActions {
  const { t } = useTranslation();
  const disabling = useSetUserDisabled();
  const deletion = useDeleteUser();
  const reset = useResetUserPassword();

  const confirm = (title: string, message: string, testId: string, action: () => Promise<unknown>, done: () => void, danger = true) =>
    modals.openConfirmModal({
      title,
      centered: true,
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: danger ? 'red' : undefined, 'data-testid': testId } as never,
      onConfirm: () => void action().then(done, () => undefined),
    });

  return {
    onEdit,
    onToggleDisabled: (u) =>
      confirm(
        u.disabled ? t('users.enable') : t('users.disable'),
        t(u.disabled ? 'users.confirmEnable' : 'users.confirmDisable', { name: u.username }),
        'user-disable-confirm',
        () => disabling.mutateAsync({ id: u.id, disabled: !u.disabled }),
        () => showSuccessToast(u.disabled ? t('users.enabledDone') : t('users.disabledDone')),
        !u.disabled,
      ),
    onDelete: (u) =>
      confirm(
        t('users.delete'),
        t('users.confirmDelete', { name: u.username }),
        'user-delete-confirm',
        () => deletion.mutateAsync(u.id),
        () => showSuccessToast(t('users.deleted')),
      ),
    onReset: (u) =>
      modals.openConfirmModal({
        title: t('users.resetPassword'),
        centered: true,
        children: <Text size="sm">{t('users.confirmReset', { name: u.username })}</Text>,
        labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
        confirmProps: { color: 'red', 'data-testid': 'user-reset-confirm' } as never,
        onConfirm: () =>
          void reset.mutateAsync(u.id).then(
            (answer) => onNewPassword({ name: u.username, password: answer.password }),
            () => undefined,
          ),
      }),
  };
}
