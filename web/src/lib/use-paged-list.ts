/**
 * One paged list's state kept in the URL (so a list can be linked, reloaded and reopened from its
 * tag as it was left): the applied filters, the sort and the page. The rows come from TanStack
 * Query with the previous page kept on screen while the next one loads; export sends the same
 * filters and sort without the paging.
 */
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Page } from '@/api/http';

export type SortOrder = 'asc' | 'desc';
export interface ListSort {
  sort: string;
  order: SortOrder;
}

/** Applied filters as the URL holds them: only the filled ones, as strings. */
export type ListFilters<K extends string> = Partial<Record<K, string>>;

export interface ListSpec<K extends string> {
  /** The filter fields this list reads from the URL (anything else in the URL is left alone). */
  filterKeys: readonly K[];
  pageSizes?: readonly number[];
  /** Default page size; the first of `pageSizes` when not given. */
  pageSize?: number;
  /** The sort when the URL names none; no sort parameter is sent without one. */
  defaultSort?: ListSort;
  /** Sort columns the list accepts; a URL naming another one falls back to the default. */
  sortable?: readonly string[];
}

export interface ListState<K extends string> {
  filters: ListFilters<K>;
  pageNum: number;
  pageSize: number;
  sort: ListSort | null;
}

export const DEFAULT_PAGE_SIZES = [10, 20, 50] as const;

const positive = (raw: string | null): number | null => {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
};

/** The list state a URL holds; missing or junk parameters give the defaults. */
export function readListState<K extends string>(params: URLSearchParams, spec: ListSpec<K>): ListState<K> {
  const sizes = spec.pageSizes ?? DEFAULT_PAGE_SIZES;
  const fallbackSize = spec.pageSize ?? sizes[0];
  const filters: ListFilters<K> = {};
  for (const key of spec.filterKeys) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  const size = positive(params.get('pageSize'));
  const column = params.get('sort');
  const order = params.get('order');
  let sort = spec.defaultSort ?? null;
  if (column && (!spec.sortable || spec.sortable.includes(column))) sort = { sort: column, order: order === 'asc' ? 'asc' : 'desc' };
  return {
    filters,
    pageNum: positive(params.get('pageNum')) ?? 1,
    pageSize: size !== null && sizes.includes(size) ? size : fallbackSize,
    sort,
  };
}

/**
 * The URL parameters for a list state: defaults are left out so a fresh list has a clean URL, and
 * parameters that are not the list's own (an id in the query, say) are kept.
 */
export function writeListState<K extends string>(base: URLSearchParams, state: ListState<K>, spec: ListSpec<K>): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const key of [...spec.filterKeys, 'pageNum', 'pageSize', 'sort', 'order']) next.delete(key);
  for (const key of spec.filterKeys) {
    const value = state.filters[key]?.trim();
    if (value) next.set(key, value);
  }
  if (state.pageNum > 1) next.set('pageNum', String(state.pageNum));
  const fallbackSize = spec.pageSize ?? (spec.pageSizes ?? DEFAULT_PAGE_SIZES)[0];
  if (state.pageSize !== fallbackSize) next.set('pageSize', String(state.pageSize));
  const isDefaultSort = state.sort?.sort === spec.defaultSort?.sort && state.sort?.order === spec.defaultSort?.order;
  if (state.sort && !isDefaultSort) {
    next.set('sort', state.sort.sort);
    next.set('order', state.sort.order);
  }
  return next;
}

/** What the fetch and the export receive: the applied filters and the sort (the export without paging). */
export type ExportQuery<K extends string> = ListFilters<K> & { sort?: string; order?: SortOrder };
export type ListQuery<K extends string> = ExportQuery<K> & { pageNum: number; pageSize: number };

export interface PagedListOptions<K extends string, P extends Page<unknown>> extends ListSpec<K> {
  /** The query key's prefix; invalidating it reloads the list. */
  queryKey: readonly unknown[];
  /** One page; a list may answer more than the page (a capped total, say). */
  fetch: (query: ListQuery<K>) => Promise<P>;
  /** Downloads the filtered list (the list has no export without it). */
  exportRows?: (query: ExportQuery<K>) => Promise<void>;
  enabled?: boolean;
}

export interface PagedList<K extends string, P extends Page<unknown>> extends ListState<K> {
  rows: UseQueryResult<P>;
  records: P['list'];
  total: number;
  /** Applies new filters from page 1. */
  search: (filters: ListFilters<K>) => void;
  /** Drops the filters (sort and page size stay). */
  reset: () => void;
  setPage: (pageNum: number) => void;
  setPageSize: (pageSize: number) => void;
  setSort: (sort: ListSort) => void;
  exporting: boolean;
  exportList: () => Promise<void>;
  /** Paging and sorting props for AppDataTable (mantine-datatable). */
  table: {
    page: number;
    recordsPerPage: number;
    recordsPerPageOptions: number[];
    totalRecords: number;
    fetching: boolean;
    onPageChange: (page: number) => void;
    onRecordsPerPageChange: (size: number) => void;
  };
  /** mantine-datatable's sort status and its setter, for lists with sortable columns. */
  sortStatus: { columnAccessor: string; direction: SortOrder } | undefined;
  onSortStatusChange: (status: { columnAccessor: string | number | symbol; direction: SortOrder }) => void;
}

export function usePagedList<K extends string, P extends Page<unknown>>(options: PagedListOptions<K, P>): PagedList<K, P> {
  const [params, setParams] = useSearchParams();
  const { filterKeys, pageSizes, pageSize, defaultSort, sortable } = options;
  const spec = useMemo<ListSpec<K>>(
    () => ({ filterKeys, pageSizes, pageSize, defaultSort, sortable }),
    // The spec is declared inline by the pages: compare it by value.
    [filterKeys.join(','), (pageSizes ?? []).join(','), pageSize, defaultSort?.sort, defaultSort?.order, (sortable ?? []).join(',')],
  );
  const state = useMemo(() => readListState(params, spec), [params, spec]);
  const [exporting, setExporting] = useState(false);

  const update = useCallback(
    (change: Partial<ListState<K>>) => setParams((current) => writeListState(current, { ...readListState(current, spec), ...change }, spec)),
    [setParams, spec],
  );

  const sortQuery: { sort?: string; order?: SortOrder } = state.sort ? { sort: state.sort.sort, order: state.sort.order } : {};
  const query: ListQuery<K> = { ...state.filters, pageNum: state.pageNum, pageSize: state.pageSize, ...sortQuery };
  const rows = useQuery({
    queryKey: [...options.queryKey, query],
    queryFn: () => options.fetch(query),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });

  const exportList = async () => {
    if (!options.exportRows) return;
    setExporting(true);
    try {
      await options.exportRows({ ...state.filters, ...sortQuery });
    } finally {
      setExporting(false);
    }
  };

  const setPage = (pageNum: number) => update({ pageNum });
  const setPageSize = (size: number) => update({ pageSize: size, pageNum: 1 });
  return {
    ...state,
    rows,
    records: rows.data?.list ?? [],
    total: rows.data?.total ?? 0,
    search: (filters) => update({ filters, pageNum: 1 }),
    reset: () => update({ filters: {}, pageNum: 1 }),
    setPage,
    setPageSize,
    setSort: (sort) => update({ sort, pageNum: 1 }),
    exporting,
    exportList,
    table: {
      page: state.pageNum,
      recordsPerPage: state.pageSize,
      recordsPerPageOptions: [...(spec.pageSizes ?? DEFAULT_PAGE_SIZES)],
      totalRecords: rows.data?.total ?? 0,
      fetching: rows.isFetching,
      onPageChange: setPage,
      onRecordsPerPageChange: setPageSize,
    },
    sortStatus: state.sort ? { columnAccessor: state.sort.sort, direction: state.sort.order } : undefined,
    onSortStatusChange: (status) => update({ sort: { sort: String(status.columnAccessor), order: status.direction }, pageNum: 1 }),
  };
}

type FilterInput = string | number | null | undefined;

/** A filter form's values as URL filters: trimmed strings, empty ones left out. */
export function filterParams<K extends string>(values: Partial<Record<K, FilterInput>>): ListFilters<K> {
  const out: ListFilters<K> = {};
  for (const [key, value] of Object.entries(values) as [K, FilterInput][]) {
    const text = value === null || value === undefined ? '' : String(value).trim();
    if (text) out[key] = text;
  }
  return out;
}

/** A filter form's starting values: its empty values with the applied filters laid over them. */
export function filterFormValues<V extends Record<string, string | null>>(empty: V, applied: Partial<Record<keyof V, string>>): V {
  const out = { ...empty };
  for (const key of Object.keys(empty) as (keyof V)[]) {
    const value = applied[key];
    if (value !== undefined) out[key] = value as V[keyof V];
  }
  return out;
}
