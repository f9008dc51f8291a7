import { Badge, Button, Card, Group, Select, Stack, TextInput } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { STAGES, type StageKey } from '@app/workflow';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type DataTableSortStatus } from 'mantine-datatable';
import { AppDataTable } from '@/app/components/AppDataTable';
import 'mantine-datatable/styles.css';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { pick, useLang } from '@/i18n/use-lang';
import { downloadFile, safeFileName, today } from '@/features/meetings/download';
import { PAGE_SIZES } from '@/features/meetings/labels';
import { formatAmount, formatTime } from '@/lib/format';
import { useCan } from '@/features/permissions/Can';
import { archivePaths, fetchArchives, type ArchiveRow } from './archives-api';

interface Filters {
  company: string;
  stage: StageKey | null;
  has: 'true' | 'false' | null;
}
const EMPTY: Filters = { company: '', stage: null, has: null };

/** /meeting/filesList: every loan with its number of attachments; detail and one-click archive. */
export default function ArchiveListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [sort, setSort] = useState<DataTableSortStatus<ArchiveRow>>({ columnAccessor: 'createdAt', direction: 'desc' });
  const params = {
    pageNum: page,
    pageSize,
    company: filters.company || undefined,
    stage: filters.stage ?? undefined,
    hasAttachments: filters.has === null ? undefined : filters.has === 'true',
    sort: String(sort.columnAccessor),
    order: sort.direction,
  };
  const rows = useQuery({ queryKey: ['archives', 'list', params], queryFn: () => fetchArchives(params), placeholderData: keepPreviousData });
  const search = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setFilters({ ...draft, company: draft.company.trim() });
  };

  return (
    <Stack p="md" data-testid="archive-list">
      <Card withBorder radius="md" padding="lg">
        <form onSubmit={search}>
          <Group mb="md" gap="sm" align="flex-end">
            <TextInput
              label={t('archives.columns.company')}
              placeholder={t('archives.searchCompany')}
              leftSection={<IconSearch size={16} />}
              value={draft.company}
              onChange={(e) => setDraft({ ...draft, company: e.currentTarget.value })}
              w={240}
            />
            <Select
              label={t('archives.columns.stage')}
              placeholder={t('archives.allStages')}
              data={STAGES.map((s) => ({ value: s.key, label: pick(s, lang) }))}
              value={draft.stage}
              onChange={(stage) => setDraft({ ...draft, stage: stage as StageKey | null })}
              clearable
              w={200}
            />
            <Select
              label={t('archives.hasAttachments')}
              placeholder={t('archives.all')}
              data={[
                { value: 'true', label: t('archives.withFiles') },
                { value: 'false', label: t('archives.withoutFiles') },
              ]}
              value={draft.has}
              onChange={(has) => setDraft({ ...draft, has: has as Filters['has'] })}
              clearable
              w={140}
            />
            <Button type="submit">{t('common.search')}</Button>
            <Button
              variant="default"
              onClick={() => {
                setDraft(EMPTY);
                setFilters(EMPTY);
                setPage(1);
              }}
            >
              {t('common.reset')}
            </Button>
            <Button
              variant="light"
              ml="auto"
              leftSection={<IconDownload size={16} />}
              onClick={() =>
                void downloadFile(archivePaths.export, `${t('archives.exportName')}-${today()}.xlsx`, { ...params, pageNum: undefined, pageSize: undefined })
              }
            >
              {t('meetings.list.export')}
            </Button>
          </Group>
        </form>
        <AppDataTable<ArchiveRow>
          minHeight={rows.data?.list.length ? undefined : 180}
          fetching={rows.isFetching}
          records={rows.data?.list ?? []}
          idAccessor="loanId"
          customRowAttributes={(r) => ({ 'data-testid': 'archive-row', 'data-loan-id': r.loanId })}
          totalRecords={rows.data?.total ?? 0}
          recordsPerPage={pageSize}
          page={page}
          onPageChange={setPage}
          recordsPerPageOptions={PAGE_SIZES}
          onRecordsPerPageChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          sortStatus={sort}
          onSortStatusChange={(next) => {
            setSort(next);
            setPage(1);
          }}
          columns={[
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
          ]}
        />
      </Card>
    </Stack>
  );
}
