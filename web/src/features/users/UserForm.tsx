import { Button, Group, MultiSelect, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import type { RoleRow } from '@/features/roles/roles-api';
import { FormErrorAlert, useAppForm } from '@/lib/app-form';
import { toNewUser, toUpdateUserDto, userFormErrors, type UserFormValues } from './user-form';
import type { UserRow } from './users-api';
import { useSaveUser } from './users-queries';

/** Adding a user (with a password and its confirmation) or editing one (the username stays). */
export function UserForm({ user, roles, onClose }: { user: UserRow | null; roles: RoleRow[]; onClose: () => void }) {
  const { t } = useTranslation();
  const adding = user === null;
  const save = useSaveUser(user?.id ?? null);
  const { form, formError, submitting, onSubmit } = useAppForm<UserFormValues>({
    initialValues: {
      username: user?.username ?? '',
      nickname: user?.nickname ?? '',
      password: '',
      confirmPassword: '',
      phone: user?.phone ?? '',
      email: user?.email ?? '',
      roleIds: user?.roleIds ?? [],
    },
    validate: (values) => Object.fromEntries(Object.entries(userFormErrors(values, adding)).map(([field, key]) => [field, t(`users.errors.${key}`)])),
    submit: async (values) => {
      await save.mutateAsync(adding ? toNewUser(values) : toUpdateUserDto(values));
      showSuccessToast(t('users.saved'));
      onClose();
    },
  });
  return (
    <form noValidate data-testid="user-form" onSubmit={onSubmit}>
      <Stack gap="sm">
        <FormErrorAlert message={formError} testId="user-form-error" />
        <TextInput label={t('users.columns.username')} withAsterisk disabled={!adding} data-testid="user-username" {...form.getInputProps('username')} />
        <TextInput label={t('users.columns.nickname')} withAsterisk data-testid="user-nickname" {...form.getInputProps('nickname')} />
        {adding && (
          <>
            <PasswordInput
              label={t('users.password')}
              withAsterisk
              autoComplete="new-password"
              description={t('users.passwordRule')}
              data-testid="user-password"
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label={t('users.confirmPassword')}
              withAsterisk
              autoComplete="new-password"
              data-testid="user-confirm-password"
              {...form.getInputProps('confirmPassword')}
            />
          </>
        )}
        <TextInput label={t('users.columns.phone')} data-testid="user-phone" {...form.getInputProps('phone')} />
        <TextInput label={t('users.columns.email')} data-testid="user-email" {...form.getInputProps('email')} />
        <MultiSelect
          label={t('users.columns.roles')}
          withAsterisk
          searchable
          data={roles.map((r) => ({ value: r.id, label: r.name }))}
          comboboxProps={{ withinPortal: false }}
          data-testid="user-roles"
          {...form.getInputProps('roleIds')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={submitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={submitting} data-testid="user-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
