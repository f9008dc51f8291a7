/**
 * The built client under its Content-Security-Policy: a signed-in administrator opens the main kinds
 * of page (dashboard, company list, a loan's node page, the loan list and a worklist, the print-ready
 * preview in its frame, the OpenAPI page) and the browser reports no violation, neither as a
 * `securitypolicyviolation` event nor on the console. A last check shows the watch does see one.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { apiToken, APP_URL, launchBrowser, newVisitor, randomCreditCode, signIn } from './support/browser';

jest.setTimeout(120_000);

interface Violation {
  where: string;
  what: string;
}

async function api<T>(method: string, path: string, token?: string, body?: unknown): Promise<T & { extras?: Record<string, unknown> }> {
  const res = await fetch(`${APP_URL}/server${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { 'X-Platform-Token': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T; extras?: Record<string, unknown> };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return { ...json.data, extras: json.extras };
}

/**
 * Every CSP violation of the context's pages and frames: the DOM event (reported to the test through
 * an exposed function) and Chromium's console message, which also covers frames that run no script.
 */
async function watchViolations(context: BrowserContext, page: Page): Promise<Violation[]> {
  const seen: Violation[] = [];
  await context.exposeFunction('reportCspViolation', (v: Violation) => seen.push(v));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportCspViolation?: (v: { where: string; what: string }) => void }).reportCspViolation;
      report?.({ where: e.documentURI, what: `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sample})` });
    });
  });
  page.on('console', (message) => {
    if (/Content[ -]Security[ -]Policy/i.test(message.text())) seen.push({ where: page.url(), what: message.text() });
  });
  return seen;
}

const pane = (page: Page): Locator => page.locator('[data-testid="page-pane"][data-active]');

let browser: Browser;
let context: BrowserContext;
let page: Page;
let violations: Violation[];
let loanId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newVisitor(browser));
  violations = await watchViolations(context, page);
  const apost = await apiToken('apost');
  const company = await api<{ id: string }>('POST', '/companies', apost, { name: '上海安全策略测试有限公司', creditCode: randomCreditCode() });
  loanId = (await api<{ id: string }>('POST', '/loans', apost, { companyId: company.id, amount: 3_000_000, termMonths: 12, bank: '中国银行' })).id;
});
afterAll(async () => {
  await browser?.close();
});

/** Waits a moment for late reports (lazy chunks, images), then expects none (each test answers for its own pages). */
async function expectNoViolation() {
  await page.waitForTimeout(500);
  expect(violations.splice(0)).toEqual([]);
}

describe('the client under its Content-Security-Policy', () => {
  it('is served with a policy that forbids inline script', async () => {
    const res = await page.goto('/login');
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    await page.locator('input[name="username"]').waitFor();
    await expectNoViolation();
  });

  it('signs in and shows the dashboard with no violation', async () => {
    await signIn(page, 'admin');
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: '我的消息' }).waitFor();
    await expectNoViolation();
  });

  it('shows the company list with no violation', async () => {
    await page.goto('/company/list');
    await pane(page).getByTestId('company-list-page').waitFor();
    await expectNoViolation();
  });

  it("shows a loan's node page with no violation", async () => {
    await page.goto(`/company/node/${loanId}`);
    await pane(page).getByTestId('loan-node-page').waitFor();
    await pane(page).getByTestId('action-panel').waitFor();
    await expectNoViolation();
  });

  it('shows the loan list and a worklist with no violation', async () => {
    await page.goto('/company/loanList');
    await pane(page).getByTestId('loan-list-page').waitFor();
    await pane(page).locator('[data-testid="loan-row"]').first().waitFor();
    await page.goto('/process/reviewMeetingList');
    await pane(page).getByTestId('loan-list-page').waitFor();
    await expectNoViolation();
  });

  it('shows the print-ready preview (its own <style>, in a frame) with no violation', async () => {
    await page.goto(`/detail/viewReport?id=${loanId}`);
    await pane(page).getByTestId('loan-data-preview').waitFor();
    const frame = pane(page).frameLocator('[data-testid="preview-frame"]');
    await frame.getByText('上海安全策略测试有限公司').first().waitFor();
    // The preview's stylesheet applied: its table cells have borders.
    const border = await frame
      .locator('.loan td')
      .first()
      .evaluate((td) => getComputedStyle(td).borderTopStyle);
    expect(border).not.toBe('none');
    await expectNoViolation();
  });

  it('shows the OpenAPI page with no violation', async () => {
    await page.goto('/server/docs');
    await page.locator('.swagger-ui .opblock').first().waitFor();
    await expectNoViolation();
  });

  it('does report an inline script, so the watch above can fail', async () => {
    await page.goto('/dashboard');
    await page.getByTestId('app-shell').waitFor();
    const ran = await page.evaluate(() => {
      const w = window as unknown as { inlineRan?: boolean };
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.body.appendChild(script);
      return w.inlineRan === true;
    });
    expect(ran).toBe(false);
    await page.waitForTimeout(500);
    expect(violations.splice(0).some((v) => /script-src/.test(v.what))).toBe(true);
  });
});
