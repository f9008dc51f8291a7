import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderWithApp } from '@/test/render';
import { ReminderStatusCard } from './ReminderStatusCard';

const fetchMock = vi.fn<typeof fetch>();
const urlOf = (input: Parameters<typeof fetch>[0]) => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('reminder status card (queue page)', () => {
  it('shows the horizon and the counts, and "Reconcile now" posts the reconcile, shows its figures and reads the status again', async () => {
    let statusCalls = 0;
    fetchMock.mockImplementation(async (input, init) => {
      const url = urlOf(input);
      if (url.endsWith('/server/admin/reminders/status') && (init?.method ?? 'GET') === 'GET') {
        statusCalls += 1;
        return jsonResponse({
          code: 'A00000',
          data:
            statusCalls === 1
              ? { horizonDays: 7, scheduled: 1234, withinHorizon: 56, queued: 50, lastHorizonRunAt: null }
              : { horizonDays: 7, scheduled: 1234, withinHorizon: 56, queued: 56, lastHorizonRunAt: '2026-03-01T01:05:00.000Z' },
        });
      }
      if (url.endsWith('/server/admin/reminders/reconcile') && init?.method === 'POST')
        return jsonResponse({ code: 'A00000', data: { scanned: 56, queued: 56 } });
      return jsonResponse({ code: 'A00500', message: `unexpected ${url}` }, 500);
    });
    renderWithApp(<ReminderStatusCard />, { user: makeUser({ roles: ['ROLE_ADMIN'] }) });

    expect(await screen.findByText('提醒队列')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('reminder-horizon').textContent).toBe('7 天'));
    expect(screen.getByTestId('reminder-scheduled').textContent).toBe('1234');
    expect(screen.getByTestId('reminder-within').textContent).toBe('56');
    expect(screen.getByTestId('reminder-queued').textContent).toBe('50');
    expect(screen.getByTestId('reminder-last-run').textContent).toBe('暂无记录');
    expect(screen.queryByTestId('reminder-reconcile-result')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '立即重建队列' }));
    expect((await screen.findByTestId('reminder-reconcile-result')).textContent).toBe('已扫描 56 条，入队 56 条');
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([input]) => urlOf(input))).toEqual([expect.stringMatching(/\/server\/admin\/reminders\/reconcile$/)]);
    // the status is read again after the reconcile: the queued count and the run time follow
    await waitFor(() => expect(screen.getByTestId('reminder-queued').textContent).toBe('56'));
    expect(screen.getByTestId('reminder-last-run').textContent).toBe('2026-03-01 09:05');
  });

  it('a status the server refuses shows an error in place of the figures', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ code: 'A00403', message: '没有权限' }, 403));
    renderWithApp(<ReminderStatusCard />, { user: makeUser() });
    expect(await screen.findByTestId('reminder-status-error')).toBeTruthy();
    expect(screen.queryByTestId('reminder-queued')).toBeNull();
  });
});
