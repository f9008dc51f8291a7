import { generateKeyPairSync } from 'node:crypto';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionDialogForTests } from '@/api/http';
import i18n from '@/i18n';
import { jsonResponse, renderWithApp } from '@/test/render';
import LoginPage from './LoginPage';

const { publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 1024,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

type Handler = (url: string, init: RequestInit) => Response;
let loginHandler: Handler;
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  resetSessionDialogForTests();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/server/open/auth/settings')) return jsonResponse({ code: 'A00000', data: { captchaAlways: false } });
    if (url.startsWith('/server/open/auth/public-key')) return jsonResponse({ code: 'A00000', data: { publicKey } });
    if (url.startsWith('/server/open/auth/captcha'))
      return jsonResponse({ code: 'A00000', data: { captchaId: 'cap-1', image: 'data:image/svg+xml;base64,PHN2Zy8+' } });
    if (url.startsWith('/server/open/auth/platformLogin/PLATFORM')) return loginHandler(url, init!);
    return jsonResponse({ code: 'A00000', data: null });
  });
});

afterEach(() => vi.unstubAllGlobals());

const renderLogin = () =>
  renderWithApp(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/" element={<div>home page</div>} />
    </Routes>,
    { route: '/login' },
  );

const fill = (username: string, password: string) => {
  fireEvent.change(screen.getByLabelText(/用户名/), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/密码/), { target: { value: password } });
};
const loginCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('platformLogin'));

describe('sign-in page', () => {
  it('checks the fields and the agreement tick before calling the server', async () => {
    loginHandler = () => jsonResponse({ code: 'A00000', data: null, extras: { 'x-platform-token': 't' } });
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(screen.getByText('请勾选同意服务协议和隐私政策')).toBeTruthy();

    fill('admin', 'short');
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('密码长度不能少于8位')).toBeTruthy();
    expect(loginCalls()).toHaveLength(0);
  });

  it('words the shown errors again after a language switch', async () => {
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    try {
      await act(() => i18n.changeLanguage('en'));
      expect(await screen.findByText('Please enter your user name')).toBeTruthy();
      expect(screen.getByText('Please tick and agree to the service agreement and privacy policy')).toBeTruthy();
      expect(screen.queryByText('请输入用户名')).toBeNull();
    } finally {
      await act(() => i18n.changeLanguage('zh-CN'));
    }
  });

  it('links the two agreements', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: '《服务协议》' }).getAttribute('href')).toBe('/privacy-agreement/agreement');
    expect(screen.getByRole('link', { name: '《隐私政策》' }).getAttribute('href')).toBe('/privacy-agreement/policy');
  });

  it('sends the encrypted password, shows the failure and asks for a captcha when the server says so', async () => {
    loginHandler = () => jsonResponse({ code: 'A01001', message: '用户名或密码错误', data: { captchaRequired: true } }, 400);
    renderLogin();
    fill('admin', 'Wrong@2026');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));

    expect(await screen.findByText('用户名或密码错误')).toBeTruthy();
    const body = JSON.parse(String(loginCalls()[0][1]!.body));
    expect(body).toMatchObject({ checkStatus: true, username: 'admin' });
    expect(body.password).not.toBe('Wrong@2026');
    expect(body.password).toMatch(/^[A-Za-z0-9+/]{170}==$|^[A-Za-z0-9+/]{171}=$|^[A-Za-z0-9+/]{172}$/);

    // The next try needs a verification code.
    expect(await screen.findByLabelText(/验证码/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入验证码')).toBeTruthy();
    expect(loginCalls()).toHaveLength(1);
  });

  it('stores the token and the extras, then leaves the sign-in page', async () => {
    const extras = { 'x-platform-token': 'token-abc', expiresAt: '2026-12-01T00:00:00Z' };
    loginHandler = () => jsonResponse({ code: 'A00000', message: 'ok', data: null, extras });
    renderLogin();
    fill('admin', 'Demo@2026');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(localStorage.getItem('accessToken')).toBe('token-abc');
    expect(JSON.parse(localStorage.getItem('pcToken')!)).toEqual(extras);
  });

  it('shows the captcha from the start when the setting says always', async () => {
    fetchMock.mockImplementationOnce(async () => jsonResponse({ code: 'A00000', data: { captchaAlways: true } }));
    renderLogin();
    await waitFor(() => expect(screen.getByLabelText(/验证码/)).toBeTruthy());
    expect(await screen.findByAltText('验证码图片')).toBeTruthy();
  });
});
