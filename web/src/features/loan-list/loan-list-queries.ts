import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { fetchWorkflow } from '@/features/loan-node/loan-node-api';
import { loanNodeKeys } from '@/features/loan-node/loan-node-queries';
import { copyLoan, deleteLoan, sendDisbursementReminder } from '@/features/loans/loans-api';
import { usePagedList } from '@/lib/use-paged-list';
import { FIRST_PAGE } from './first-page';
import type { ListName } from './list-configs';
import { LOAN_FILTER_KEYS } from './loan-filters';
import { exportLoanRows, fetchLoanRows, type LoanQuery } from './loan-list-api';

/** Query keys of the loan lists: every event or deletion reloads them all. */
export const loanListKeys = { all: ['loan-lists'] as const, list: (name: ListName) => ['loan-lists', name] as const };

const SORTABLE = ['createdAt', 'amount', 'companyName', 'updatedAt', 'disbursedOn', 'disbursedAmount', 'daysPastDue'];

/**
 * One loan list's rows, filters, sort, paging and export, kept in the URL. Each page's nextCursor is
 * kept, keyed by the query it belongs to and the page it opens: the next page is then fetched by
 * keyset (as cheap deep in a large list as page 1); a jump to a page not reached one by one falls
 * back to pageNum.
 */
export function useLoanList(name: ListName, api: string | null, title: string) {
  const cursors = useRef(new Map<string, string>());
  const fetchPage = async (query: LoanQuery) => {
    const { pageNum, ...rest } = query;
    const signature = JSON.stringify(rest);
    const cursor = pageNum > 1 ? cursors.current.get(`${signature}#${pageNum}`) : undefined;
    const page = await fetchLoanRows(api, cursor ? { ...query, cursor } : query);
    if (cursors.current.size > 500) cursors.current.clear();
    if (page.nextCursor) cursors.current.set(`${signature}#${pageNum + 1}`, page.nextCursor);
    return page;
  };
  return usePagedList({
    queryKey: loanListKeys.list(name),
    filterKeys: LOAN_FILTER_KEYS,
    // What boot may have asked for already (first-page.ts): the same query is answered from it.
    pageSize: FIRST_PAGE.pageSize,
    defaultSort: { sort: FIRST_PAGE.sort, order: FIRST_PAGE.order },
    sortable: SORTABLE,
    fetch: fetchPage,
    exportRows: (query) => exportLoanRows(api, query, title),
  });
}

/** Reloads every loan list (after an event, a deletion, a copy). */
export function useReloadLoanLists() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: loanListKeys.all }), [queryClient]);
}

/** Rows carry no snapshot: an action's form reads the loan's context from its workflow view, fetched when the action is opened. */
export function useFetchWorkflowView() {
  const queryClient = useQueryClient();
  return useCallback(
    (loanId: string) => queryClient.fetchQuery({ queryKey: loanNodeKeys.workflow(loanId), queryFn: () => fetchWorkflow(loanId), staleTime: 0 }),
    [queryClient],
  );
}

export function useDeleteLoan() {
  const reload = useReloadLoanLists();
  return useMutation({ mutationFn: deleteLoan, onSuccess: () => reload() });
}

/** "Copy as a new application": the lists reload before the caller opens the copy. */
export function useCopyLoan() {
  const reload = useReloadLoanLists();
  return useMutation({ mutationFn: copyLoan, onSuccess: () => reload() });
}

export function useDisbursementReminder() {
  return useMutation({ mutationFn: sendDisbursementReminder });
}
