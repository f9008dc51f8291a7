import { ActionIcon, Badge, Button, Card, Group, Table, Text } from '@mantine/core';
import { IconDownload, IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Can, useCan } from '@/features/permissions/Can';
import { pick, useLang } from '@/i18n/use-lang';
import { downloadFile } from '@/lib/download';
import { formatSize, formatTime } from '@/lib/format';
import { archivePaths, type ArchiveDetail } from './archives-api';

export type ArchiveGroup = ArchiveDetail['groups'][number];
export type ArchiveFile = ArchiveGroup['files'][number];

/** One kind of attachment of the loan: its files, each downloadable, the loan's own deletable. */
export function ArchiveGroupCard({ group, onUpload, onDelete }: { group: ArchiveGroup; onUpload: () => void; onDelete: (file: ArchiveFile) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  return (
    <Card withBorder radius="md" padding="md" data-testid="archive-group" data-kind={group.kind}>
      <Group justify="space-between" mb={group.files.length ? 'xs' : 0}>
        <Group gap="xs">
          <Text fw={600}>{pick(group.label, lang)}</Text>
          <Badge variant="light" color={group.files.length ? 'blue' : 'gray'}>
            {group.files.length}
          </Badge>
        </Group>
        <Can perms={['sys:archive:upload']}>
          <Button size="compact-xs" variant="subtle" leftSection={<IconUpload size={12} />} onClick={onUpload}>
            {t('archives.upload')}
          </Button>
        </Can>
      </Group>
      {group.files.length > 0 && (
        <Table withTableBorder striped>
          <Table.Tbody>
            {group.files.map((f) => (
              <Table.Tr key={f.id} data-testid="archive-file">
                <Table.Td>{f.name}</Table.Td>
                <Table.Td w={90}>{formatSize(f.size)}</Table.Td>
                <Table.Td w={120}>{f.uploadedByName}</Table.Td>
                <Table.Td w={150}>{formatTime(f.uploadedAt)}</Table.Td>
                <Table.Td w={200}>
                  {f.source === 'meeting' && (
                    <Text size="xs" c="dimmed">
                      {t('archives.fromMeeting', { title: f.meetingTitle ?? '' })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td w={80}>
                  <Group gap={4} wrap="nowrap">
                    {can(['sys:archive:detail']) && (
                      <ActionIcon variant="subtle" aria-label={t('archives.download')} onClick={() => void downloadFile(archivePaths.file(f.id), f.name)}>
                        <IconDownload size={16} />
                      </ActionIcon>
                    )}
                    {f.source === 'loan' && can(['sys:archive:delete']) && (
                      <ActionIcon variant="subtle" color="red" aria-label={t('archives.delete')} onClick={() => onDelete(f)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
