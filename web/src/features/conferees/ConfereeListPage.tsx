import { Button, Card, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import { VOTING_MEETING_KINDS, type VotingMeetingKind } from '@app/workflow';
import { AppDataTable } from '@/ui/AppDataTable';
import { ListFilterBar } from '@/ui/ListFilterBar';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { downloadFile, today } from '@/lib/download';
import { PAGE_SIZES } from '@/features/meetings/labels';
import { Can } from '@/features/permissions/Can';
import type { ConfereeRow } from './conferees-api';
import { useConfereeList, useRemoveConferee } from './conferees-queries';
import { useConfereeColumns } from './ConfereeColumns';
import { AddConfereesModal, ManageConfereeModal } from './ConfereeModals';

const FILTER_KEYS = ['keyword', 'kind', 'active'] as const;

/** /user/participation: the attendee pool of the general-office and review-committee meetings. */
export default function ConfereeListPage() {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const [managing, setManaging] = useState<ConfereeRow | null>(null);
  const list = useConfereeList({
    filterKeys: FILTER_KEYS,
    pageSizes: PAGE_SIZES,
    defaultSort: { sort: 'createdAt', order: 'desc' },
    sortable: ['username', 'nickname', 'createdAt'],
    exportRows: async (query) => void (await downloadFile('/conferees/export', `${t('conferees.exportName')}-${today()}.xlsx`, query)),
  });
  const remove = useRemoveConferee();

  const kindLabel = (k: VotingMeetingKind) => t(`meetings.kinds.${k}`);
  const confirmRemove = (row: ConfereeRow) =>
    modals.openConfirmModal({
      title: t('conferees.delete'),
      centered: true,
      children: <Text size="sm">{t('conferees.confirmDelete', { name: row.nickname })}</Text>,
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void remove.mutateAsync(row).then(
          () => showSuccessToast(t('conferees.deleted')),
          () => undefined,
        ),
    });
  const columns = useConfereeColumns({ onManage: setManaging, onDelete: confirmRemove });

  return (
    <Stack p="md" data-testid="conferee-list">
      <Card withBorder radius="md" padding="lg">
        <ListFilterBar
          fields={[
            { kind: 'text', key: 'keyword', label: t('conferees.columns.name'), placeholder: t('conferees.searchPlaceholder') },
            {
              kind: 'select',
              key: 'kind',
              label: t('conferees.columns.kinds'),
              placeholder: t('conferees.allKinds'),
              data: VOTING_MEETING_KINDS.map((k) => ({ value: k, label: kindLabel(k) })),
            },
            {
              kind: 'select',
              key: 'active',
              label: t('conferees.columns.status'),
              placeholder: t('conferees.allStatuses'),
              data: [
                { value: 'true', label: t('conferees.active') },
                { value: 'false', label: t('conferees.inactive') },
              ],
              width: 130,
            },
          ]}
          list={list}
          actions={
            <Can perms={['sys:conferee:add']}>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} data-testid="conferee-add">
                {t('conferees.add')}
              </Button>
            </Can>
          }
        />
        <AppDataTable<ConfereeRow>
          minHeight={list.records.length ? undefined : 180}
          records={list.records}
          idAccessor="userId"
          customRowAttributes={(r) => ({ 'data-testid': 'conferee-row', 'data-username': r.username })}
          {...list.table}
          sortStatus={list.sortStatus as never}
          onSortStatusChange={list.onSortStatusChange}
          columns={columns}
        />
      </Card>
      <AddConfereesModal opened={adding} onClose={() => setAdding(false)} />
      <ManageConfereeModal row={managing} onClose={() => setManaging(null)} />
    </Stack>
  );
}
