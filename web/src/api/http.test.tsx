import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { modals } from '@mantine/modals';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '@/test/render';
import { sessionNavigation } from './feedback';
import { ApiError, clearEarlyGetsForTests, fillRoute, http, REQUEST_TIMEOUT_MS, resetSessionDialogForTests, startEarlyGet } from './http';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  resetSessionDialogForTests();
  renderWithApp(<div />);
});

afterEach(() => {
  act(() => {
    notifications.clean();
    modals.closeAll();
  });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const lastCall = () => {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url: String(url), init: init!, headers: init!.headers as Record<string, string> };
};

describe('http client: requests', () => {
  it('prefixes /server, adds the query, the token and the language', async () => {
    localStorage.setItem('accessToken', 'tok-123');
    localStorage.setItem('Accept-Language', 'en');
    fetchMock.mockResolvedValue(jsonResponse({ code: 'A00000', message: 'ok', data: [] }));
    await http.get('/user/userList', { params: { pageNum: 1, pageSize: 10, username: '' } });
    const { url, headers } = lastCall();
    expect(url).toBe('/server/user/userList?pageNum=1&pageSize=10');
    expect(headers['X-Platform-Token']).toBe('tok-123');
    expect(headers['Accept-Language']).toBe('en');
  });

  it('sends no token header without a token, and JSON bodies as JSON', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 'A00000', data: null }));
    await http.post('/auth/logout', { a: 1 });
    const { headers, init } = lastCall();
    expect(headers['X-Platform-Token']).toBeUndefined();
    expect(headers['Accept-Language']).toBe('zh-CN');
    expect(headers['Content-Type']).toContain('application/json');
    expect(init.body).toBe('{"a":1}');
  });

  it('uses a 50000 ms timeout', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(50000);
  });

  it('rejects and toasts when the server does not answer in time', async () => {
    fetchMock.mockImplementation(
      (_url, init) => new Promise((_resolve, reject) => init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    await expect(http.get('/health', { timeoutMs: 20 })).rejects.toBeInstanceOf(ApiError);
    expect(await screen.findByText('请求超时，请稍后重试')).toBeTruthy();
  });
});

describe('http client: routes', () => {
  it('fills the braces of a route, each value encoded', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 'A00000', data: null }));
    await http.get('/loans/{id}/data/{type}', { path: { id: 'L 1/2', type: 'A' } });
    expect(lastCall().url).toBe('/server/loans/L%201%2F2/data/A');
  });

  it('refuses a route whose braces have no value', () => {
    expect(() => fillRoute('/loans/{id}', {})).toThrow('no value for {id}');
    expect(fillRoute('/loans', undefined)).toBe('/loans');
  });
});

describe('http client: answers', () => {
  it.each(['A00000', 'A00103'])('resolves the body for success code %s', async (code) => {
    const body = { code, message: 'done', data: { id: 7 } };
    fetchMock.mockResolvedValue(jsonResponse(body));
    await expect(http.get('/health')).resolves.toEqual(body);
  });

  it('passes binary answers through unchanged', async () => {
    fetchMock.mockResolvedValue(new Response(new Uint8Array([1, 2, 3]), { headers: { 'Content-Type': 'application/octet-stream' } }));
    const blob = (await http.raw('GET', '/history/export')) as Blob;
    // jsdom and Node each have a Blob class, so compare the contents rather than the class.
    expect(blob.type).toBe('application/octet-stream');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([1, 2, 3]);
  });

  it('toasts the server message and rejects for any other code', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 'A09999', message: '银行名称已存在', data: null }));
    await expect(http.post('/banks', {})).rejects.toMatchObject({ code: 'A09999', message: '银行名称已存在' });
    expect(await screen.findByText('银行名称已存在')).toBeTruthy();
  });

  it("falls back to '系统出错' when the server gives no message", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 'B00001', data: null }, 500));
    await expect(http.get('/health')).rejects.toBeInstanceOf(ApiError);
    expect(await screen.findByText('系统出错')).toBeTruthy();
  });

  it("falls back to '系统出错' for a non-JSON failure", async () => {
    fetchMock.mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }));
    await expect(http.get('/health')).rejects.toMatchObject({ status: 502 });
    expect(await screen.findByText('系统出错')).toBeTruthy();
  });

  it('hands failures back without a toast when the caller handles them (sign-in)', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 'A01001', message: '用户名或密码错误', data: { captchaRequired: true } }, 400));
    const error = await http.post('/open/auth/platformLogin/{platform}', {}, { path: { platform: 'PLATFORM' }, passErrors: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body?.data).toEqual({ captchaRequired: true });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('用户名或密码错误')).toBeNull();
  });
});

describe('http client: expired session', () => {
  it('shows one dialog for many failing calls; confirming clears storage and goes to the site root', async () => {
    localStorage.setItem('accessToken', 'dead');
    localStorage.setItem('language', 'zh-cn');
    const toRoot = vi.spyOn(sessionNavigation, 'toSiteRoot').mockImplementation(() => {});
    fetchMock.mockImplementation(async () => jsonResponse({ code: '401', message: 'token expired', data: null }, 401));

    const results = await Promise.allSettled([http.get('/health'), http.get('/health'), http.get('/health')]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);

    expect(await screen.findByText('当前页面已失效，请重新登录')).toBeTruthy();
    expect(screen.getAllByText('当前页面已失效，请重新登录')).toHaveLength(1);
    expect(screen.getByText('提示')).toBeTruthy();
    // No error toast on top of the dialog.
    expect(screen.queryByText('token expired')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(localStorage.length).toBe(0);
    expect(toRoot).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText('当前页面已失效，请重新登录')).toBeNull());
  });

  it('treats a 401 without body code "401" as an ordinary error', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 'A01001', message: '无效的凭证', data: null }, 401));
    await expect(http.get('/health')).rejects.toBeInstanceOf(ApiError);
    expect(await screen.findByText('无效的凭证')).toBeTruthy();
    expect(screen.queryByText('当前页面已失效，请重新登录')).toBeNull();
  });
});

describe('http client: GETs sent early at boot', () => {
  afterEach(() => clearEarlyGetsForTests());

  it('hands an early GET to the first identical GET (parameters in any order), once', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ code: 'A00000', data: { n: fetchMock.mock.calls.length } })));
    startEarlyGet('/loans', { pageNum: 1, pageSize: 10, sort: 'createdAt', order: 'desc' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(lastCall().url).toBe('/server/loans?pageNum=1&pageSize=10&sort=createdAt&order=desc');
    const first = await http.get('/loans', { params: { order: 'desc', sort: 'createdAt', companyName: undefined, pageSize: 10, pageNum: 1 } });
    expect(first.data).toEqual({ n: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Taken once: the next identical GET goes to the server.
    const second = await http.get('/loans', { params: { pageNum: 1, pageSize: 10, sort: 'createdAt', order: 'desc' } });
    expect(second.data).toEqual({ n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('sends a GET with other parameters as usual', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ code: 'A00000', data: fetchMock.mock.calls.length })));
    startEarlyGet('/loans', { pageNum: 1, pageSize: 10 });
    const other = await http.get('/loans', { params: { pageNum: 2, pageSize: 10 } });
    expect(other.data).toBe(2);
    expect(lastCall().url).toBe('/server/loans?pageNum=2&pageSize=10');
  });

  it('sends again, with its own error handling, when the early GET failed, and toasts nothing for the early one', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ code: 'A10000', message: 'early failure' }, 500))
      .mockResolvedValueOnce(jsonResponse({ code: 'A00000', data: 'fresh' }));
    startEarlyGet('/worklists/suggestList', { pageNum: 1 });
    const answer = await http.get('/worklists/{name}', { path: { name: 'suggestList' }, params: { pageNum: 1 } });
    expect(answer.data).toBe('fresh');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('early failure')).toBeNull();
  });

  it('does not hand over an early GET older than ten seconds', async () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ code: 'A00000', data: fetchMock.mock.calls.length })));
    startEarlyGet('/loans', { pageNum: 1 });
    now.mockReturnValue(1_000_000 + 10_001);
    const late = await http.get('/loans', { params: { pageNum: 1 } });
    expect(late.data).toBe(2);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
