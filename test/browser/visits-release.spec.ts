/**
 * After guarantee and release in the browser, each step by the demo user holding it, on the demo loan
 * standing just after disbursement (上海智造机器人有限公司, 7,000,000.00 yuan, one mortgage confirmed):
 * B-post uploads a visit attachment and submits round 1 as normal; the leader approves; round 2 is
 * downgraded to doubtful (refused without a reason, then with one); the leader sees the history and
 * approves; the A-post officer changes the repayment plan to equal principal (monthly instalments)
 * and finance repays it in the 还款计划 panel: the overdue arrears, then the next instalment (its
 * reminder cancelled), then the rest early, each with its voucher and RECORD_REPAYMENT, the last
 * moving the loan to release; the clerk releases the guarantee and each collateral item on the
 * release panel; the loan is closed and the release ledger lists every item.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { apiToken as tokenOf, APP_URL, eventually, launchBrowser, newVisitor, signIn } from './support/browser';

jest.setTimeout(240_000);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const DEMO_COMPANY = '上海智造机器人有限公司';

async function api<T>(method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: { data: T } }> {
  const res = await fetch(`${APP_URL}/server${path}`, {
    method,
    headers: { ...(token ? { 'X-Platform-Token': token } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as { data: T } };
}

let browser: Browser;
let loanId: string;
const pages: Record<string, Page> = {};

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

const pane = (page: Page): Locator => page.locator('[data-testid="page-pane"][data-active]');

async function act(page: Page, action: string, fill?: (form: Locator) => Promise<void>): Promise<Locator> {
  await pane(page).locator(`[data-testid="action-button"][data-action="${action}"]`).click();
  const form = page.getByTestId('action-form');
  await form.waitFor();
  if (fill) await fill(form);
  await form.getByTestId('action-submit').click();
  return form;
}

/**
 * The file a step stands on, chosen inside the step's own dialog: confirm stays disabled
 * until it is uploaded.
 */
async function attach(page: Page, form: Locator, name: string): Promise<void> {
  const evidence = form.getByTestId('evidence-upload');
  expect(await evidence.getAttribute('data-present')).toBe('false');
  expect(await form.getByTestId('action-submit').isDisabled()).toBe(true);
  const chooser = page.waitForEvent('filechooser');
  await evidence.getByTestId('evidence-choose').click();
  await (await chooser).setFiles({ name, mimeType: 'application/pdf', buffer: PDF });
  await eventually(
    () => evidence.getAttribute('data-present'),
    (present) => expect(present).toBe('true'),
  );
}

interface InstalmentRow {
  seq: number;
  dueOn: string;
  principalFen: number;
  state: string;
}
interface ReminderRow {
  kind: string;
  state: string;
  dueAt: string;
}
/** "291,666.66" -> 29166666 (whole fen). */
const fenOf = (text: string): number => {
  const [yuan, cents = '0'] = text.trim().replace(/,/g, '').split('.');
  return Number(yuan) * 100 + Number(cents.padEnd(2, '0'));
};
const yuanOf = (fen: number): string => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** The instalments as the repayment plan panel shows them. */
const instalmentsIn = (panel: Locator): Promise<InstalmentRow[]> =>
  panel
    .getByTestId('repayment-instalment')
    .evaluateAll((rows) =>
      rows.map((r) => ({
        seq: Number(r.getAttribute('data-seq')),
        dueOn: (r.children[1] as HTMLElement).innerText.trim(),
        principal: (r.children[2] as HTMLElement).innerText.trim(),
        state: r.getAttribute('data-state') ?? '',
      })),
    )
    .then((rows) => rows.map((r) => ({ seq: r.seq, dueOn: r.dueOn, principalFen: fenOf(r.principal), state: r.state })));

/** The loan's reminders as the panel lists them (dueAt as shown: YYYY-MM-DD HH:mm, company time). */
const remindersIn = (panel: Locator): Promise<ReminderRow[]> =>
  panel.getByTestId('loan-reminder').evaluateAll((rows) =>
    rows.map((r) => ({
      kind: r.getAttribute('data-kind') ?? '',
      state: r.getAttribute('data-state') ?? '',
      dueAt: (r.children[1] as HTMLElement).innerText.trim(),
    })),
  );
/** The repayment reminder of the instalment due on `dueOn` (reminders fall due at 09:00 of that day). */
const reminderOf = (reminders: ReminderRow[], dueOn: string, state: string) =>
  reminders.filter((r) => r.kind === 'REPAYMENT' && r.dueAt.startsWith(dueOn) && r.state === state);

const workflow = async () => (await api<{ version: number; state: unknown }>('GET', `/loans/${loanId}/workflow`, await tokenOf('admin'))).body.data;

beforeAll(async () => {
  browser = await launchBrowser();
  const bpost = await tokenOf('bpost');
  const list = await api<{ list: { id: string; companyName: string }[] }>('GET', `/worklists/bPostList?pageSize=100`, bpost);
  const row = list.body.data.list.find((r) => r.companyName === DEMO_COMPANY);
  if (!row) throw new Error(`the demo loan of ${DEMO_COMPANY} is not in the B-post list: ${JSON.stringify(list.body).slice(0, 300)}`);
  loanId = row.id;
});
afterAll(() => browser?.close());

it('B-post uploads a visit attachment and submits round 1 as normal; the leader approves', async () => {
  const page = await as('bpost');
  const panel = pane(page).getByTestId('visits-panel');
  await panel.waitFor();
  expect(await panel.getAttribute('data-state')).toBe('awaitingVisitReport');
  // the report file is chosen in the step's dialog: no separate upload button on the panel
  expect(await panel.getByTestId('visit-attachment-upload').count()).toBe(0);
  const form = await act(page, 'VISIT_SUBMIT_REPORT', async (f) => {
    await attach(page, f, '第一轮走访报告.pdf');
    await f.getByLabel('报告审核', { exact: true }).check();
    await f.getByLabel('正常', { exact: true }).check();
  });
  await form.waitFor({ state: 'detached' });
  await eventually(
    () => panel.getByTestId('visit-row').count(),
    (n) => expect(n).toBe(1),
  );
  expect(await panel.getByTestId('visit-attachments').innerText()).toContain('第一轮走访报告.pdf');
  expect(await panel.getByTestId('visit-row').first().getAttribute('data-classification')).toBe('NORMAL');
  expect(await panel.getByTestId('visits-next-due').innerText()).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  const leader = await as('leader');
  const leaderPanel = pane(leader).getByTestId('visits-panel');
  await leaderPanel.waitFor();
  expect(await leaderPanel.getByTestId('visit-attachments').innerText()).toContain('第一轮走访报告.pdf');
  await act(leader, 'VISIT_APPROVE');
  await eventually(
    () => leaderPanel.getByTestId('visit-row').first().getAttribute('data-state'),
    (state) => expect(state).toBe('APPROVED'),
  );
});

it('round 2 is downgraded to doubtful: a reason is required, the leader sees the downgrade and approves', async () => {
  const page = await as('bpost');
  const form = await act(page, 'VISIT_SUBMIT_REPORT', async (f) => {
    // round 1's file does not count for round 2
    await attach(page, f, '第二轮走访资料.pdf');
    await f.getByLabel('资料审核', { exact: true }).check();
    await f.getByLabel('可疑', { exact: true }).check();
  });
  // refused without a reason: the server's message on the reason field, nothing written
  await form.locator('.mantine-InputWrapper-error', { hasText: '请填写分类原因' }).waitFor();
  await form.locator('textarea[data-field="reason"]').fill('主要客户流失，连续两月未付息');
  await form.getByTestId('action-submit').click();
  await form.waitFor({ state: 'detached' });

  const leader = await as('leader');
  const panel = pane(leader).getByTestId('visits-panel');
  await panel.waitFor();
  await eventually(
    () => panel.getByTestId('visit-row').count(),
    (n) => expect(n).toBe(2),
  );
  const second = panel.getByTestId('visit-row').nth(1);
  expect(await second.getAttribute('data-classification')).toBe('DOUBTFUL');
  const text = await second.innerText();
  expect(text).toContain('下调');
  expect(text).toContain('主要客户流失');
  expect(await panel.getByTestId('visits-current').innerText()).toBe('可疑');
  await act(leader, 'VISIT_APPROVE');
  await eventually(
    () => second.getAttribute('data-state'),
    (state) => expect(state).toBe('APPROVED'),
  );
});

it('the A-post officer changes the plan to equal principal; finance repays it with a voucher per repayment in the 还款计划 panel; the last one moves the loan to release', async () => {
  const apost = await as('apost');
  const plan = pane(apost).getByTestId('repayment-plan-panel');
  await plan.waitFor();
  expect(await plan.getAttribute('data-method')).toBe('BULLET');
  const edit = await act(apost, 'REPAYMENT_PLAN_EDIT', async (f) => {
    await f.getByLabel('等额本金', { exact: true }).check();
    await f.locator('textarea[data-field="reason"]').fill('企业申请按月等额还本');
  });
  await edit.waitFor({ state: 'detached' });
  await eventually(
    () => plan.getAttribute('data-method'),
    (method) => expect(method).toBe('EQUAL_PRINCIPAL'),
  );
  const planned = await eventually(
    () => instalmentsIn(plan),
    (rows) => expect(rows.length).toBeGreaterThanOrEqual(3),
  );
  expect(planned.every((i) => i.state === 'DUE')).toBe(true);
  const principalFen = planned.reduce((sum, i) => sum + i.principalFen, 0);
  expect(principalFen).toBe(700_000_000);

  const finance = await as('finance');
  const panel = pane(finance).getByTestId('repayment-plan-panel');
  await panel.waitFor();
  await eventually(
    () => instalmentsIn(panel),
    (rows) => expect(rows).toHaveLength(planned.length),
  );
  const reminders = await eventually(
    () => remindersIn(panel),
    (rows) => expect(rows.some((r) => r.kind === 'REPAYMENT' && r.state === 'SCHEDULED')).toBe(true),
  );
  // The instalments already past (the demo loan was lent months ago) have no reminder left to send;
  // the first one ahead has a scheduled one.
  const ahead = planned.findIndex((i) => reminderOf(reminders, i.dueOn, 'SCHEDULED').length === 1);
  expect(ahead).toBeGreaterThanOrEqual(0);
  expect(ahead).toBeLessThan(planned.length - 1);

  /**
   * Finance records `amountFen` for instalment `seq` with its voucher, uploaded on the instalment's row
   * of the panel or inside the dialog. The dialog names the instalment and offers its due; more than
   * that is an early settlement it states in words, confirmed by its own tick.
   */
  const repay = async (seq: number, amountFen: number, voucher: string, upload: 'panel' | 'dialog') => {
    const row = panel.locator(`[data-testid="repayment-instalment"][data-seq="${seq}"]`);
    const dueFen = (await instalmentsIn(panel)).find((i) => i.seq === seq)!.principalFen;
    if (upload === 'panel') {
      const chooser = finance.waitForEvent('filechooser');
      await row.getByTestId('instalment-voucher-upload').click();
      await (await chooser).setFiles({ name: voucher, mimeType: 'application/pdf', buffer: PDF });
      await eventually(
        () => row.getByTestId('instalment-voucher').innerText(),
        (text) => expect(text).toBe(voucher),
      );
    }
    const form = await act(finance, 'RECORD_REPAYMENT', async (f) => {
      if (upload === 'dialog') await attach(finance, f, voucher);
      const named = f.getByTestId('repayment-dialog-instalment');
      expect(await named.getAttribute('data-seq')).toBe(String(seq));
      expect(await named.innerText()).toContain(`第 ${seq} 期`);
      // its own due by default, never the whole principal
      const amount = f.locator('input[data-field="amount"]');
      await eventually(
        async () => fenOf(await amount.inputValue()),
        (fen) => expect(fen).toBe(dueFen),
      );
      await amount.fill(yuanOf(amountFen));
      const early = f.getByTestId('early-settlement');
      if (amountFen > dueFen) {
        await early.waitFor();
        expect(await early.innerText()).toContain('提前还款');
        expect(await f.getByTestId('action-submit').isDisabled()).toBe(true);
        await f.getByLabel('我确认这是提前还款（一次还清多期）').check();
      } else {
        expect(await early.count()).toBe(0);
      }
    });
    await form.waitFor({ state: 'detached' });
  };
  const sumFen = (rows: InstalmentRow[]) => rows.reduce((sum, i) => sum + i.principalFen, 0);

  // 1. The arrears: every instalment already past, in one repayment with the first one's voucher.
  let repaidFen = 0;
  if (ahead > 0) {
    const arrears = planned.slice(0, ahead);
    await repay(arrears[0].seq, sumFen(arrears), '逾期欠款还款凭证.pdf', 'panel');
    repaidFen += sumFen(arrears);
    const after = await eventually(
      () => instalmentsIn(panel),
      (rows) => expect(rows.filter((i) => i.state === 'REPAID').map((i) => i.seq)).toEqual(arrears.map((i) => i.seq)),
    );
    expect(after[ahead].state).toBe('DUE');
    expect(reminderOf(await remindersIn(panel), planned[ahead].dueOn, 'SCHEDULED')).toHaveLength(1);
  }

  // 2. The next instalment on its day: REPAID, and its reminder CANCELLED.
  const next = planned[ahead];
  await repay(next.seq, next.principalFen, `第${next.seq}期还款凭证.pdf`, 'dialog');
  repaidFen += next.principalFen;
  await eventually(
    () => panel.locator(`[data-testid="repayment-instalment"][data-seq="${next.seq}"]`).getAttribute('data-state'),
    (state) => expect(state).toBe('REPAID'),
  );
  await eventually(
    () => remindersIn(panel),
    (rows) => {
      expect(reminderOf(rows, next.dueOn, 'CANCELLED')).toHaveLength(1);
      expect(reminderOf(rows, next.dueOn, 'SCHEDULED')).toHaveLength(0);
      // the instalment after it keeps its own
      expect(reminderOf(rows, planned[ahead + 1].dueOn, 'SCHEDULED')).toHaveLength(1);
    },
  );
  expect(fenOf(await panel.getByTestId('repayment-plan-outstanding').innerText())).toBe(principalFen - repaidFen);
  expect((await workflow()).state).toMatchObject({ afterGuarantee: expect.anything() });

  // 3. The rest repaid early, with the voucher of the next instalment: every instalment REPAID, the loan moves to release.
  const last = planned[ahead + 1];
  await repay(last.seq, principalFen - repaidFen, '提前结清还款凭证.pdf', 'panel');
  await eventually(
    async () => (await workflow()).state,
    (state) => expect(state).toMatchObject({ release: expect.anything() }),
  );
  // the panel, still shown after guarantee, has every instalment repaid and their reminders cancelled
  const done = await as('finance');
  const closedPanel = pane(done).getByTestId('repayment-plan-panel');
  await eventually(
    () => instalmentsIn(closedPanel),
    (rows) => {
      expect(rows).toHaveLength(planned.length);
      expect(rows.every((i) => i.state === 'REPAID')).toBe(true);
    },
  );
  const finalReminders = await remindersIn(closedPanel);
  expect(reminderOf(finalReminders, last.dueOn, 'CANCELLED')).toHaveLength(1);
  expect(finalReminders.filter((r) => r.kind === 'REPAYMENT' && r.state === 'SCHEDULED')).toEqual([]);
  expect(fenOf(await closedPanel.getByTestId('repayment-plan-outstanding').innerText())).toBe(0);
  expect(await closedPanel.getByTestId('instalment-voucher-upload').count()).toBe(0);
});

it('with the principal repaid, the clerk releases the guarantee and each collateral item; the loan closes and the ledger lists them', async () => {
  expect((await workflow()).state).toMatchObject({ release: expect.anything() });

  const page = await as('admin');
  const panel = pane(page).getByTestId('release-panel');
  await panel.waitFor();
  const items = panel.getByTestId('release-item');
  await eventually(
    () => items.count(),
    (n) => expect(n).toBeGreaterThanOrEqual(2),
  );
  const total = await items.count();
  expect(await items.first().getAttribute('data-kind')).toBe('GUARANTEE');
  // A release is confirmed in a dialog that names the item; cancelling it releases nothing.
  const firstOpen = panel.locator('[data-testid="release-item"][data-state="UNRESOLVED"]').first();
  const guaranteeName = await firstOpen.innerText();
  await firstOpen.getByTestId('release-confirm').click();
  const dialog = page.getByTestId('release-confirm-dialog');
  await dialog.waitFor();
  expect(await page.getByTestId('release-confirm-item').innerText()).toBe('担保责任');
  expect(guaranteeName).toContain('担保责任');
  await page.getByTestId('release-confirm-cancel').click();
  await dialog.waitFor({ state: 'detached' });
  expect(await panel.locator('[data-testid="release-item"][data-state="RELEASED"]').count()).toBe(0);
  for (let released = 0; released < total; released++) {
    const row = panel.locator('[data-testid="release-item"][data-state="UNRESOLVED"]').first();
    const kind = await row.getAttribute('data-kind');
    await row.getByTestId('release-confirm').click();
    const named = await page.getByTestId('release-confirm-item').innerText();
    // a collateral item is named by its kind, owner and what it is, as its row shows it
    if (kind !== 'GUARANTEE') expect(named.startsWith(kind === 'MORTGAGE' ? '抵押 · ' : kind === 'PLEDGE' ? '质押 · ' : '其他')).toBe(true);
    await page.getByTestId('release-confirm-ok').click();
    await eventually(
      () => panel.locator('[data-testid="release-item"][data-state="RELEASED"]').count(),
      (n) => expect(n).toBe(released + 1),
    );
  }
  expect(await panel.getByTestId('release-confirm').count()).toBe(0);
  expect((await workflow()).state).toBe('closed');

  await page.goto('/protectAfter/relieve');
  const ledger = pane(page).getByTestId('release-ledger');
  await ledger.waitFor();
  await eventually(
    () => ledger.locator('[data-testid="release-ledger-row"]', { hasText: DEMO_COMPANY }).count(),
    (n) => expect(n).toBe(total),
  );
  expect(await ledger.locator('[data-testid="release-ledger-row"][data-kind="GUARANTEE"]', { hasText: DEMO_COMPANY }).innerText()).toContain('7,000,000.00');
});
