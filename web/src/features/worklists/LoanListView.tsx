import { Badge, Button, Card, Group, Menu, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconChevronDown } from '@tabler/icons-react';
import { fromFen, type GuaranteeContext } from '@app/workflow';
import { useQueryClient } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { AppDataTable } from '@/ui/AppDataTable';
import 'mantine-datatable/styles.css';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { showSuccessToast } from '@/api/feedback';
import { ApiError } from '@/api/http';
import { pick, useLang } from '@/i18n/use-lang';
import { formatAmount, formatTime } from '@/lib/format';
import type { OpenAction } from '@/features/loan-node/components/ActionFormModal';
import { fetchWorkflow, type ServerLegalAction } from '@/features/loan-node/loan-node-api';
import { loanNodeKeys } from '@/features/loan-node/loan-node-queries';
import { LOAN_FILTER_KEYS } from '@/features/loans/loan-filters';
import { copyLoan, deleteLoan, exportLoanRows, fetchLoanRows, sendDisbursementReminder, type LoanQuery, type LoanRow } from '@/features/loans/loans-api';
import type { OfficerEvent, OfficerEventTarget } from '@/features/loans/OfficerEventModal';
import { useCan } from '@/features/permissions/Can';
import { usePagedList } from '@/lib/use-paged-list';
import { FIRST_PAGE } from './first-page';
import { listConfig, type ListName } from './list-configs';
import { LoanListFilters } from './LoanListFilters';

// The forms and drawers open on a click: their code (the action form carries the state machine) is
// fetched then, not with the list's first paint.
const ActionFormModal = lazy(() => import('@/features/loan-node/components/ActionFormModal').then((m) => ({ default: m.ActionFormModal })));
const OfficerEventModal = lazy(() => import('@/features/loans/OfficerEventModal').then((m) => ({ default: m.OfficerEventModal })));
const LoanDetailDrawer = lazy(() => import('@/features/loans/LoanDetailDrawer').then((m) => ({ default: m.LoanDetailDrawer })));
const ResolutionDrawer = lazy(() => import('@/features/loans/ResolutionDrawer').then((m) => ({ default: m.ResolutionDrawer })));

type WindowOpen = (typeof import('@app/workflow/state-windows'))['windowOpen'];

/** The machine's state-window check, loaded only by lists that show the reminder button (until then: closed). */
function useWindowOpen(wanted: boolean): WindowOpen | null {
  const [check, setCheck] = useState<WindowOpen | null>(null);
  useEffect(() => {
    if (!wanted || check) return;
    let live = true;
    void import('@app/workflow/state-windows').then((m) => live && setCheck(() => m.windowOpen));
    return () => {
      live = false;
    };
  }, [wanted, check]);
  return check;
}

const SORTABLE = ['createdAt', 'amount', 'companyName', 'updatedAt', 'disbursedOn', 'disbursedAmount'];

/** Query keys of the loan lists: every event or deletion reloads them all. */
export const loanListKeys = { all: ['loan-lists'] as const, list: (name: ListName) => ['loan-lists', name] as const };

/**
 * A list of loans (the loan list, or any worklist of the registry): filters, sort and paging kept
 * in the URL, export, and on each row the actions the server says this user may take on it now,
 * each through the machine's action form (the node page's), plus the list's links.
 */
const WHOLE_BADGE = { label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' } } as const;

export function LoanListView({ name, title }: { name: ListName; title: string }) {
  const config = useMemo(() => listConfig(name), [name]);
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [action, setAction] = useState<{ row: LoanRow; open: OpenAction } | null>(null);
  const [officerEvent, setOfficerEvent] = useState<OfficerEventTarget | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [resolutionOf, setResolutionOf] = useState<LoanRow | null>(null);
  const [reminding, setReminding] = useState<string | null>(null);

  // Each page's nextCursor, keyed by the query it belongs to and the page it opens: the next page is
  // then fetched by keyset (as cheap deep in a large list as page 1); a jump to a page not reached
  // one by one falls back to pageNum.
  const cursors = useRef(new Map<string, string>());
  const fetchPage = async (query: LoanQuery) => {
    const { pageNum, ...rest } = query;
    const signature = JSON.stringify(rest);
    const cursor = pageNum > 1 ? cursors.current.get(`${signature}#${pageNum}`) : undefined;
    const page = await fetchLoanRows(config.api, cursor ? { ...query, cursor } : query);
    if (cursors.current.size > 500) cursors.current.clear();
    if (page.nextCursor) cursors.current.set(`${signature}#${pageNum + 1}`, page.nextCursor);
    return page;
  };

  const list = usePagedList({
    queryKey: loanListKeys.list(name),
    filterKeys: LOAN_FILTER_KEYS,
    // What boot may have asked for already (first-page.ts): the same query is answered from it.
    pageSize: FIRST_PAGE.pageSize,
    defaultSort: { sort: FIRST_PAGE.sort, order: FIRST_PAGE.order },
    sortable: SORTABLE,
    fetch: fetchPage,
    exportRows: (query) => exportLoanRows(config.api, query, title),
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: loanListKeys.all });

  // Rows carry no snapshot: the action's form reads the loan's context from its workflow view,
  // fetched when the action is opened (and with it the version the event is sent against).
  const openAction = async (row: LoanRow, legal: ServerLegalAction) => {
    setOpening(`${row.id}:${legal.type}`);
    try {
      const view = await queryClient.fetchQuery({ queryKey: loanNodeKeys.workflow(row.id), queryFn: () => fetchWorkflow(row.id), staleTime: 0 });
      const context: GuaranteeContext | null = view.snapshot.context ?? null;
      // Events that name a B-post officer pick one from the users holding the post.
      const needsOfficer =
        legal.type === 'TRANSFER_DATA' ||
        ((legal.type === 'SUBMIT_TO_RISK_CONTROL' || legal.type === 'SUBMIT_TO_INSURANCE_REVIEW') && !context?.bPostOfficerId);
      if (needsOfficer) setOfficerEvent({ row, type: legal.type as OfficerEvent, label: pick(legal.label, lang), version: view.version, context });
      else setAction({ row, open: { action: legal, version: view.version, context } });
    } catch (error) {
      // The HTTP client has already told the user (toast); the row stays as it was.
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setOpening(null);
    }
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

  // The disbursement reminder: the permission here, the loan's state by the machine's window (as the server checks).
  const remind = async (row: LoanRow) => {
    setReminding(row.id);
    try {
      const sent = await sendDisbursementReminder(row.id);
      showSuccessToast(t(sent.created ? 'loans.reminded' : 'loans.remindedAlready', { name: sent.recipient.name }));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setReminding(null);
    }
  };
  const mayRemind = config.remind === true && can(['sys:voucher:remind']);
  const windowOpen = useWindowOpen(mayRemind);

  // Links and the detail drawer depend on the user only, not on the row.
  const shown = config.links.filter((link) => can(link.perms));
  const detail = config.detailPerms !== null && can(config.detailPerms);
  // Copying starts a new application: offered on the loan list, to holders of sys:loan:copy.
  const copyable = config.loanList === true && can(['sys:loan:copy']);
  const hasStep = config.columns.includes('step');

  const byColumn: Record<(typeof config.columns)[number], DataTableColumn<LoanRow>> = {
    companyName: { accessor: 'companyName', title: t('loans.columns.company'), sortable: true },
    creditCode: { accessor: 'creditCode', title: t('loans.columns.creditCode'), width: 190 },
    amount: { accessor: 'amount', title: t('loans.columns.amount'), sortable: true, textAlign: 'right', width: 140, render: (r) => formatAmount(r.amount) },
    termMonths: { accessor: 'termMonths', title: t('loans.columns.term'), width: 90, textAlign: 'right' },
    bank: { accessor: 'bank', title: t('loans.columns.bank'), width: 120 },
    loanType: { accessor: 'loanType', title: t('loans.columns.loanType'), width: 120 },
    stage: { accessor: 'stage', title: t('loans.columns.stage'), width: 130, render: (r) => r.workflow.statusLabels.stage[lang] },
    status: {
      accessor: 'status',
      // With a step column beside it, the status column shows the status alone.
      title: hasStep ? t('loans.filters.status') : t('loans.columns.status'),
      render: (r) => (
        <Stack gap={2}>
          {/* The whole status, wrapped if the column is narrow: a badge cut to "已…" says nothing. */}
          <Badge variant="light" size="sm" h="auto" maw="100%" styles={WHOLE_BADGE} data-testid="row-status" data-status={r.workflow.statusLabels.status.key}>
            {r.workflow.statusLabels.status[lang]}
          </Badge>
          {!hasStep && (
            <Text size="xs" c="dimmed">
              {r.workflow.statusLabels.step[lang]}
            </Text>
          )}
        </Stack>
      ),
    },
    step: { accessor: 'step', title: t('loans.columns.step'), render: (r) => r.workflow.statusLabels.step[lang] },
    aPostOfficer: { accessor: 'aPostOfficer', title: t('loans.columns.aPostOfficer'), width: 110, render: (r) => r.aPostOfficer?.name ?? '-' },
    bPostOfficer: { accessor: 'bPostOfficer', title: t('loans.columns.bPostOfficer'), width: 110, render: (r) => r.bPostOfficer?.name ?? '-' },
    createdAt: {
      accessor: 'createdAt',
      title: t('loans.columns.createdAt'),
      sortable: true,
      width: 140,
      render: (r) => formatTime(r.createdAt),
    },
    updatedAt: {
      accessor: 'updatedAt',
      title: t('loans.columns.updatedAt'),
      sortable: true,
      width: 140,
      render: (r) => formatTime(r.updatedAt),
    },
    disbursedOn: { accessor: 'disbursedOn', title: t('loans.columns.disbursedOn'), sortable: true, width: 110, render: (r) => r.disbursedOn ?? '-' },
    disbursedAmount: {
      accessor: 'disbursedAmount',
      title: t('loans.columns.disbursedAmount'),
      sortable: true,
      textAlign: 'right',
      width: 140,
      render: (r) => (r.disbursedAmountFen === null ? '-' : formatAmount(fromFen(r.disbursedAmountFen))),
    },
  };

  const actionsColumn: DataTableColumn<LoanRow> = {
    accessor: 'actions',
    title: t('common.actions'),
    width: 260,
    render: (r) => (
      <Group gap={6} data-testid="row-actions">
        {r.workflow.legalActions.map((legal) => (
          <Button
            key={legal.type}
            size="compact-xs"
            variant={/(DISCONTINUE|REJECT|RETURN)/.test(legal.type) ? 'light' : 'filled'}
            color={/DISCONTINUE/.test(legal.type) ? 'red' : /(REJECT|RETURN)/.test(legal.type) ? 'orange' : undefined}
            data-testid="row-action"
            data-action={legal.type}
            loading={opening === `${r.id}:${legal.type}`}
            onClick={() => void openAction(r, legal)}
          >
            {pick(legal.label, lang)}
          </Button>
        ))}
        {mayRemind && (
          <Button
            size="compact-xs"
            variant="light"
            data-testid="row-remind"
            disabled={!windowOpen?.('DISBURSEMENT_REMINDER', { value: r.workflow.state })}
            loading={reminding === r.id}
            onClick={() => void remind(r)}
          >
            {t('loans.remind')}
          </Button>
        )}
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
    ),
  };

  return (
    <Stack p="md" data-testid="loan-list-page" data-list={name}>
      <Card withBorder radius="md" padding="lg">
        <LoanListFilters
          // Re-read from the URL whenever the applied filters change there (reset, back, a link).
          key={JSON.stringify(list.filters)}
          applied={list.filters}
          states={config.states}
          withStage={config.loanList === true}
          exporting={list.exporting}
          onSearch={list.search}
          onReset={list.reset}
          onExport={() => void list.exportList()}
        />
        <AppDataTable<LoanRow>
          minHeight={list.records.length ? undefined : 180}
          records={list.records}
          idAccessor="id"
          {...list.table}
          sortStatus={list.sortStatus as never}
          onSortStatusChange={list.onSortStatusChange}
          customRowAttributes={(row) => ({ 'data-testid': 'loan-row', 'data-company': row.companyName })}
          // A large list stops counting at a bound: its total reads "about N" (the planner's estimate), or "more than".
          {...(list.rows.data?.totalCapped
            ? {
                paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
                  list.rows.data?.totalEstimated
                    ? t('common.paginationEstimated', { from, to, total: totalRecords.toLocaleString(lang) })
                    : t('common.paginationCapped', { from, to, total: totalRecords }),
              }
            : {})}
          columns={[...config.columns.map((column) => byColumn[column]), actionsColumn]}
        />
      </Card>
      <Suspense fallback={null}>
        {action && (
          <ActionFormModal
            loanId={action.row.id}
            open={action.open}
            onClose={() => {
              setAction(null);
              void reload();
            }}
          />
        )}
        {officerEvent && (
          <OfficerEventModal
            target={officerEvent}
            onClose={() => {
              setOfficerEvent(null);
              void reload();
            }}
          />
        )}
        {detailId && <LoanDetailDrawer loanId={detailId} onClose={() => setDetailId(null)} />}
        {resolutionOf && <ResolutionDrawer row={resolutionOf} onClose={() => setResolutionOf(null)} />}
      </Suspense>
    </Stack>
  );
}
