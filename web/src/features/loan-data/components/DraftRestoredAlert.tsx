import { Alert, Button, Group, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { clockTime } from '../form-state';
import type { DraftCandidate } from '../local-draft';

/** The draft the form was restored from (this device or the server), and the way to drop it. */
export function DraftRestoredAlert({
  restored,
  version,
  onClose,
  onDiscard,
}: {
  restored: DraftCandidate;
  /** The saved version the form stands on now. */
  version: number;
  onClose: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="blue" icon={<IconHistory size={18} />} title={t('loanData.restore.title')} data-testid="draft-restored" withCloseButton onClose={onClose}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          {t(restored.source === 'device' ? 'loanData.restore.fromDevice' : 'loanData.restore.fromServer', { time: clockTime(restored.savedAt) })}
          {restored.baseVersion < version && ` ${t('loanData.restore.older', { base: restored.baseVersion, version })}`}
        </Text>
        <Button size="xs" variant="subtle" color="red" onClick={onDiscard} data-testid="discard-draft">
          {t('loanData.restore.discard')}
        </Button>
      </Group>
    </Alert>
  );
}
