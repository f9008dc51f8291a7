import { Badge, Button, Group } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCan } from '@/features/permissions/Can';
import { pick, useLang } from '@/i18n/use-lang';
import { downloadFile, safeFileName, today } from '@/lib/download';
import { formatAmount, formatTime } from '@/lib/format';
import { archivePaths, type ArchiveRow } from './archives-api';

/** The archive list's columns: the loan, its stage, its attachments, detail and one-click archive. */
export function useArchiveColumns(): DataTableColumn<ArchiveRow>[] {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const navigate = useNavigate();
  return [
    { accessor: 'companyName', title: t('archives.columns.company'), sortable: true },
    { accessor: 'amount', title: t('archives.columns.amount'), sortable: true, textAlign: 'right', render: (r) => formatAmount(r.amount) },
    { accessor: 'termMonths', title: t('archives.columns.term'), width: 90, render: (r) => t('meetings.detail.months', { n: r.termMonths }) },
    { accessor: 'bank', title: t('archives.columns.bank') },
    {
      accessor: 'stage',
      title: t('archives.columns.stage'),
      render: (r) => (
        <Badge variant="light" size="sm">
          {pick(r.stage, lang)}
        </Badge>
      ),
    },
    { accessor: 'attachmentCount', title: t('archives.columns.count'), sortable: true, width: 100, textAlign: 'right' },
    { accessor: 'lastUploadAt', title: t('archives.columns.lastUpload'), sortable: true, width: 160, render: (r) => formatTime(r.lastUploadAt) },
    {
      accessor: 'actions',
      title: t('common.actions'),
      width: 170,
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          {can(['sys:archive:detail']) && (
            <Button size="compact-xs" variant="subtle" onClick={() => navigate(`/meeting/filesDetail/${r.loanId}`)} data-testid="archive-open">
              {t('archives.detail')}
            </Button>
          )}
          {can(['sys:archive:archive-all']) && r.attachmentCount > 0 && (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => void downloadFile(archivePaths.zip(r.loanId), `${safeFileName(r.companyName)}-${t('archives.zipSuffix')}-${today()}.zip`)}
            >
              {t('archives.archiveAll')}
            </Button>
          )}
        </Group>
      ),
    },
  ];
}
