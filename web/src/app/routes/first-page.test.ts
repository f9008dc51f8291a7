import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearEarlyGetsForTests, http } from '@/api/http';
import { loanListPage, worklistPage } from '@/app/routes/pages';
import { resolveRoutes } from '@/navigation/route-filter';
import { ROUTE_TABLE } from '@/app/routes/route-table';
import { jsonResponse } from '@/test/render';
import { FIRST_PAGE, listApiOf, startFirstPageEarly } from '@/features/loan-list/first-page';

describe('the first page of a list, sent early at boot', () => {
  afterEach(() => {
    clearEarlyGetsForTests();
    vi.unstubAllGlobals();
  });

  it('names the API of every list route of the route table, and of no other route', () => {
    const routes = resolveRoutes(ROUTE_TABLE);
    const lists = routes.filter((r) => r.page === loanListPage || r.page === worklistPage);
    expect(lists.length).toBeGreaterThan(20);
    for (const route of routes) {
      const expected = route.page === loanListPage ? '/loans' : route.page === worklistPage ? `/worklists/${route.name}` : null;
      expect([route.fullPath, listApiOf(route.fullPath)]).toEqual([route.fullPath, expected]);
    }
  });

  it('asks for the default view only: an address with a query (a filter, a page, a sort) waits for the page', () => {
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse({ code: 'A00000', data: { list: [] } })));
    vi.stubGlobal('fetch', fetchMock);
    startFirstPageEarly({ pathname: '/company/loanList', search: '?pageNum=3' });
    startFirstPageEarly({ pathname: '/dashboard', search: '' });
    expect(fetchMock).not.toHaveBeenCalled();
    startFirstPageEarly({ pathname: '/company/loanList', search: '' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0][0])).toBe('/server/loans?pageNum=1&pageSize=10&sort=createdAt&order=desc');
  });

  it("is taken by the list's own request for its first page", async () => {
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse({ code: 'A00000', data: { list: ['row'] } })));
    vi.stubGlobal('fetch', fetchMock);
    startFirstPageEarly({ pathname: '/statistics/suggestList', search: '' });
    const page = await http.get('/worklists/{name}', { path: { name: 'suggestList' }, params: { ...FIRST_PAGE } });
    expect(page.data.list as unknown).toEqual(['row']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
