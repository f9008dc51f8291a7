/**
 * A loan that goes bad, in the browser, each step by the demo user holding it, on the demo loan whose
 * first instalment is 120 days overdue (上海宏达五金制品有限公司, 900,000.00 yuan): the A-post officer records
 * the bank's overdue notice and applies for compensation; the leader approves it (below the threshold);
 * finance pays it on its voucher, after saying yes to the words that name the amount; the A-post officer
 * records the claim as filed; finance records a recovery from the collateral; the A-post officer asks to
 * write the rest off, the dialog naming the loss; the leader approves the write-off on the court's ruling.
 * The loan is closed, and its compensation panel shows what was paid, recovered and written off.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { apiToken as tokenOf, APP_URL, eventually, launchBrowser, newVisitor, signIn } from './support/browser';

jest.setTimeout(240_000);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const DEMO_COMPANY = '上海宏达五金制品有限公司';

async function api<T>(path: string, token: string): Promise<T> {
  const res = await fetch(`${APP_URL}/server${path}`, { headers: { 'X-Platform-Token': token } });
  return ((await res.json()) as { data: T }).data;
}

let browser: Browser;
let loanId: string;
const pages: Record<string, Page> = {};
/** Three days ago in the company's calendar: every day of the path (lent more than four months before). */
const DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() - 3 * 86_400_000));

const pane = (page: Page): Locator => page.locator('[data-testid="page-pane"][data-active]');

async function as(username: string): Promise<Page> {
  if (!pages[username]) {
    const { page } = await newVisitor(browser);
    await signIn(page, username);
    pages[username] = page;
  }
  const page = pages[username];
  await page.goto(`/company/node/${loanId}`);
  await pane(page).getByTestId('loan-node-page').waitFor();
  return page;
}

/** Opens the step's dialog, fills it, submits, and waits for it to close (the step was taken). */
async function act(page: Page, action: string, fill: (form: Locator) => Promise<void> = async () => undefined): Promise<void> {
  await pane(page).locator(`[data-testid="action-button"][data-action="${action}"]`).click();
  const form = page.getByTestId('action-form');
  await form.waitFor();
  await fill(form);
  await form.getByTestId('action-submit').click();
  await form.waitFor({ state: 'detached' });
}

/** The document the step stands on, chosen in its dialog. */
async function attach(page: Page, form: Locator, name: string): Promise<void> {
  const evidence = form.getByTestId('evidence-upload');
  expect(await evidence.getAttribute('data-present')).toBe('false');
  const chooser = page.waitForEvent('filechooser');
  await evidence.getByTestId('evidence-choose').click();
  await (await chooser).setFiles({ name, mimeType: 'application/pdf', buffer: PDF });
  await eventually(
    () => evidence.getAttribute('data-present'),
    (present) => expect(present).toBe('true'),
  );
}

/** A money step's words, then its own confirmation: the submit button waits for it. */
async function confirmMoney(form: Locator, words: RegExp): Promise<void> {
  const step = form.getByTestId('money-step');
  await step.waitFor();
  expect(await form.getByTestId('money-step-words').innerText()).toMatch(words);
  expect(await form.getByTestId('action-submit').isDisabled()).toBe(true);
  await form.getByTestId('money-step-confirm').check();
}

const stage = async () => (await api<{ stage: string }>(`/loans/${loanId}/workflow`, await tokenOf('leader'))).stage;

beforeAll(async () => {
  browser = await launchBrowser();
  const list = await api<{ list: { id: string; companyName: string }[] }>(`/worklists/overdueList?pageSize=100`, await tokenOf('apost'));
  const row = list.list.find((r) => r.companyName === DEMO_COMPANY);
  if (!row) throw new Error(`the demo loan of ${DEMO_COMPANY} is not in the overdue list`);
  loanId = row.id;
});
afterAll(() => browser?.close());

it('the A-post officer records the overdue notice and applies for compensation; the leader approves it', async () => {
  const apost = await as('apost');
  await act(apost, 'OVERDUE_NOTICE', async (f) => {
    await f.locator('input[data-field="noticedOn"]').fill(DAY);
    await f.locator('input[data-field="overduePrincipalFen"]').fill('75000');
    await f.locator('input[data-field="overdueInterestFen"]').fill('1200');
  });
  await act(apost, 'COMPENSATION_APPLY', async (f) => {
    await f.locator('input[data-field="principalFen"]').fill('100000');
    await f.locator('input[data-field="interestFen"]').fill('1200');
    await f.locator('input[data-field="penaltyFen"]').fill('0');
    await f.locator('textarea[data-field="reason"]').fill('借款人逾期超过90天，银行要求代偿');
  });
  expect(await stage()).toBe('compensation');

  const leader = await as('leader');
  await act(leader, 'COMPENSATION_APPROVE', async (f) => {
    await f.getByLabel('领导审批（低于限额）', { exact: true }).check();
  });
});

it('finance pays the compensation on its voucher, after the words that name the amount', async () => {
  const finance = await as('finance');
  await act(finance, 'COMPENSATION_PAY', async (f) => {
    await f.locator('input[data-field="paidOn"]').fill(DAY);
    await attach(finance, f, '代偿支付凭证.pdf');
    await confirmMoney(f, /101,200\.00/);
  });
  expect(await stage()).toBe('recovery');
});

it('the claim is filed, a recovery recorded, and the rest written off with the ruling: closed', async () => {
  const apost = await as('apost');
  await act(apost, 'RECOVERY_STAGE', async (f) => {
    await f.getByLabel('已立案', { exact: true }).check();
    await f.locator('input[data-field="on"]').fill(DAY);
  });
  // finance books what comes back (the administrator's session is left to the other scenarios running beside this one)
  const finance = await as('finance');
  await act(finance, 'RECOVERY_RECORD', async (f) => {
    await f.locator('input[data-field="amountFen"]').fill('30000');
    await f.getByLabel('处置抵质押物', { exact: true }).check();
    await f.locator('input[data-field="receivedOn"]').fill(DAY);
  });
  // the officer's page opened again, with the recovery in it
  await as('apost');
  await act(apost, 'RECOVERY_CLOSE', async (f) => {
    await f.getByLabel('余额核销', { exact: true }).check();
    await f.locator('textarea[data-field="reason"]').fill('执行终结，借款人无可供执行财产');
    await confirmMoney(f, /71,200\.00/);
  });
  expect(await stage()).toBe('recovery');

  const leader = await as('leader');
  await act(leader, 'RECOVERY_WRITE_OFF_APPROVE', async (f) => {
    await attach(leader, f, '执行终结裁定书.pdf');
    await confirmMoney(f, /71,200\.00/);
  });
  expect(await stage()).toBe('closed');

  const page = await as('leader');
  const panel = pane(page).getByTestId('bad-loan-panel');
  await panel.waitFor();
  expect(await panel.getAttribute('data-outcome')).toBe('WRITTEN_OFF');
  const words = await panel.innerText();
  for (const amount of ['101,200.00', '30,000.00', '71,200.00']) expect(words).toContain(amount);
});
