import { Button, Card, Group, Switch, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDownload } from '@tabler/icons-react';
import { CONTRACT_TYPE_LABELS } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { useCan } from '@/features/permissions/Can';
import { pick, useLang } from '@/i18n/use-lang';
import { downloadFile } from '@/lib/download';
import { formatSize, formatTime } from '@/lib/format';
import { templateFilePath, type TemplateRow } from './basic-data-api';
import { useDeleteTemplate, useSetTemplateEnabled, useTemplates } from './basic-data-queries';

/** Every version of the bank's templates: enable or disable one, download it, delete it. */
export function TemplateTable({ bankId }: { bankId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const templates = useTemplates(bankId);
  const toggle = useSetTemplateEnabled();
  const remove = useDeleteTemplate();
  const confirmRemove = (row: TemplateRow) =>
    modals.openConfirmModal({
      title: t('basicData.delete'),
      centered: true,
      children: <Text size="sm">{t('basicData.templates.confirmDelete', { name: row.fileName, version: row.version })}</Text>,
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void remove.mutateAsync(row.id).then(
          () => showSuccessToast(t('basicData.deleted')),
          () => undefined,
        ),
    });
  const rows = templates.data ?? [];
  return (
    <Card withBorder radius="md" padding="lg">
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {templates.isLoading ? '…' : t('basicData.templates.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover data-testid="template-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('basicData.templates.columns.contractType')}</Table.Th>
                <Table.Th>{t('basicData.templates.columns.version')}</Table.Th>
                <Table.Th>{t('basicData.templates.columns.fileName')}</Table.Th>
                <Table.Th>{t('basicData.templates.columns.size')}</Table.Th>
                <Table.Th>{t('basicData.templates.columns.placeholders')}</Table.Th>
                <Table.Th>{t('basicData.templates.columns.enabled')}</Table.Th>
                <Table.Th>{t('basicData.templates.columns.uploadedBy')}</Table.Th>
                <Table.Th>{t('basicData.templates.columns.createdAt')}</Table.Th>
                <Table.Th>{t('common.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id} data-testid="template-row" data-type={row.contractType} data-version={row.version}>
                  <Table.Td>{pick(CONTRACT_TYPE_LABELS[row.contractType], lang)}</Table.Td>
                  <Table.Td>v{row.version}</Table.Td>
                  <Table.Td>{row.fileName}</Table.Td>
                  <Table.Td>{formatSize(row.size)}</Table.Td>
                  <Table.Td>
                    <Text size="xs" c="dimmed" maw={260} lineClamp={2} title={row.placeholders.join(', ')}>
                      {row.placeholders.join(', ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      checked={row.enabled}
                      disabled={!can(['sys:template:enable']) || toggle.isPending}
                      onChange={(e) => toggle.mutate({ id: row.id, enabled: e.currentTarget.checked })}
                      aria-label={row.enabled ? t('basicData.templates.enabled') : t('basicData.templates.disabled')}
                      data-testid="template-enabled"
                    />
                  </Table.Td>
                  <Table.Td>{row.createdByName ?? ''}</Table.Td>
                  <Table.Td>{formatTime(row.createdAt)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        leftSection={<IconDownload size={12} />}
                        onClick={() => void downloadFile(templateFilePath(row.id), row.fileName)}
                      >
                        {t('basicData.templates.download')}
                      </Button>
                      {can(['sys:template:delete']) && (
                        <Button size="compact-xs" variant="subtle" color="red" onClick={() => confirmRemove(row)}>
                          {t('basicData.delete')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
