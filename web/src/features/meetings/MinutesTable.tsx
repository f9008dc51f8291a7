import { ActionIcon, Group, Table } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import type { PermissionKey } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import { Can } from '@/features/permissions/Can';
import { downloadFile } from '@/lib/download';
import { formatSize, formatTime } from '@/lib/format';
import { meetingPaths, type MinutesOwner, type StoredFile } from './meetings-api';

/** The minutes' files: name, size, who and when, download, and delete for those who may upload. */
export function MinutesTable({
  owner,
  files,
  uploadPerm,
  onDelete,
}: {
  owner: MinutesOwner;
  files: StoredFile[];
  uploadPerm: PermissionKey;
  onDelete: (file: StoredFile) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table striped withTableBorder>
      <Table.Tbody>
        {files.map((f) => (
          <Table.Tr key={f.id} data-testid="minutes-file">
            <Table.Td>{f.name}</Table.Td>
            <Table.Td w={90}>{formatSize(f.size)}</Table.Td>
            <Table.Td w={120}>{f.uploadedByName}</Table.Td>
            <Table.Td w={150}>{formatTime(f.uploadedAt)}</Table.Td>
            <Table.Td w={80}>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={t('meetings.minutes.download')}
                  onClick={() => void downloadFile(meetingPaths.minutesFile(owner, f.id), f.name)}
                >
                  <IconDownload size={16} />
                </ActionIcon>
                <Can perms={[uploadPerm]}>
                  <ActionIcon variant="subtle" color="red" aria-label={t('meetings.minutes.delete')} onClick={() => onDelete(f)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Can>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
