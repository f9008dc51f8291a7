import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A reset password, shown once with a copy button. */
export function NewPasswordModal({ shown, onClose }: { shown: { name: string; password: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={shown !== null} onClose={onClose} title={t('users.newPasswordTitle')} centered closeOnClickOutside={false}>
      {shown && (
        <Stack gap="sm" data-testid="new-password">
          <Text size="sm">{t('users.newPasswordShownOnce', { name: shown.name })}</Text>
          <Code fz="lg" data-testid="new-password-value">
            {shown.password}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={shown.password}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? t('users.copied') : t('users.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose} data-testid="new-password-close">
              {t('common.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
