import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionDialogForTests } from '@/api/http';
import { AppProviders } from '@/app/providers';
import { jsonResponse } from '@/test/render';
import { AppRouter } from './AppRouter';

const admin = { id: 1, username: 'admin', nickname: '管理员', avatar: null, roles: ['ROLE_ADMIN'], perms: [], authorityList: [] };
const clerk = { ...admin, username: 'apost', nickname: 'A岗', roles: ['ROLE_USER'], perms: ['loan_list'], authorityList: ['loan_list'] };
let currentUser: Response | (() => Response);
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  resetSessionDialogForTests();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/server/user/current')) return typeof currentUser === 'function' ? currentUser() : currentUser.clone();
    if (url.startsWith('/server/messages/unread-count')) return jsonResponse({ code: 'A00000', data: { count: 120 } });
    if (url.startsWith('/server/messages')) return jsonResponse({ code: 'A00000', data: { list: [], total: 0, pageNum: 1, pageSize: 10 } });
    if (url.startsWith('/server/open/auth/settings')) return jsonResponse({ code: 'A00000', data: { captchaAlways: false } });
    return jsonResponse({ code: 'A00000', data: null });
  });
});

afterEach(() => vi.unstubAllGlobals());

function start(path: string, token: string | null) {
  if (token) localStorage.setItem('accessToken', token);
  window.history.replaceState(null, '', path);
  return render(
    <AppProviders>
      <AppRouter />
    </AppProviders>,
  );
}

const userCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/server/user/current')).length;

describe('router rules (spec section 2)', () => {
  it('sends a visitor without a token to /login, remembering where they wanted to go', async () => {
    start('/company/list', null);
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(window.location.search).toBe('?redirect=%2Fcompany%2Flist');
    expect(userCalls()).toBe(0);
  });

  it('opens the agreement pages without a token', async () => {
    start('/privacy-agreement/policy', null);
    expect(await screen.findByRole('heading', { name: '隐私政策' })).toBeTruthy();
    expect(window.location.pathname).toBe('/privacy-agreement/policy');
  });

  it('sends a signed-in user away from /login to / and then the dashboard', async () => {
    currentUser = jsonResponse({ code: 'A00000', data: [admin] });
    start('/login', 'tok');
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(await screen.findByTestId('dashboard-page')).toBeTruthy();
  });

  it('loads the current user once, then shows an allowed page with its tag', async () => {
    currentUser = jsonResponse({ code: 'A00000', data: [clerk] });
    start('/company/loanList', 'tok');
    expect(await screen.findByTestId('loan-list-page')).toBeTruthy();
    expect(userCalls()).toBe(1);
    const tags = screen.getAllByTestId('tag').map((el) => el.getAttribute('data-path'));
    expect(tags).toEqual(['/dashboard', '/company/loanList']);
    // The unread badge caps at 99+.
    await waitFor(() => expect(screen.getByTestId('unread-badge').textContent).toContain('99+'));
    // The dashboard tag is open but was never visited: its page is not mounted yet.
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/server/messages?'))).toBe(false);
  });

  it('keeps one tag for a list whose filters move into the URL, and the same page under it', async () => {
    currentUser = jsonResponse({ code: 'A00000', data: [clerk] });
    start('/company/loanList', 'tok');
    const list = await screen.findByTestId('loan-list-page');
    fireEvent.change(within(list).getByTestId('filter-company'), { target: { value: '申芯' } });
    fireEvent.click(within(list).getByTestId('search'));
    await waitFor(() => expect(window.location.search).toBe('?companyName=%E7%94%B3%E8%8A%AF'));
    await waitFor(() =>
      expect(screen.getAllByTestId('tag').map((el) => el.getAttribute('data-path'))).toEqual([
        '/dashboard',
        '/company/loanList?companyName=%E7%94%B3%E8%8A%AF',
      ]),
    );
    // Not mounted again: the same list element, showing the applied filter.
    expect(screen.getAllByTestId('loan-list-page')).toEqual([list]);
    expect(within(list).getByTestId<HTMLInputElement>('filter-company').value).toBe('申芯');
  });

  it('sends an unmatched or forbidden first navigation to /404', async () => {
    currentUser = jsonResponse({ code: 'A00000', data: [clerk] });
    start('/company/list', 'tok');
    await waitFor(() => expect(window.location.pathname).toBe('/404'));
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });

  it('sends a later unmatched navigation back to the previous page', async () => {
    currentUser = jsonResponse({ code: 'A00000', data: [clerk] });
    start('/company/loanList', 'tok');
    expect(await screen.findByTestId('loan-list-page')).toBeTruthy();
    act(() => {
      window.history.pushState(null, '', '/company/list');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitFor(() => expect(window.location.pathname).toBe('/company/loanList'));
  });

  it('keeps the session when loading the user answers 5xx, shows the error and retries', async () => {
    currentUser = () => jsonResponse({ code: 'B00001', message: '用户信息加载失败', data: null }, 500);
    start('/dashboard', 'tok');
    const alert = await screen.findByTestId('session-load-error');
    expect(alert.textContent).toContain('用户信息加载失败');
    expect(window.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem('accessToken')).toBe('tok');

    currentUser = jsonResponse({ code: 'A00000', data: [admin] });
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(screen.queryByTestId('session-load-error')).toBeNull());
    await waitFor(() => expect(userCalls()).toBe(2));
    expect(window.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem('accessToken')).toBe('tok');
  });

  it('keeps the session when the request is aborted or the network fails (a reload during start-up)', async () => {
    // What fetch does when the page reloads under it, and when the server cannot be reached.
    let calls = 0;
    currentUser = () => {
      calls += 1;
      throw calls === 1 ? new DOMException('The user aborted a request.', 'AbortError') : new TypeError('Failed to fetch');
    };
    start('/dashboard', 'tok');
    expect(await screen.findByTestId('session-load-error')).toBeTruthy();
    expect(localStorage.getItem('accessToken')).toBe('tok');
    expect(window.location.pathname).toBe('/dashboard');

    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(userCalls()).toBe(2));
    expect(await screen.findByTestId('session-load-error')).toBeTruthy();
    expect(localStorage.getItem('accessToken')).toBe('tok');
  });

  it('clears the session and goes to /login only when loading the user answers 401', async () => {
    currentUser = () => jsonResponse({ code: '401', message: 'expired', data: null }, 401);
    start('/dashboard', 'dead-token');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('shows the expired-session dialog when the token is dead', async () => {
    currentUser = () => jsonResponse({ code: '401', message: 'expired', data: null }, 401);
    start('/dashboard', 'dead-token');
    expect(await screen.findByText('当前页面已失效，请重新登录')).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
  });
});
