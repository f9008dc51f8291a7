/**
 * The loan node page (/company/node/:encryptId) against the real server: the buttons each user sees
 * are exactly the server's legal actions for that user, an action taken through the page moves the
 * timeline on, the history is verified, the slider shows earlier states, and a stale version is
 * reported as someone else's change. Loans are made fresh through the API (the demo loans have no
 * list endpoint yet) and moved by real events.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { exampleContent } from '@app/workflow';
import { apiToken, APP_URL, eventually, launchBrowser, newVisitor, randomCreditCode, signIn } from './support/browser';

jest.setTimeout(120_000);

interface Envelope<T> {
  code: string;
  message: string;
  data: T;
  extras?: Record<string, unknown>;
}
interface LegalAction {
  type: string;
  label: { zh: string; en: string };
}
interface WorkflowView {
  version: number;
  stage: string;
  state: unknown;
  legalActions: LegalAction[];
}

async function api<T>(method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: Envelope<T> }> {
  const res = await fetch(`${APP_URL}/server${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { 'X-Platform-Token': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

async function workflowOf(token: string, loanId: string): Promise<WorkflowView> {
  const res = await api<WorkflowView>('GET', `/loans/${loanId}/workflow`, token);
  if (res.status !== 200) throw new Error(`workflow: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

async function sendEvent(token: string, loanId: string, type: string, payload: Record<string, unknown> = {}): Promise<WorkflowView> {
  const { version } = await workflowOf(token, loanId);
  const res = await api<WorkflowView>('POST', `/loans/${loanId}/events`, token, { type, payload, expectedVersion: version });
  if (res.status !== 200) throw new Error(`${type}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

let tokens: Record<'apost' | 'admin' | 'prereview', string>;

/** A new loan of its own company, moved by real events to pre-review (awaiting approval). */
async function loanInPreReview(companyName: string): Promise<string> {
  const company = await api<{ id: string }>('POST', '/companies', tokens.apost, { name: companyName, creditCode: randomCreditCode() });
  if (company.status !== 201) throw new Error(`company: ${company.status} ${JSON.stringify(company.body)}`);
  const loan = await api<{ id: string }>('POST', '/loans', tokens.apost, {
    companyId: company.body.data.id,
    amount: 5_000_000,
    termMonths: 12,
    bank: '中国银行',
  });
  if (loan.status !== 201) throw new Error(`loan: ${loan.status} ${JSON.stringify(loan.body)}`);
  const id = loan.body.data.id;
  // Submitting is judged on the saved customer data: store a complete set first.
  const saved = await api('PUT', `/loans/${id}/data/CLIENT`, tokens.apost, { content: exampleContent('CLIENT'), expectedVersion: 0 });
  if (saved.status !== 200) throw new Error(`client data: ${saved.status} ${JSON.stringify(saved.body)}`);
  await sendEvent(tokens.apost, id, 'SUBMIT_MATERIALS', { completeDataTypes: ['CLIENT', 'INQUIRY', 'AGENT', 'REPORT'] });
  await sendEvent(tokens.admin, id, 'CONFIRM_RECEIPT');
  const view = await sendEvent(tokens.apost, id, 'SUBMIT_TO_PRE_REVIEW');
  expect(view.state).toEqual({ preReview: 'awaitingApproval' });
  return id;
}

let browser: Browser;
let loanId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  tokens = { apost: await apiToken('apost'), admin: await apiToken('admin'), prereview: await apiToken('prereview') };
  loanId = await loanInPreReview('上海节点测试科技有限公司');
});
afterAll(async () => {
  await browser?.close();
});

/** The page of the open tag (other tags' pages stay mounted, hidden). */
const pane = (page: Page): Locator => page.locator('[data-testid="page-pane"][data-active]');

async function openLoan(username: string, id = loanId): Promise<Page> {
  const { page } = await newVisitor(browser);
  await signIn(page, username);
  await page.goto(`/company/node/${id}`);
  await pane(page).getByTestId('loan-node-page').waitFor();
  return page;
}

const buttons = (page: Page) => pane(page).getByTestId('action-panel').getByTestId('action-button');

async function shownActions(page: Page): Promise<{ types: string[]; labels: string[] }> {
  await pane(page).getByTestId('action-panel').waitFor();
  const list = buttons(page);
  const types = await list.evaluateAll((els) => els.map((el) => el.getAttribute('data-action') ?? ''));
  const labels = (await list.allInnerTexts()).map((text) => text.trim());
  return { types, labels };
}

const serverList = (view: WorkflowView) => ({
  types: view.legalActions.map((a) => a.type),
  labels: view.legalActions.map((a) => a.label.zh),
});
const sorted = (list: string[]) => [...list].sort();

describe('loan node page', () => {
  it('shows the A-post officer exactly its own legal actions, those of the server', async () => {
    const page = await openLoan('apost');
    const server = serverList(await workflowOf(tokens.apost, loanId));
    expect(server.types.length).toBeGreaterThan(0);
    const shown = await shownActions(page);
    expect(sorted(shown.types)).toEqual(sorted(server.types));
    expect(sorted(shown.labels)).toEqual(sorted(server.labels));
    expect(shown.labels).toContain('修改金额');
    // Not the approver's buttons: the officer who submitted cannot approve.
    expect(shown.labels).not.toContain('审批通过');
    // The browser's machine agreed with the server (otherwise it would show a warning).
    expect(await pane(page).getByTestId('action-panel').getAttribute('data-agreement')).toBe('agree');

    // Header and timeline: company, amount, stage and the current node.
    expect(await pane(page).getByTestId('loan-company').innerText()).toBe('上海节点测试科技有限公司');
    expect(await pane(page).getByTestId('loan-amount').innerText()).toContain('5,000,000.00');
    expect(await pane(page).getByTestId('loan-stage').innerText()).toContain('预审会');
    const current = pane(page).locator('[data-testid="timeline-node"][data-current]');
    expect(await current.getAttribute('data-stage')).toBe('preReview');
    expect(await current.getByTestId('timeline-node-status').innerText()).toBe('待审核');
    expect(await pane(page).getByTestId('timeline-node').count()).toBe(2);
    await page.context().close();
  });

  it('shows the pre-review approver the approval buttons only, those of the server', async () => {
    const page = await openLoan('prereview');
    const server = serverList(await workflowOf(tokens.prereview, loanId));
    const shown = await shownActions(page);
    expect(sorted(shown.types)).toEqual(sorted(server.types));
    expect(sorted(shown.labels)).toEqual(sorted(['审批通过', '审批不通过', '退回资料收集']));
    expect(shown.labels).not.toContain('修改金额');
    await page.context().close();
  });

  it('checks a form before sending, then an approval through the page moves the timeline on', async () => {
    const page = await openLoan('prereview');

    // A reason is required before anything is sent.
    await buttons(page).filter({ hasText: '审批不通过' }).click();
    const form = page.getByTestId('action-form');
    await form.getByTestId('action-submit').click();
    await form.getByText('请填写原因').waitFor();
    await page.getByRole('button', { name: '取消' }).click();
    await form.waitFor({ state: 'detached' });
    expect((await workflowOf(tokens.prereview, loanId)).version).toBe(3);

    await buttons(page).filter({ hasText: '审批通过' }).click();
    await page.getByTestId('action-form').getByText('确认执行“审批通过”吗？').waitFor();
    await page.getByTestId('action-submit').click();
    await page.getByText('已完成：审批通过').waitFor();

    const current = pane(page).locator('[data-testid="timeline-node"][data-current]');
    await eventually(
      () => current.getByTestId('timeline-node-status').innerText(),
      (text) => expect(text).toBe('审核通过'),
    );
    expect(await pane(page).getByTestId('loan-status').innerText()).toBe('审核通过');
    const view = await workflowOf(tokens.prereview, loanId);
    expect(view.version).toBe(4);
    expect(view.state).toEqual({ preReview: 'approved' });
    // The buttons follow: again exactly the server's list for this user at the new state.
    await eventually(
      () => shownActions(page),
      (shown) => expect(sorted(shown.types)).toEqual(sorted(serverList(view).types)),
    );
    expect((await shownActions(page)).labels).not.toContain('审批通过');
    await page.context().close();
  });

  it('shows the history verified and, on the slider, the loan as it stood earlier', async () => {
    const page = await openLoan('prereview');
    await pane(page).getByRole('tab', { name: '事件历史' }).click();
    const history = pane(page).getByTestId('history-panel');
    const badge = history.getByTestId('verify-badge');
    await eventually(
      () => badge.getAttribute('data-state'),
      (state) => expect(state).toBe('ok'),
    );
    expect((await badge.innerText()).trim()).toBe('已验证');
    // The rows come from their own request: wait for them rather than for the badge alone.
    await eventually(
      () => history.getByTestId('history-row').count(),
      (n) => expect(n).toBe(4),
    );
    expect(await history.getByTestId('history-row').last().innerText()).toContain('审批通过');

    const title = history.getByTestId('history-at-title');
    const step = history.getByTestId('history-at-step');
    await eventually(
      () => step.innerText(),
      (text) => expect(text).toBe('预审通过，待提交总办会'),
    );
    expect(await title.innerText()).toBe('第 4 条事件之后');

    // Back to the start: the loan as created.
    await history.getByTestId('history-slider').focus();
    await page.keyboard.press('Home');
    await eventually(
      () => title.innerText(),
      (text) => expect(text).toBe('刚创建时'),
    );
    await eventually(
      () => step.innerText(),
      (text) => expect(text).toBe('资料待完善'),
    );
    expect(await history.getByTestId('history-at-state').innerText()).toBe('collection.toBeImproved');
    expect(await history.getByTestId('history-at-stage').innerText()).toBe('资料收集与完善');

    // One step on: after the materials were submitted.
    await page.keyboard.press('ArrowRight');
    await eventually(
      () => step.innerText(),
      (text) => expect(text).toBe('资料已提交，待接收'),
    );
    expect(await title.innerText()).toBe('第 1 条事件之后');
    await page.context().close();
  });

  it('draws the statechart with the current stage and state highlighted', async () => {
    const page = await openLoan('prereview');
    await pane(page).getByRole('tab', { name: '流程图' }).click();
    const diagram = pane(page).getByTestId('state-diagram');
    await diagram.waitFor();
    expect(await diagram.getByTestId('diagram-stage').count()).toBe(14); // every stage of the machine, the bad-loan branch's two included
    const currentStage = diagram.locator('[data-testid="diagram-stage"][data-current]');
    expect(await currentStage.count()).toBe(1);
    expect(await currentStage.getAttribute('data-stage')).toBe('preReview');
    const activeStates = diagram.locator('[data-testid="diagram-state"][data-active]');
    expect(await activeStates.evaluateAll((els) => els.map((el) => el.getAttribute('data-path')))).toEqual(['preReview.approved']);
    await page.context().close();
  });

  it('tells the user when someone else changed the loan, and reloads it', async () => {
    const id = await loanInPreReview('上海并发测试科技有限公司');
    const page = await openLoan('apost', id);
    expect((await shownActions(page)).labels).toContain('修改金额');

    await buttons(page).filter({ hasText: '修改金额' }).click();
    const form = page.getByTestId('action-form');
    const amount = form.locator('[data-field="amount"]');
    // Checked in the browser first: a negative amount, then too many decimals.
    await amount.fill('-5');
    await form.getByTestId('action-submit').click();
    await form.getByText('金额必须大于 0').waitFor();
    await amount.fill('4800000.123');
    await form.getByTestId('action-submit').click();
    await form.getByText('金额最多保留两位小数').waitFor();
    await amount.fill('4800000');

    // Meanwhile the approver acts on the same loan.
    await sendEvent(tokens.prereview, id, 'PRE_REVIEW_APPROVE');
    await form.getByTestId('action-submit').click();
    await page.getByText('贷款已被他人更新').waitFor();
    await form.waitFor({ state: 'detached' });

    // Nothing was applied; the page now shows the loan as it is.
    const view = await workflowOf(tokens.apost, id);
    expect(view.version).toBe(4);
    expect(view.state).toEqual({ preReview: 'approved' });
    await eventually(
      () => pane(page).getByTestId('loan-status').innerText(),
      (text) => expect(text).toBe('审核通过'),
    );
    await eventually(
      () => shownActions(page),
      (shown) => expect(sorted(shown.types)).toEqual(sorted(serverList(view).types)),
    );
    await page.context().close();
  });

  it('says plainly when there is no such loan', async () => {
    const { page } = await newVisitor(browser);
    await signIn(page, 'apost');
    await page.goto('/company/node/00000000-0000-4000-8000-000000000000');
    const notFound = pane(page).getByTestId('loan-not-found');
    await notFound.waitFor();
    expect(await notFound.getByRole('heading').innerText()).toBe('贷款不存在');
    // Not a UUID: no loan can have that id, and the server is not asked.
    await page.goto('/company/node/not-a-loan');
    await pane(page).getByTestId('loan-not-found').waitFor();
    await page.context().close();
  });
});
