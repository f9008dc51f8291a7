/**
 * The whole pipeline in the browser, each step by the demo user holding its
 * role: the A-post officer registers a company and initiates a loan, fills
 * the customer data and the review report (three years of statements, the ratios computed beside
 * them), submits; the clerk confirms receipt; pre-review; the general office meets and votes; B-post
 * risk control; the review committee meets and votes; withdrawal with the B-post recheck and the
 * leader's approval; and the node page's timeline shows every node with its actors.
 *
 * Nothing goes through the API: every step is a page of the app (stage lists under /process, the
 * meeting library, the voting pages, the data forms, the node page).
 */
import { randomInt } from 'node:crypto';
import { DATA_TYPE_SPECS, exampleContent, exampleStatements, type FieldSpec } from '@app/workflow';
import type { Browser, Locator, Page } from 'playwright-core';
import { eventually, launchBrowser, newVisitor, randomCreditCode, signIn } from './support/browser';

jest.setTimeout(240_000);

let browser: Browser;
const pages: Record<string, Page> = {};

/** One signed-in session per demo user, kept for the whole scenario. */
async function as(username: string): Promise<Page> {
  if (!pages[username]) {
    const { page } = await newVisitor(browser);
    await signIn(page, username);
    pages[username] = page;
  }
  return pages[username];
}

/** The page of the open tag (kept-alive tags keep others mounted, hidden). */
const pane = (page: Page): Locator => page.locator('[data-testid="page-pane"][data-active]');
const text = async (locator: Locator) => (await locator.innerText()).trim();

// ---------------------------------------------------------------------------------------------
// Stage lists (/company/loanList, /process/*): as companies-loans.spec
// ---------------------------------------------------------------------------------------------

async function openList(page: Page, path: string, companyName: string): Promise<Locator> {
  await page.goto(path);
  await pane(page).getByTestId('loan-list-page').waitFor();
  await pane(page).getByTestId('filter-company').fill(companyName);
  await pane(page).getByTestId('search').click();
  return pane(page).locator(`[data-testid="loan-row"][data-company="${companyName}"]`);
}

/** Runs one row action through the machine's action form, once the row offers it. */
async function act(page: Page, row: Locator, type: string): Promise<void> {
  const button = row.locator(`[data-testid="row-action"][data-action="${type}"]`);
  await button.waitFor();
  await button.click();
  const form = page.locator(`[data-testid="action-form"][data-action="${type}"]`);
  await form.waitFor();
  await form.getByTestId('action-submit').click();
  await form.waitFor({ state: 'detached' });
}

const statusOf = (row: Locator) => row.getByTestId('row-status').getAttribute('data-status');

/** Opens the list, runs the action on the loan's row and waits for the row to show `status` (or to leave the list). */
async function actFromList(username: string, path: string, companyName: string, type: string, status: string | null): Promise<void> {
  const page = await as(username);
  const row = await openList(page, path, companyName);
  await act(page, row, type);
  if (status === null) await row.waitFor({ state: 'detached' });
  else
    await eventually(
      () => statusOf(row),
      (s) => expect(s).toBe(status),
    );
}

// ---------------------------------------------------------------------------------------------
// Data forms (/detail/edit*): every required field of a data type, typed as a person would
// ---------------------------------------------------------------------------------------------

/** Picks one option of a Mantine Select/MultiSelect unless it is already chosen. */
async function chooseOption(page: Page, input: Locator, label: string): Promise<void> {
  await input.click();
  const option = page.getByRole('option', { name: label, exact: true });
  await option.waitFor();
  if ((await option.getAttribute('aria-selected')) !== 'true') await option.click();
}

async function fillField(page: Page, scope: Locator, field: FieldSpec, path: string, value: unknown): Promise<void> {
  const input = scope.getByTestId(`field-${path}`);
  const labelOf = (v: unknown) => field.options?.find((o) => o.value === v)?.zh ?? String(v);
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'number':
    case 'integer':
    case 'date':
      await input.fill(String(value));
      return;
    case 'enum':
      if ((await input.inputValue()) !== labelOf(value)) await chooseOption(page, input, labelOf(value));
      await page.keyboard.press('Escape');
      return;
    case 'enumList':
      for (const v of value as unknown[]) await chooseOption(page, input, labelOf(v));
      await page.keyboard.press('Escape');
      return;
    case 'boolean':
      await scope.getByTestId(`field-${path}-${value ? 'yes' : 'no'}`).check();
      return;
    case 'table': {
      const rows = value as Record<string, unknown>[];
      const columns = (field.columns ?? []).filter((c) => c.required);
      for (const [i, row] of rows.entries()) {
        if ((await scope.getByTestId(`field-${path}.${i}.${columns[0].key}`).count()) === 0) await scope.getByTestId(`add-row-${path}`).click();
        for (const column of columns) await fillField(page, scope, column, `${path}.${i}.${column.key}`, row[column.key]);
      }
      return;
    }
    case 'financials':
      return;
  }
}

/** Fills the required fields of the required sections of a data type with its example content. */
async function fillRequired(page: Page, type: 'CLIENT', content: Record<string, Record<string, unknown>>): Promise<void> {
  for (const section of DATA_TYPE_SPECS[type].sections) {
    if (section.required === false) continue;
    await pane(page).getByTestId(`nav-${section.key}`).click();
    const form = pane(page).getByTestId(`section-form-${section.key}`);
    await form.waitFor();
    for (const field of section.fields) {
      const value = content[section.key]?.[field.key];
      if (!field.required || value === null || value === undefined) continue;
      await fillField(page, form, field, `${section.key}.${field.key}`, value);
    }
    await eventually(
      () => pane(page).getByTestId(`nav-${section.key}`).getAttribute('data-complete'),
      (v) => expect(v).toBe('true'),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Meetings (/meeting/*MeetingList, /process/*MeetingVoteList): as meetings.spec
// ---------------------------------------------------------------------------------------------

type Kind = 'zb' | 'bs';

/** The leader adds a meeting with the attendees, allocates the loan and starts it. */
async function prepareAndStart(kind: Kind, title: string, attendees: string[], loanId: string): Promise<void> {
  const leader = await as('leader');
  await leader.goto(`/meeting/${kind}MeetingList`);
  await pane(leader).getByTestId(`meeting-list-${kind}`).waitFor();
  await pane(leader).getByTestId('meeting-add').click();
  const form = leader.getByTestId('meeting-form');
  await form.locator('input[name="title"]').fill(title);
  await form.locator('input[data-field="heldAt"]').fill('2026-12-01 09:30');
  await form.locator('input[name="place"]').fill('三楼第一会议室');
  for (const name of attendees) await form.getByLabel(name).check();
  await form.getByTestId('meeting-submit').click();

  const detail = pane(leader).getByTestId('meeting-detail');
  await detail.waitFor();
  expect(await text(detail.getByTestId('meeting-title'))).toBe(title);
  expect(await detail.getAttribute('data-status')).toBe('PREPARATION');

  await detail.getByTestId('meeting-allocate').click();
  const allocation = leader.getByTestId('allocate-form');
  const candidate = allocation.locator(`tr[data-loan-id="${loanId}"]`);
  await candidate.waitFor();
  await candidate.locator('input[type="checkbox"]').check();
  await allocation.getByTestId('allocate-submit').click();
  await detail.locator(`tr[data-testid="agenda-row"][data-loan-id="${loanId}"]`).waitFor();

  await detail.getByTestId('meeting-start').click();
  await leader.getByTestId('confirm-step').click();
  await eventually(
    () => detail.getAttribute('data-status'),
    (s) => expect(s).toBe('START'),
  );
  expect(await text(detail.getByTestId('meeting-status'))).toBe('进行中');
}

/** An attendee votes AGREE in a browser session of their own. */
async function voteAgree(kind: Kind, username: string, loanId: string, companyName: string): Promise<void> {
  const { context, page } = await newVisitor(browser);
  try {
    await signIn(page, username);
    await page.goto(`/process/${kind}MeetingVoteList`);
    const row = pane(page).locator(`tr[data-testid="vote-row"][data-loan-id="${loanId}"]`);
    await row.waitFor();
    await row.getByTestId('vote-open').click();
    const detail = pane(page).getByTestId('vote-detail');
    await detail.waitFor();
    expect(await text(detail.getByTestId('vote-company'))).toBe(companyName);
    const form = detail.getByTestId('vote-form');
    await form.getByLabel('同意', { exact: true }).check();
    await form.getByTestId('vote-submit').click();
    await detail.getByTestId('my-vote').waitFor();
    expect(await text(detail.getByTestId('my-vote'))).toBe('同意');
  } finally {
    await context.close();
  }
}

/** The leader ends the meeting (still open on its detail page): the loan passed with every vote. */
async function endMeeting(loanId: string, voters: string[]): Promise<void> {
  const leader = await as('leader');
  await leader.reload();
  const detail = pane(leader).getByTestId('meeting-detail');
  await detail.waitFor();
  await detail.getByTestId('meeting-end').click();
  await leader.getByTestId('confirm-step').click();
  await eventually(
    () => detail.getAttribute('data-status'),
    (s) => expect(s).toBe('END'),
  );
  const row = detail.locator(`tr[data-testid="agenda-row"][data-loan-id="${loanId}"]`);
  await eventually(
    () => row.getAttribute('data-result'),
    (r) => expect(r).toBe('PASSED'),
  );
  expect(await text(row.getByTestId('agenda-result'))).toBe('通过');
  const votes = detail.getByTestId('vote-details').locator(`[data-loan-id="${loanId}"]`);
  await votes.waitFor();
  const rows = await votes.getByTestId('vote-details-row').allInnerTexts();
  expect(rows).toHaveLength(voters.length);
  for (const name of voters) expect(rows.find((r) => r.includes(name))).toMatch(/(^|[^不])同意/);
}

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the guarantee pipeline, end to end in the browser', () => {
  const companyName = `上海全流程${randomInt(100000, 999999)}科技有限公司`;
  const creditCode = randomCreditCode();
  const ZB = ['总办会 陈一', '总办会 陈二', '总办会 陈三'];
  const BS = ['保审会 周一', '保审会 周二', '保审会 周三'];
  let loanId = '';

  it('apost registers a company and initiates a loan with bpost as its B-post officer', async () => {
    const page = await as('apost');
    await page.goto('/company/list');
    await pane(page).getByTestId('company-list-page').waitFor();
    await pane(page).getByTestId('add-company').click();
    const form = page.getByTestId('company-form');
    await form.locator('[data-field="name"]').fill(companyName);
    await form.locator('[data-field="creditCode"]').fill(creditCode);
    await form.getByText('校验位正确').waitFor();
    await form.locator('[data-field="contactPhone"]').fill('13800138000');
    await form.locator('[data-field="legalRepresentative"]').fill('王建国');
    await form.locator('[data-field="districtCode"]').click();
    await page.getByRole('option', { name: '浦东新区' }).click();
    await form.getByTestId('company-submit').click();
    await form.waitFor({ state: 'detached' });
    await pane(page).getByTestId('filter-name').fill(companyName);
    await pane(page).getByTestId('search').click();
    const actions = pane(page).locator(`[data-testid="company-actions"][data-company="${companyName}"]`);
    await actions.waitFor();
    expect(await pane(page).locator('tbody tr').first().innerText()).toContain(creditCode);

    await actions.getByRole('button', { name: '发起贷款' }).click();
    const loan = page.getByTestId('loan-form');
    await loan.locator('[data-field="amount"]').fill('3000000');
    await loan.locator('[data-field="termMonths"]').fill('12');
    await loan.locator('[data-field="bank"]').fill('中国银行');
    await loan.locator('[data-field="loanType"]').fill('流动资金贷款');
    await loan.locator('[data-field="bPostOfficerId"]').click();
    await page.getByRole('option', { name: /（bpost）$/ }).click();
    await loan.getByTestId('loan-submit').click();
    await page.waitForURL(/\/company\/node\/[0-9a-f-]{36}$/);
    loanId = new URL(page.url()).pathname.split('/').pop()!;
    await pane(page).getByTestId('loan-node-page').waitFor();
    // The loan's detail arrives after the workflow view: the header shows "—" until then.
    await pane(page).getByTestId('loan-company').filter({ hasText: companyName }).waitFor();
    expect(await text(pane(page).getByTestId('loan-company'))).toBe(companyName);
    expect(await text(pane(page).getByTestId('loan-amount'))).toContain('3,000,000.00');
  });

  it('apost fills the review report with three years of statements and sees the ratios', async () => {
    const page = await as('apost');
    await page.goto(`/detail/editReport/${loanId}`);
    await pane(page).getByTestId('loan-data-edit').waitFor();
    expect(await text(pane(page).getByTestId('loan-data-header'))).toContain(companyName);
    await pane(page).getByTestId('nav-financials').click();
    await pane(page).getByTestId('financials-editor').waitFor();
    const statements = exampleStatements(2024);
    for (const [i, year] of statements.years.entries()) await pane(page).getByTestId(`fin-year-${i}`).fill(String(year));
    for (const [key, values] of Object.entries(statements.lines)) {
      for (const [i, value] of values.entries()) await pane(page).getByTestId(`fin-${key}-${i}`).fill(String(value));
    }
    const ratio = (key: string, year: number) => text(pane(page).getByTestId(`ratio-${key}-${year}`));
    expect(await ratio('currentRatio', 2)).toBe('1.60');
    expect(await ratio('quickRatio', 2)).toBe('1.18');
    expect(await ratio('debtToAsset', 2)).toBe('55.00%');
    expect(await ratio('netProfitGrowth', 2)).toBe('20.00%');
    await eventually(
      () => pane(page).getByTestId('nav-financials').getAttribute('data-complete'),
      (v) => expect(v).toBe('true'),
    );
    await pane(page).getByTestId('save-data').click();
    await eventually(
      () => pane(page).getByTestId('loan-data-edit').getAttribute('data-version'),
      (v) => expect(v).toBe('1'),
    );
    await page.getByText(/已保存；还有 \d+ 项必填内容未完成/).waitFor();
  });

  it('apost fills and saves the customer data needed to submit', async () => {
    const page = await as('apost');
    await page.goto(`/detail/editClient/${loanId}`);
    await pane(page).getByTestId('loan-data-edit').waitFor();
    const content = exampleContent('CLIENT', { companyName, creditCode }) as Record<string, Record<string, unknown>>;
    await fillRequired(page, 'CLIENT', content);
    await pane(page).getByTestId('save-data').click();
    await eventually(
      () => pane(page).getByTestId('loan-data-edit').getAttribute('data-version'),
      (v) => expect(v).toBe('1'),
    );
    await page.getByText('已保存。', { exact: true }).waitFor();
  });

  it('apost submits the materials; admin (the clerk) confirms receipt; apost submits to pre-review', async () => {
    await actFromList('apost', '/company/loanList', companyName, 'SUBMIT_MATERIALS', 'SUBMITTED');
    await actFromList('admin', '/company/loanList', companyName, 'CONFIRM_RECEIPT', 'RECEIPT');
    await actFromList('apost', '/company/loanList', companyName, 'SUBMIT_TO_PRE_REVIEW', 'WAIT_EXAMINE');
  });

  it('prereview approves; admin submits to the general office', async () => {
    await actFromList('prereview', '/process/reviewMeetingVoteList', companyName, 'PRE_REVIEW_APPROVE', null);
    const admin = await as('admin');
    const row = await openList(admin, '/process/reviewMeetingList', companyName);
    await eventually(
      () => statusOf(row),
      (s) => expect(s).toBe('EXAMINE_PASS'),
    );
    await act(admin, row, 'SUBMIT_TO_GENERAL_OFFICE');
    await row.waitFor({ state: 'detached' });
    const next = await openList(admin, '/process/zbMeetingProcessList', companyName);
    await next.waitFor();
  });

  it('the leader holds a general-office meeting with zb1-3; all three agree; the loan passes', async () => {
    await prepareAndStart('zb', `第${randomInt(1000, 9999)}次总办会`, ZB, loanId);
    for (const username of ['zb1', 'zb2', 'zb3']) await voteAgree('zb', username, loanId, companyName);
    await endMeeting(loanId, ZB);
  });

  it('apost submits to B-post risk control; bpost confirms complete', async () => {
    const passed = await openList(await as('apost'), '/process/zbMeetingProcessList', companyName);
    await eventually(
      () => statusOf(passed),
      (s) => expect(s).toBe('PASSED'),
    );
    await actFromList('apost', '/process/zbMeetingProcessList', companyName, 'SUBMIT_TO_RISK_CONTROL', null);
    const bpost = await as('bpost');
    const row = await openList(bpost, '/process/riskControlList', companyName);
    await act(bpost, row, 'CONFIRM_COMPLETE');
    await eventually(
      () => statusOf(row),
      (s) => expect(s).toBe('COMPLETED'),
    );
    // The maker cannot confirm twice: only the revocation is left for the B-post.
    expect(await row.locator('[data-testid="row-action"][data-action="CONFIRM_COMPLETE"]').count()).toBe(0);
  });

  it('apost submits the loan to the review committee', async () => {
    await actFromList('apost', '/process/zbMeetingProcessList', companyName, 'SUBMIT_TO_INSURANCE_REVIEW', null);
    const row = await openList(await as('apost'), '/process/bsMeetingProcessList', companyName);
    await row.waitFor();
  });

  it('the leader holds a review-committee meeting with bs1-3; all three agree; the loan passes', async () => {
    await prepareAndStart('bs', `第${randomInt(1000, 9999)}次保审会`, BS, loanId);
    for (const username of ['bs1', 'bs2', 'bs3']) await voteAgree('bs', username, loanId, companyName);
    await endMeeting(loanId, BS);
  });

  it('apost initiates the withdrawal; bpost rechecks it; the leader approves', async () => {
    const passed = await openList(await as('apost'), '/process/bsMeetingProcessList', companyName);
    await eventually(
      () => statusOf(passed),
      (s) => expect(s).toBe('PASSED'),
    );
    await actFromList('apost', '/process/bsMeetingProcessList', companyName, 'INITIATE_WITHDRAWAL', null);
    const bpost = await as('bpost');
    let row = await openList(bpost, '/process/initiateWithdrawalList', companyName);
    await eventually(
      () => statusOf(row),
      (s) => expect(s).toBe('WAIT_EXAMINE'),
    );
    await act(bpost, row, 'RECHECK_PASS');
    await row.locator('[data-testid="row-action"][data-action="RECHECK_PASS"]').waitFor({ state: 'detached' });
    const leader = await as('leader');
    row = await openList(leader, '/process/initiateWithdrawalList', companyName);
    await act(leader, row, 'LEADER_APPROVE');
    await row.waitFor({ state: 'detached' });
  });

  it('the node page shows every node of the way with its actors', async () => {
    const page = await as('apost');
    await page.goto(`/company/node/${loanId}`);
    await pane(page).getByTestId('loan-node-page').waitFor();
    const nodes = pane(page).getByTestId('timeline-node');
    const stages = () => nodes.evaluateAll((els) => els.map((el) => el.getAttribute('data-stage')));
    await eventually(stages, (s) =>
      expect(s).toEqual(['collection', 'preReview', 'generalOffice', 'riskControl', 'insuranceReview', 'withdrawal', 'duringGuarantee']),
    );
    const node = (stage: string) => text(pane(page).locator(`[data-testid="timeline-node"][data-stage="${stage}"]`));
    const by = (name: string) => `操作人：${name}`;
    // Who moved the loan into each node, and who moved it on.
    const expected: Record<string, [string, string | null]> = {
      collection: ['A岗 王敏', 'A岗 王敏'],
      preReview: ['A岗 王敏', '系统管理员'],
      generalOffice: ['系统管理员', 'A岗 王敏'],
      riskControl: ['A岗 王敏', 'A岗 王敏'],
      insuranceReview: ['A岗 王敏', 'A岗 王敏'],
      withdrawal: ['A岗 王敏', '领导 赵总'],
      duringGuarantee: ['领导 赵总', null],
    };
    for (const [stage, [entered, left]] of Object.entries(expected)) {
      const shown = await node(stage);
      const lines = shown.split('\n');
      expect(lines.find((l) => l.startsWith('进入'))).toContain(by(entered));
      if (left) expect(lines.find((l) => l.startsWith('离开'))).toContain(by(left));
      else expect(shown).toContain('仍在此节点');
    }
    const current = pane(page).locator('[data-testid="timeline-node"][data-current]');
    expect(await current.getAttribute('data-stage')).toBe('duringGuarantee');
    expect(await text(pane(page).getByTestId('loan-stage'))).toContain('保中（合同');
  });
});
