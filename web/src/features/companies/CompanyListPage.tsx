import { ActionIcon, Badge, Button, Card, Group, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCash, IconDownload, IconEdit, IconEye, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DataTableSortStatus } from 'mantine-datatable';
import { AppDataTable } from '@/app/components/AppDataTable';
import 'mantine-datatable/styles.css';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { Can } from '@/features/permissions/Can';
import { deleteCompany, exportCompanies, fetchCompanies, type CompanyFilters, type CompanyRow, type CompanySort } from './companies-api';
import { CompanyDetailDrawer } from './CompanyDetailDrawer';
import { CompanyFormModal } from './CompanyFormModal';
import { enumData, enumWords } from './enum-labels';
import { useLang } from '@/i18n/use-lang';
import { InitiateLoanModal } from './InitiateLoanModal';
import { formatTime } from '@/lib/format';

const PAGE_SIZES = [10, 20, 50];
const EMPTY: CompanyFilters = { name: '', creditCode: '', districtCode: null, enterpriseKind: null, qualification: null };

/** /company/list: companies with filters, sort, export; add, edit, detail, delete, initiate a loan. */
export default function CompanyListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const [draft, setDraft] = useState<CompanyFilters>(EMPTY);
  const [filters, setFilters] = useState<CompanyFilters>(EMPTY);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<CompanyRow>>({ columnAccessor: 'createdAt', direction: 'desc' });
  const [editing, setEditing] = useState<{ company: CompanyRow | null } | null>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [loanFor, setLoanFor] = useState<CompanyRow | null>(null);
  const [exporting, setExporting] = useState(false);

  const sort = { sort: sortStatus.columnAccessor as CompanySort, order: sortStatus.direction };
  const companies = useQuery({
    queryKey: ['companies', 'list', page, pageSize, filters, sort],
    queryFn: () => fetchCompanies({ pageNum: page, pageSize, ...filters, ...sort }),
    placeholderData: keepPreviousData,
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: ['companies'] });

  const search = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setFilters({ ...draft, name: draft.name?.trim(), creditCode: draft.creditCode?.trim() });
  };
  const setDraftField = (field: keyof CompanyFilters, value: string | null) => setDraft((current) => ({ ...current, [field]: value }));

  const confirmDelete = (company: CompanyRow) =>
    modals.openConfirmModal({
      title: t('companies.deleteTitle'),
      centered: true,
      children: <Text size="sm">{t('companies.deleteConfirm', { name: company.name })}</Text>,
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        await deleteCompany(company.id);
        showSuccessToast(t('companies.deleted'));
        await reload();
      },
    });

  return (
    <Stack p="md" data-testid="company-list-page">
      <Card withBorder radius="md" padding="lg">
        <form onSubmit={search}>
          <Group mb="md" align="flex-end" gap="sm">
            <TextInput
              label={t('companies.filters.name')}
              leftSection={<IconSearch size={16} />}
              value={draft.name}
              onChange={(e) => setDraftField('name', e.currentTarget.value)}
              w={220}
              data-testid="filter-name"
            />
            <TextInput
              label={t('companies.filters.creditCode')}
              value={draft.creditCode}
              onChange={(e) => setDraftField('creditCode', e.currentTarget.value)}
              w={200}
            />
            <Select
              label={t('companies.filters.district')}
              data={enumData('districtCode', lang)}
              value={draft.districtCode ?? null}
              onChange={(v) => setDraftField('districtCode', v)}
              clearable
              w={150}
            />
            <Select
              label={t('companies.filters.kind')}
              data={enumData('enterpriseKinds', lang)}
              value={draft.enterpriseKind ?? null}
              onChange={(v) => setDraftField('enterpriseKind', v)}
              clearable
              w={180}
            />
            <Select
              label={t('companies.filters.qualification')}
              data={enumData('qualifications', lang)}
              value={draft.qualification ?? null}
              onChange={(v) => setDraftField('qualification', v)}
              clearable
              w={180}
            />
            <Button type="submit" data-testid="search">
              {t('common.search')}
            </Button>
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
          </Group>
        </form>
        <Group mb="sm" gap="sm">
          <Can perms={['sys:company:add']}>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ company: null })} data-testid="add-company">
              {t('companies.add')}
            </Button>
          </Can>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            loading={exporting}
            onClick={() => {
              setExporting(true);
              void exportCompanies({ ...filters, ...sort }, t('routes.pages.companyList')).finally(() => setExporting(false));
            }}
          >
            {t('companies.export')}
          </Button>
        </Group>
        <AppDataTable<CompanyRow>
          minHeight={companies.data?.list.length ? undefined : 180}
          fetching={companies.isFetching}
          records={companies.data?.list ?? []}
          idAccessor="id"
          totalRecords={companies.data?.total ?? 0}
          recordsPerPage={pageSize}
          page={page}
          onPageChange={setPage}
          recordsPerPageOptions={PAGE_SIZES}
          onRecordsPerPageChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          sortStatus={sortStatus}
          onSortStatusChange={(next) => {
            setSortStatus(next);
            setPage(1);
          }}
          columns={[
            { accessor: 'name', title: t('companies.columns.name'), sortable: true },
            {
              accessor: 'creditCode',
              title: t('companies.columns.creditCode'),
              sortable: true,
              width: 190,
              render: (c) => (
                <Text ff="monospace" size="sm">
                  {c.creditCode}
                </Text>
              ),
            },
            { accessor: 'legalRepresentative', title: t('companies.columns.legalRepresentative'), width: 110 },
            { accessor: 'districtCode', title: t('companies.columns.district'), width: 110, render: (c) => enumWords('districtCode', c.districtCode, lang) },
            {
              accessor: 'contactPerson',
              title: t('companies.columns.contact'),
              width: 170,
              render: (c) => [c.contactPerson, c.contactPhone].filter(Boolean).join(' '),
            },
            {
              accessor: 'loanCount',
              title: t('companies.columns.loans'),
              width: 130,
              render: (c) => (
                <Badge variant="light" color={c.openLoanCount ? 'blue' : 'gray'}>
                  {c.openLoanCount} / {c.loanCount}
                </Badge>
              ),
            },
            {
              accessor: 'createdAt',
              title: t('companies.columns.createdAt'),
              sortable: true,
              width: 150,
              render: (c) => formatTime(c.createdAt),
            },
            {
              accessor: 'actions',
              title: t('common.actions'),
              width: 170,
              render: (c) => (
                <Group gap={4} wrap="nowrap" data-testid="company-actions" data-company={c.name}>
                  <Can perms={['sys:company:detail']}>
                    <Tooltip label={t('companies.detail')}>
                      <ActionIcon variant="subtle" aria-label={t('companies.detail')} onClick={() => setDetailId(c.id)}>
                        <IconEye size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Can>
                  <Can perms={['sys:company:edit']}>
                    <Tooltip label={t('companies.edit')}>
                      <ActionIcon variant="subtle" aria-label={t('companies.edit')} onClick={() => setEditing({ company: c })}>
                        <IconEdit size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Can>
                  <Can perms={['sys:company:initiate-loan']}>
                    <Tooltip label={t('companies.initiateLoan')}>
                      <ActionIcon variant="subtle" color="teal" aria-label={t('companies.initiateLoan')} onClick={() => setLoanFor(c)}>
                        <IconCash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Can>
                  <Can perms={['sys:company:delete']}>
                    <Tooltip label={c.openLoanCount ? t('companies.deleteBlocked', { count: c.openLoanCount }) : t('companies.delete')} multiline w={240}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('companies.delete')}
                        disabled={c.openLoanCount > 0}
                        onClick={() => confirmDelete(c)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Can>
                </Group>
              ),
            },
          ]}
        />
      </Card>
      <CompanyFormModal
        opened={editing !== null}
        company={editing?.company ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void reload();
        }}
      />
      <CompanyDetailDrawer companyId={detailId} onClose={() => setDetailId(null)} />
      <InitiateLoanModal company={loanFor} onClose={() => setLoanFor(null)} />
    </Stack>
  );
}
