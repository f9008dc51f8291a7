import { Button, Menu } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadFile, safeFileName } from '@/lib/download';
import { meetingPaths, type MinutesOwner } from './meetings-api';

/** The generated minutes of a meeting, as Word or Excel, named after its title. */
export function MinutesExportMenu({ owner, title }: { owner: MinutesOwner; title: string }) {
  const { t } = useTranslation();
  const exportAs = (format: 'docx' | 'xlsx') =>
    void downloadFile(meetingPaths.minutesExport(owner), `${safeFileName(title)}-${t('meetings.minutes.fileSuffix')}.${format}`, { format });
  return (
    <Menu position="bottom-end" withinPortal={false}>
      <Menu.Target>
        <Button variant="light" size="xs" leftSection={<IconFileExport size={14} />} data-testid="minutes-export">
          {t('meetings.minutes.export')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => exportAs('docx')} data-testid="minutes-export-docx">
          {t('meetings.minutes.exportWord')}
        </Menu.Item>
        <Menu.Item onClick={() => exportAs('xlsx')} data-testid="minutes-export-xlsx">
          {t('meetings.minutes.exportExcel')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
