import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { MessagesBell } from '@/app/shell/MessagesBell';
import { jsonResponse, makeUser, renderWithApp } from '@/test/render';
import { MessagesCard } from '@/features/dashboard/components/MessagesCard';

const fetchMock = vi.fn<typeof fetch>();
let unread: number;

const message = (i: number, read: boolean, type = 'TODO') => ({
  id: `0000000${i}-0000-4000-8000-000000000000`,
  title: `消息 ${i}`,
  content: `内容 ${i}`,
  type,
  link: null,
  createdAt: '2026-11-20T02:00:00.000Z',
  read,
});

beforeEach(() => {
  unread = 150;
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/server/messages/unread-count')) return jsonResponse({ code: 'A00000', data: { count: unread } });
    if (url === '/server/messages/read-all' && init?.method === 'PATCH') {
      const count = unread;
      unread = 0;
      return jsonResponse({ code: 'A00000', data: { count } });
    }
    if (url.startsWith('/server/messages')) {
      const list = [message(1, unread === 0), message(2, true, 'NOTICE'), message(3, unread === 0, 'SOMETHING_NEW')];
      return jsonResponse({ code: 'A00000', data: { list, total: 3, pageNum: 1, pageSize: 10 } });
    }
    return jsonResponse({ code: 'A00000', data: null });
  });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('zh-CN'));
});

const readAllCalls = () => fetchMock.mock.calls.filter(([url, init]) => String(url) === '/server/messages/read-all' && init?.method === 'PATCH');

describe('messages on the dashboard', () => {
  it('shows 99+ on the badge above 99, the kinds in the reader language, and marks all read', async () => {
    renderWithApp(
      <>
        <MessagesBell />
        <MessagesCard />
      </>,
      { user: makeUser() },
    );
    await waitFor(() => expect(screen.getByTestId('unread-badge').textContent).toContain('99+'));
    expect(await screen.findByText('消息 1')).toBeTruthy();
    expect(screen.getByText('待办')).toBeTruthy();
    expect(screen.getByText('通知')).toBeTruthy();
    // A kind this client does not know yet shows as it is rather than as a key.
    expect(screen.getByText('SOMETHING_NEW')).toBeTruthy();

    const button = screen.getByTestId('mark-all-read');
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(readAllCalls()).toHaveLength(1));
    // The badge goes away and the button is disabled once nothing is unread.
    await waitFor(() => expect(screen.getByTestId('mark-all-read').hasAttribute('disabled')).toBe(true));
    await waitFor(() => expect(screen.getByTestId('unread-badge').textContent).not.toContain('99+'));
    expect(await screen.findByText('已将 150 条消息标为已读')).toBeTruthy();

    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('To do')).toBeTruthy();
    expect(screen.getByText('Mark all as read')).toBeTruthy();
  });

  it('shows the exact count up to 99', async () => {
    unread = 99;
    renderWithApp(<MessagesBell />, { user: makeUser() });
    await waitFor(() => expect(screen.getByTestId('unread-badge').textContent).toContain('99'));
    expect(screen.getByTestId('unread-badge').textContent).not.toContain('99+');
  });
});
