import { Badge, Button, Card, Group, Menu, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconChevronDown, IconDownload, IconSearch } from '@tabler/icons-react';
import { STAGES, type StageKey } from '@app/workflow';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DataTableSortStatus } from 'mantine-datatable';
import { AppDataTable } from '@/app/components/AppDataTable';
import 'mantine-datatable/styles.css';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { showSuccessToast } from '@/api/feedback';
import { pick, useLang } from '@/i18n/use-lang';
import { ActionFormModal, type OpenAction } from '@/features/loan-node/components/ActionFormModal';
import type { ServerLegalAction } from '@/features/loan-node/loan-node-api';
import { useCan } from '@/features/permissions/Can';
import { EMPTY_FILTERS, filterIssues, toLoanFilters, type LoanFilterValues } from './loan-filters';
import { LoanDetailDrawer } from './LoanDetailDrawer';
import { copyLoan, deleteLoan, exportLoanRows, fetchLoanRows, fetchOfficers, type LoanFilters, type LoanRow, type LoanSort } from './loans-api';
import { LIST_CONFIGS, statusOptions, type ListName } from './lists';
import { ResolutionDrawer } from './ResolutionDrawer';
import { OfficerEventModal, type OfficerEvent } from './OfficerEventModal';
import { formatAmount, formatTime } from '@/lib/format';

const PAGE_SIZES = [10, 20, 50];

/**
 * A list of loans (the loan list, or one stage list of the meeting flow): filters, sort, paging,
 * export, and on each row the actions the server says this user may take on it now, each through
 * the machine's action form (the node page's), plus the list's links.
 */
export function LoanListView({ name }: { name: ListName }) {
  const config = LIST_CONFIGS[name];
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const [draft, setDraft] = useState<LoanFilterValues>(EMPTY_FILTERS);
  const [filters, setFilters] = useState<LoanFilters>({});
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<LoanRow>>({ columnAccessor: 'createdAt', direction: 'desc' });
  const [action, setAction] = useState<{ row: LoanRow; open: OpenAction } | null>(null);
  const [officerEvent, setOfficerEvent] = useState<{ row: LoanRow; type: OfficerEvent; label: string } | null>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [resolutionOf, setResolutionOf] = useState<LoanRow | null>(null);
  const [exporting, setExporting] = useState(false);

  const sort = { sort: sortStatus.columnAccessor as LoanSort, order: sortStatus.direction };
  const queryKey = ['loan-lists', name, page, pageSize, filters, sort];
  const rows = useQuery({
    queryKey,
    queryFn: () => fetchLoanRows(config.api, { pageNum: page, pageSize, ...filters, ...sort }),
    placeholderData: keepPreviousData,
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: ['loan-lists'] });
  const aPosts = useQuery({ queryKey: ['officers', 'A_POST'], queryFn: () => fetchOfficers('A_POST'), staleTime: 60_000 });

  const issues = filterIssues(draft);
  const statuses = useMemo(
    () => statusOptions(draft.stage ? [draft.stage as StageKey] : config.stages).map((s) => ({ value: s.key, label: s[lang] })),
    [draft.stage, config.stages, lang],
  );
  const set = <K extends keyof LoanFilterValues>(field: K, value: LoanFilterValues[K]) => setDraft((current) => ({ ...current, [field]: value }));
  const search = (event: FormEvent) => {
    event.preventDefault();
    if (Object.keys(issues).length) return;
    setPage(1);
    setFilters(toLoanFilters(draft));
  };

  const openAction = (row: LoanRow, legal: ServerLegalAction) => {
    // Events that name a B-post officer pick one from the users holding the post.
    const needsOfficer =
      legal.type === 'TRANSFER_DATA' ||
      ((legal.type === 'SUBMIT_TO_RISK_CONTROL' || legal.type === 'SUBMIT_TO_INSURANCE_REVIEW') && !row.workflow.snapshot.context.bPostOfficerId);
    if (needsOfficer) setOfficerEvent({ row, type: legal.type as OfficerEvent, label: pick(legal.label, lang) });
    else setAction({ row, open: { action: legal, version: row.workflow.version, context: row.workflow.snapshot.context } });
  };
  const confirmDelete = (row: LoanRow) =>
    modals.openConfirmModal({
      title: t('loans.deleteTitle'),
      centered: true,
      children: <Text size="sm">{t('loans.deleteConfirm', { company: row.companyName, amount: formatAmount(row.amount) })}</Text>,
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        await deleteLoan(row.id);
        showSuccessToast(t('loans.deleted'));
        await reload();
      },
    });

  const confirmCopy = (row: LoanRow) =>
    modals.openConfirmModal({
      title: t('loans.copyTitle'),
      centered: true,
      children: <Text size="sm">{t('loans.copyConfirm', { company: row.companyName })}</Text>,
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      onConfirm: async () => {
        const copy = await copyLoan(row.id);
        showSuccessToast(t('loans.copied'));
        await reload();
        void navigate(`/company/node/${copy.id}`);
      },
    });

  // Links and the detail drawer depend on the user only, not on the row.
  const shown = config.links.filter((link) => can(link.perms));
  const detail = config.detailPerms !== null && can(config.detailPerms);
  // Copying starts a new application: offered on the loan list, to holders of sys:loan:copy.
  const copyable = name === 'loanList' && can(['sys:loan:copy']);

  return (
    <Stack p="md" data-testid="loan-list-page" data-list={name}>
      <Card withBorder radius="md" padding="lg">
        <form onSubmit={search}>
          <Group mb="md" align="flex-start" gap="sm">
            <TextInput
              label={t('loans.filters.companyName')}
              leftSection={<IconSearch size={16} />}
              value={draft.companyName}
              onChange={(e) => set('companyName', e.currentTarget.value)}
              w={200}
              data-testid="filter-company"
            />
            {name === 'loanList' && (
              <Select
                label={t('loans.filters.stage')}
                data={STAGES.map((s) => ({ value: s.key, label: s[lang] }))}
                value={draft.stage}
                onChange={(value) => setDraft((current) => ({ ...current, stage: value, status: null }))}
                clearable
                w={170}
              />
            )}
            <Select label={t('loans.filters.status')} data={statuses} value={draft.status} onChange={(value) => set('status', value)} clearable w={150} />
            <NumberInput
              label={t('loans.filters.amountMin')}
              value={draft.amountMin}
              onChange={(v) => set('amountMin', v)}
              hideControls
              allowNegative={false}
              thousandSeparator=","
              w={140}
            />
            <NumberInput
              label={t('loans.filters.amountMax')}
              value={draft.amountMax}
              onChange={(v) => set('amountMax', v)}
              hideControls
              allowNegative={false}
              thousandSeparator=","
              w={140}
              error={issues.amountMax ? t(`loans.filters.${issues.amountMax}`) : undefined}
            />
            <TextInput
              label={t('loans.filters.createdFrom')}
              type="date"
              value={draft.createdFrom}
              onChange={(e) => set('createdFrom', e.currentTarget.value)}
              w={150}
            />
            <TextInput
              label={t('loans.filters.createdTo')}
              type="date"
              value={draft.createdTo}
              onChange={(e) => set('createdTo', e.currentTarget.value)}
              w={150}
              error={issues.createdTo ? t(`loans.filters.${issues.createdTo}`) : undefined}
            />
            <Select
              label={t('loans.filters.aPostOfficer')}
              data={(aPosts.data ?? []).map((u) => ({ value: u.id, label: u.nickname || u.username }))}
              value={draft.aPostOfficerId}
              onChange={(value) => set('aPostOfficerId', value)}
              clearable
              w={150}
            />
            <Group gap="sm" mt={25}>
              <Button type="submit" data-testid="search">
                {t('common.search')}
              </Button>
              <Button
                variant="default"
                onClick={() => {
                  setDraft(EMPTY_FILTERS);
                  setFilters({});
                  setPage(1);
                }}
              >
                {t('common.reset')}
              </Button>
              <Button
                variant="light"
                leftSection={<IconDownload size={16} />}
                loading={exporting}
                onClick={() => {
                  setExporting(true);
                  void exportLoanRows(config.api, { ...filters, ...sort }, t(`routes.pages.${name}` as never)).finally(() => setExporting(false));
                }}
              >
                {t('loans.export')}
              </Button>
            </Group>
          </Group>
        </form>
        <AppDataTable<LoanRow>
          minHeight={rows.data?.list?.length ? undefined : 180}
          fetching={rows.isFetching}
          records={rows.data?.list ?? []}
          idAccessor="id"
          totalRecords={rows.data?.total ?? 0}
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
          customRowAttributes={(row) => ({ 'data-testid': 'loan-row', 'data-company': row.companyName })}
          columns={[
            { accessor: 'companyName', title: t('loans.columns.company'), sortable: true },
            { accessor: 'amount', title: t('loans.columns.amount'), sortable: true, textAlign: 'right', width: 140, render: (r) => formatAmount(r.amount) },
            { accessor: 'termMonths', title: t('loans.columns.term'), width: 90, textAlign: 'right' },
            { accessor: 'bank', title: t('loans.columns.bank'), width: 120 },
            { accessor: 'stage', title: t('loans.columns.stage'), width: 130, render: (r) => r.workflow.statusLabels.stage[lang] },
            {
              accessor: 'status',
              title: t('loans.columns.status'),
              render: (r) => (
                <Stack gap={2}>
                  <Badge variant="light" size="sm" data-testid="row-status" data-status={r.workflow.statusLabels.status.key}>
                    {r.workflow.statusLabels.status[lang]}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {r.workflow.statusLabels.step[lang]}
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: 'officers',
              title: t('loans.columns.officers'),
              width: 150,
              render: (r) => `${r.aPostOfficer?.name ?? '-'} / ${r.bPostOfficer?.name ?? '-'}`,
            },
            {
              accessor: 'createdAt',
              title: t('loans.columns.createdAt'),
              sortable: true,
              width: 140,
              render: (r) => formatTime(r.createdAt),
            },
            {
              accessor: 'actions',
              title: t('common.actions'),
              width: 260,
              render: (r) => {
                return (
                  <Group gap={6} data-testid="row-actions">
                    {r.workflow.legalActions.map((legal) => (
                      <Button
                        key={legal.type}
                        size="compact-xs"
                        variant={/(DISCONTINUE|REJECT|RETURN)/.test(legal.type) ? 'light' : 'filled'}
                        color={/DISCONTINUE/.test(legal.type) ? 'red' : /(REJECT|RETURN)/.test(legal.type) ? 'orange' : undefined}
                        data-testid="row-action"
                        data-action={legal.type}
                        onClick={() => openAction(r, legal)}
                      >
                        {pick(legal.label, lang)}
                      </Button>
                    ))}
                    {r.deletable && (
                      <Button size="compact-xs" variant="subtle" color="red" data-testid="row-delete" onClick={() => confirmDelete(r)}>
                        {t('loans.delete')}
                      </Button>
                    )}
                    {(shown.length > 0 || detail || copyable || config.resolution) && (
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <Button size="compact-xs" variant="default" rightSection={<IconChevronDown size={12} />} data-testid="row-more">
                            {t('loans.more')}
                          </Button>
                        </Menu.Target>
                        <Menu.Dropdown>
                          {detail && <Menu.Item onClick={() => setDetailId(r.id)}>{t('loans.links.detail')}</Menu.Item>}
                          {config.resolution && <Menu.Item onClick={() => setResolutionOf(r)}>{t('loans.links.resolution')}</Menu.Item>}
                          {copyable && (
                            <Menu.Item data-testid="row-copy" onClick={() => confirmCopy(r)}>
                              {t('loans.copy')}
                            </Menu.Item>
                          )}
                          {shown.map((link) => (
                            <Menu.Item key={link.key} component={Link} to={link.to(r.id)}>
                              {t(`loans.links.${link.key}`)}
                            </Menu.Item>
                          ))}
                        </Menu.Dropdown>
                      </Menu>
                    )}
                  </Group>
                );
              },
            },
          ]}
        />
      </Card>
      <ActionFormModal
        loanId={action?.row.id ?? ''}
        open={action?.open ?? null}
        onClose={() => {
          setAction(null);
          void reload();
        }}
      />
      <OfficerEventModal
        target={officerEvent}
        onClose={() => {
          setOfficerEvent(null);
          void reload();
        }}
      />
      <LoanDetailDrawer loanId={detailId} onClose={() => setDetailId(null)} />
      <ResolutionDrawer row={resolutionOf} onClose={() => setResolutionOf(null)} />
    </Stack>
  );
}
