import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Page } from '@/api/http';
import { filterFormValues, filterParams, readListState, usePagedList, writeListState, type ListQuery, type ListSpec } from './use-paged-list';

type Key = 'name' | 'status';
const spec: ListSpec<Key> = { filterKeys: ['name', 'status'], defaultSort: { sort: 'createdAt', order: 'desc' }, sortable: ['createdAt', 'amount'] };
const params = (search: string) => new URLSearchParams(search);

describe('list state in the URL', () => {
  it('reads defaults from an empty query', () => {
    expect(readListState(params(''), spec)).toEqual({ filters: {}, pageNum: 1, pageSize: 10, sort: { sort: 'createdAt', order: 'desc' } });
  });

  it('reads filters, page, size and sort, ignoring junk and unknown columns', () => {
    expect(readListState(params('name=%20acme%20&status=&other=1&pageNum=3&pageSize=20&sort=amount&order=asc'), spec)).toEqual({
      filters: { name: 'acme' },
      pageNum: 3,
      pageSize: 20,
      sort: { sort: 'amount', order: 'asc' },
    });
    const junk = readListState(params('pageNum=-2&pageSize=7&sort=password&order=x'), spec);
    expect(junk).toMatchObject({ pageNum: 1, pageSize: 10, sort: { sort: 'createdAt', order: 'desc' } });
    expect(readListState(params('pageNum=abc'), spec).pageNum).toBe(1);
  });

  it('writes only what differs from the defaults and keeps parameters that are not the list’s', () => {
    const written = writeListState(
      params('id=7&name=old&pageNum=4'),
      { filters: { status: 'A' }, pageNum: 1, pageSize: 10, sort: { sort: 'createdAt', order: 'desc' } },
      spec,
    );
    expect(written.toString()).toBe('id=7&status=A');
    const full = writeListState(params(''), { filters: { name: 'x y' }, pageNum: 2, pageSize: 50, sort: { sort: 'amount', order: 'asc' } }, spec);
    expect(readListState(full, spec)).toEqual({ filters: { name: 'x y' }, pageNum: 2, pageSize: 50, sort: { sort: 'amount', order: 'asc' } });
  });
});

function setup(initial: string, fetch: (query: ListQuery<Key>) => Promise<Page<{ id: number }>>, exportRows?: (query: object) => Promise<void>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const location = { current: '' };
  function Spy() {
    const at = useLocation();
    location.current = at.pathname + at.search;
    return null;
  }
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[initial]}>
        <Spy />
        {children}
      </MemoryRouter>
    </QueryClientProvider>
  );
  const hook = renderHook(() => usePagedList({ queryKey: ['things'], ...spec, fetch, exportRows }), { wrapper });
  return { hook, location };
}

const page = (pageNum: number, total = 45): Page<{ id: number }> => ({ list: [{ id: pageNum }], total, pageNum, pageSize: 10 });

describe('usePagedList', () => {
  it('fetches what the URL says and writes the user’s choices back to it', async () => {
    const fetch = vi.fn((query: ListQuery<Key>) => Promise.resolve(page(query.pageNum)));
    const { hook, location } = setup('/things?name=acme&pageNum=2', fetch);
    await waitFor(() => expect(hook.result.current.records).toEqual([{ id: 2 }]));
    expect(fetch).toHaveBeenLastCalledWith({ name: 'acme', pageNum: 2, pageSize: 10, sort: 'createdAt', order: 'desc' });
    expect(hook.result.current.table).toMatchObject({ page: 2, recordsPerPage: 10, totalRecords: 45 });

    act(() => hook.result.current.setPage(3));
    await waitFor(() => expect(location.current).toBe('/things?name=acme&pageNum=3'));
    await waitFor(() => expect(hook.result.current.records).toEqual([{ id: 3 }]));

    // New filters start again from page 1; the sort is reset to page 1 too.
    act(() => hook.result.current.search({ status: 'DONE' }));
    await waitFor(() => expect(location.current).toBe('/things?status=DONE'));
    act(() => hook.result.current.onSortStatusChange({ columnAccessor: 'amount', direction: 'asc' }));
    await waitFor(() => expect(location.current).toBe('/things?status=DONE&sort=amount&order=asc'));
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith({ status: 'DONE', pageNum: 1, pageSize: 10, sort: 'amount', order: 'asc' }));

    act(() => hook.result.current.setPageSize(20));
    await waitFor(() => expect(location.current).toBe('/things?status=DONE&pageSize=20&sort=amount&order=asc'));
    act(() => hook.result.current.reset());
    await waitFor(() => expect(location.current).toBe('/things?pageSize=20&sort=amount&order=asc'));
  });

  it('keeps the previous page on screen while the next one loads', async () => {
    let release: (value: Page<{ id: number }>) => void = () => undefined;
    const fetch = vi.fn((query: ListQuery<Key>) => (query.pageNum === 1 ? Promise.resolve(page(1)) : new Promise<Page<{ id: number }>>((r) => (release = r))));
    const { hook } = setup('/things', fetch);
    await waitFor(() => expect(hook.result.current.records).toEqual([{ id: 1 }]));
    act(() => hook.result.current.setPage(2));
    await waitFor(() => expect(hook.result.current.table.fetching).toBe(true));
    expect(hook.result.current.records).toEqual([{ id: 1 }]);
    expect(hook.result.current.pageNum).toBe(2);
    await act(async () => release(page(2)));
    await waitFor(() => expect(hook.result.current.records).toEqual([{ id: 2 }]));
  });

  it('exports with the applied filters and sort, without the paging', async () => {
    const exportRows = vi.fn(() => Promise.resolve());
    const { hook } = setup('/things?name=acme&pageNum=4&sort=amount&order=asc', () => Promise.resolve(page(4)), exportRows);
    await act(() => hook.result.current.exportList());
    expect(exportRows).toHaveBeenCalledWith({ name: 'acme', sort: 'amount', order: 'asc' });
    expect(hook.result.current.exporting).toBe(false);
  });
});

describe('filter form helpers', () => {
  it('turns form values into URL filters and back', () => {
    expect(filterParams({ title: ' board ', status: null, from: '', size: 5 })).toEqual({ title: 'board', size: '5' });
    expect(filterFormValues({ title: '', status: null as string | null }, { status: 'OPEN' })).toEqual({ title: '', status: 'OPEN' });
  });
});
