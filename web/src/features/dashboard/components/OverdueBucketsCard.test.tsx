import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n';
import { jsonResponse, makeUser, renderWithApp } from '@/test/render';
import { AllowedRoutesContext } from '@/navigation/allowed-routes';
import type { ResolvedRoute } from '@/navigation/types';
import DashboardPage from '../DashboardPage';

/** The shell resolves the routes the user may open; the overdue worklist's is there for holders of overdue_list. */
const OVERDUE_ROUTE = { name: 'overdueList', fullPath: '/protectAfter/overdueList' } as unknown as ResolvedRoute;
const Dashboard = ({ routes }: { routes: ResolvedRoute[] }) => (
  <AllowedRoutesContext.Provider value={routes}>
    <DashboardPage />
  </AllowedRoutesContext.Provider>
);

const ok = (data: unknown) => jsonResponse({ code: 'A00000', message: 'ok', data });
const fetchMock = vi.fn<typeof fetch>();
const COUNTS = {
  buckets: [
    { key: 'D1_30', zh: '逾期1-30天', en: '1-30 days past due', count: 12 },
    { key: 'D31_60', zh: '逾期31-60天', en: '31-60 days past due', count: 3 },
    { key: 'D61_90', zh: '逾期61-90天', en: '61-90 days past due', count: 0 },
    { key: 'D90_PLUS', zh: '逾期90天以上', en: 'Over 90 days past due', count: 1 },
  ],
  total: 16,
  asOf: '2026-11-27',
};
const asked = (path: string) => fetchMock.mock.calls.some(([url]) => String(url).startsWith(path));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (request) => {
    const url = String(request);
    if (url.startsWith('/server/statistics/overdue-buckets')) return ok(COUNTS);
    if (url.startsWith('/server/worklists/counts')) return ok([]);
    if (url.startsWith('/server/messages/unread-count')) return ok({ count: 0 });
    if (url.startsWith('/server/messages')) return ok({ list: [], total: 0, pageNum: 1, pageSize: 10 });
    return ok(null);
  });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('zh-CN');
});

describe('the dashboard overdue card', () => {
  it('counts loans per bucket, each count opening the overdue worklist filtered by its bucket', async () => {
    renderWithApp(<Dashboard routes={[OVERDUE_ROUTE]} />, { user: makeUser({ authorityList: ['protectAfter', 'overdue_list'] }) });
    await screen.findByTestId('dashboard-overdue');
    const buckets = await screen.findAllByTestId('dashboard-overdue-bucket');
    expect(buckets.map((b) => [b.textContent, b.getAttribute('href')])).toEqual([
      ['逾期1-30天12', '/protectAfter/overdueList?overdueBucket=D1_30'],
      ['逾期31-60天3', '/protectAfter/overdueList?overdueBucket=D31_60'],
      ['逾期61-90天0', '/protectAfter/overdueList?overdueBucket=D61_90'],
      ['逾期90天以上1', '/protectAfter/overdueList?overdueBucket=D90_PLUS'],
    ]);
    expect(screen.getByTestId('dashboard-overdue-as-of').textContent).toBe('截至 2026-11-27 日终，逾期共 16 笔');
  });

  it('speaks English too', async () => {
    await setLanguage('en');
    renderWithApp(<Dashboard routes={[OVERDUE_ROUTE]} />, { user: makeUser({ authorityList: ['protectAfter', 'overdue_list'] }) });
    const buckets = await screen.findAllByTestId('dashboard-overdue-bucket');
    expect(buckets[3].textContent).toBe('Over 90 days past due1');
    expect(screen.getByRole('heading', { name: 'Overdue by bucket' })).toBeTruthy();
  });

  it('is not shown, nor asked for, without overdue_list', async () => {
    renderWithApp(<Dashboard routes={[]} />, { user: makeUser({ authorityList: ['protectAfter', 'ledger_list'] }) });
    await waitFor(() => expect(asked('/server/worklists/counts')).toBe(true));
    await screen.findByTestId('dashboard-todos');
    expect(screen.queryByTestId('dashboard-overdue')).toBeNull();
    expect(asked('/server/statistics/overdue-buckets')).toBe(false);
  });
});
