/**
 * What the HTTP client shows the user. Mantine's notifications and modals are driven by global
 * events, so the client can raise them from outside React; the providers render them.
 */
import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import i18n from '@/i18n';
import { clearStorage } from '@/lib/storage';

export const TOAST_DURATION_MS = 3000;
export const SESSION_DIALOG_ID = 'session-expired';

export function showErrorToast(message: string): void {
  notifications.show({ color: 'red', message, autoClose: TOAST_DURATION_MS, withBorder: true });
}

export function showSuccessToast(message: string): void {
  notifications.show({ color: 'teal', message, autoClose: TOAST_DURATION_MS, withBorder: true });
}

/** Where the confirm button goes; replaced in unit tests (jsdom cannot navigate). */
export const sessionNavigation = {
  toSiteRoot: () => window.location.assign('/'),
};

/** Spec section 8: '提示' / '当前页面已失效，请重新登录' / '确定' -> clear storage -> site root. */
export function showSessionExpiredDialog(): void {
  const confirm = () => {
    modals.close(SESSION_DIALOG_ID);
    clearStorage();
    sessionNavigation.toSiteRoot();
  };
  modals.open({
    modalId: SESSION_DIALOG_ID,
    title: i18n.t('http.sessionExpiredTitle'),
    centered: true,
    withCloseButton: false,
    closeOnClickOutside: false,
    closeOnEscape: false,
    zIndex: 2000,
    children: (
      <>
        <Text size="sm">{i18n.t('http.sessionExpired')}</Text>
        <Group justify="flex-end" mt="lg">
          <Button onClick={confirm} data-autofocus>
            {i18n.t('http.sessionExpiredConfirm')}
          </Button>
        </Group>
      </>
    ),
  });
}
