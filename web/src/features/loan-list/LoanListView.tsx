import { Card, Stack } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { AppDataTable } from '@/ui/AppDataTable';
import 'mantine-datatable/styles.css';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/i18n/use-lang';
import { useCan } from '@/features/permissions/Can';
import { listConfig, type ListName } from './list-configs';
import { LoanListDialogs, NOTHING_OPEN, type LoanListOpen } from './LoanListDialogs';
import { LoanListFilters } from './LoanListFilters';
import type { LoanRow } from './loan-list-api';
import { useLoanColumns } from './loan-list-columns';
import { useLoanList, useReloadLoanLists } from './loan-list-queries';
import { useOpenAction } from './use-open-action';
import { LoanRowActions } from './LoanRowActions';
import { useWindowOpen } from './use-window-open';

/**
 * A list of loans (the loan list, or any worklist of the registry): filters, sort and paging kept
 * in the URL, export, and on each row the actions the server says this user may take on it now,
 * each through the machine's action form (the node page's), plus the list's links.
 */
export function LoanListView({ name, title }: { name: ListName; title: string }) {
  const config = useMemo(() => listConfig(name), [name]);
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const [open, setOpen] = useState<LoanListOpen>(NOTHING_OPEN);
  const list = useLoanList(name, config.api, title);
  const reload = useReloadLoanLists();
  const { opening, openAction } = useOpenAction(setOpen);
  const mayRemind = config.remind === true && can(['sys:voucher:remind']);
  const windowOpen = useWindowOpen(mayRemind);
  const dataColumns = useLoanColumns(config.columns);

  const actionsColumn: DataTableColumn<LoanRow> = {
    accessor: 'actions',
    title: t('common.actions'),
    width: 260,
    render: (r) => (
      <LoanRowActions
        row={r}
        config={config}
        opening={opening}
        onAction={(row, legal) => void openAction(row, legal)}
        mayRemind={mayRemind}
        windowOpen={windowOpen}
        onDetail={(detailId) => setOpen((o) => ({ ...o, detailId }))}
        onResolution={(resolutionOf) => setOpen((o) => ({ ...o, resolutionOf }))}
      />
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
          withBucket={config.columns.includes('overdueBucket')}
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
          columns={[...dataColumns, actionsColumn]}
        />
      </Card>
      <LoanListDialogs open={open} onClose={(part) => setOpen((o) => ({ ...o, [part]: null }))} reload={reload} />
    </Stack>
  );
}
