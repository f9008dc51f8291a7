import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconChevronDown, IconKey, IconLogout, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LOGIN_PATH } from '@/navigation/paths';
import { useSession } from '@/features/auth/session';
import { ChangeAvatarModal } from './ChangeAvatarModal';
import { ChangePasswordModal } from './ChangePasswordModal';

/** Header menu of the signed-in user: avatar, password, sign out (with the spec's confirmation). */
export function UserMenu() {
  const { t } = useTranslation();
  const { user, signOut } = useSession();
  const [avatarOpened, avatar] = useDisclosure(false);
  const [passwordOpened, password] = useDisclosure(false);
  const name = user?.nickname || user?.username || '';

  const confirmSignOut = () =>
    modals.openConfirmModal({
      title: t('common.notice'),
      centered: true,
      children: <Text size="sm">{t('shell.logoutConfirm')}</Text>,
      labels: { confirm: t('common.ok'), cancel: t('common.cancel') },
      confirmProps: { 'data-testid': 'logout-confirm' } as Record<string, string>,
      onConfirm: async () => {
        await signOut();
        // Spec section 4: signing out reloads the page.
        window.location.assign(LOGIN_PATH);
      },
    });

  return (
    <>
      <Menu position="bottom-end" shadow="md" width={200} withinPortal>
        <Menu.Target>
          {/* Named by what it shows (label in name), the menu's name read after it; the initials are decoration. */}
          <UnstyledButton data-testid="user-menu">
            <Group gap={8} wrap="nowrap">
              <Avatar src={user?.avatar || null} name={name} color="initials" radius="xl" size={32} aria-hidden />
              <Text size="sm" fw={500} visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                {name}
              </Text>
              <IconChevronDown size={14} aria-hidden />
              <VisuallyHidden>{t('shell.userMenu')}</VisuallyHidden>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{user?.username}</Menu.Label>
          <Menu.Item leftSection={<IconPhoto size={16} />} onClick={avatar.open}>
            {t('shell.changeAvatar')}
          </Menu.Item>
          <Menu.Item leftSection={<IconKey size={16} />} onClick={password.open}>
            {t('shell.changePassword')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={confirmSignOut} data-testid="logout">
            {t('shell.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ChangeAvatarModal opened={avatarOpened} onClose={avatar.close} />
      <ChangePasswordModal opened={passwordOpened} onClose={password.close} />
    </>
  );
}
