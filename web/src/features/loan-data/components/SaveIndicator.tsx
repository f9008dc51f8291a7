import { Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconLoader2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { clockTime } from '../form-state';
import type { AutosaveStatus } from '../use-autosave';

/** Where what is typed stands: being saved, kept as the server draft, kept on this device only, or the saved version. */
export function SaveIndicator({ status, savedAt, saving }: { status: AutosaveStatus; savedAt: string | null; saving: boolean }) {
  const { t } = useTranslation();
  let icon = <IconCloudCheck size={14} />;
  let color = 'dimmed';
  let text: string;
  if (saving) {
    icon = <IconLoader2 size={14} />;
    text = t('loanData.autosave.savingVersion');
  } else if (status.state === 'pending' || status.state === 'saving') {
    icon = <IconLoader2 size={14} />;
    text = t('loanData.autosave.saving');
  } else if (status.state === 'saved') {
    text = t('loanData.autosave.savedAt', { time: clockTime(status.at) });
    color = 'teal';
  } else if (status.state === 'device') {
    icon = <IconAlertTriangle size={14} />;
    color = 'orange';
    text = status.sessionExpired
      ? t('loanData.autosave.sessionExpired', { time: clockTime(status.at) })
      : t('loanData.autosave.device', { time: clockTime(status.at) });
  } else {
    text = savedAt ? t('loanData.autosave.versionAt', { time: clockTime(savedAt) }) : t('loanData.autosave.idle');
  }
  return (
    <Group gap={4} c={color} data-testid="save-indicator" data-state={saving ? 'saving-version' : status.state}>
      {icon}
      <Text size="xs" c={color}>
        {text}
      </Text>
    </Group>
  );
}
