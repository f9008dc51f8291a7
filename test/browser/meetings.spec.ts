/**
 * A general-office meeting as staff hold it, against the real server: the leader adds a meeting with
 * zb1-3, allocates a loan awaiting a meeting, starts it; each attendee votes in a browser session of
 * their own; the leader ends the meeting and the loan shows PASSED with every vote. The loan is made
 * fresh through the API and moved to the general office by real events.
 */
import { randomInt } from 'node:crypto';
import { exampleContent } from '@app/workflow';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiToken, APP_URL, eventually, launchBrowser, newVisitor, randomCreditCode, signIn } from './support/browser';

jest.setTimeout(180_000);

interface Envelope<T> {
  code: string;
  message: string;
  data: T;
  extras?: Record<string, unknown>;
}

async function api<T>(method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: Envelope<T> }> {
  const res = await fetch(`${APP_URL}/server${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { 'X-Platform-Token': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

async function send(token: string, loanId: string, type: string, payload: Record<string, unknown> = {}) {
  const view = await api<{ version: number }>('GET', `/loans/${loanId}/workflow`, token);
  const res = await api<{ state: unknown }>('POST', `/loans/${loanId}/events`, token, { type, payload, expectedVersion: view.body.data.version });
  if (res.status !== 200) throw new Error(`${type}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A new loan of its own company, moved by its posts' users to the general office, awaiting a meeting. */
async function loanAwaitingGeneralOffice(companyName: string): Promise<string> {
  const [apost, admin, prereview] = [await apiToken('apost'), await apiToken('admin'), await apiToken('prereview')];
  const company = await api<{ id: string }>('POST', '/companies', apost, { name: companyName, creditCode: randomCreditCode() });
  if (company.status !== 201) throw new Error(`company: ${company.status} ${JSON.stringify(company.body)}`);
  const loan = await api<{ id: string }>('POST', '/loans', apost, { companyId: company.body.data.id, amount: 3_000_000, termMonths: 12, bank: '招商银行' });
  if (loan.status !== 201) throw new Error(`loan: ${loan.status} ${JSON.stringify(loan.body)}`);
  const id = loan.body.data.id;
  // The customer data must be complete before submitting: saved through the loan-data API.
  const saved = await api('PUT', `/loans/${id}/data/CLIENT`, apost, { content: exampleContent('CLIENT', { companyName }), expectedVersion: 0 });
  if (saved.status !== 200) throw new Error(`client data: ${saved.status} ${JSON.stringify(saved.body)}`);
  await send(apost, id, 'SUBMIT_MATERIALS');
  await send(admin, id, 'CONFIRM_RECEIPT');
  await send(apost, id, 'SUBMIT_TO_PRE_REVIEW');
  await send(prereview, id, 'PRE_REVIEW_APPROVE');
  const view = await send(apost, id, 'SUBMIT_TO_GENERAL_OFFICE');
  expect(view.state).toEqual({ generalOffice: 'awaitingMeeting' });
  return id;
}

/** The page of the open tag (other tags' pages stay mounted, hidden). */
const pane = (page: Page): Locator => page.locator('[data-testid="page-pane"][data-active]');

let browser: Browser;
let loanId: string;
const company = `上海会议测试${randomInt(100000)}科技有限公司`;
const title = `第${randomInt(1000, 9999)}次总办会`;

beforeAll(async () => {
  browser = await launchBrowser();
  loanId = await loanAwaitingGeneralOffice(company);
});
afterAll(async () => {
  await browser?.close();
});

describe('a general-office meeting, from its creation to the result', () => {
  let leader: Page;

  it('the leader adds a meeting with zb1-3, allocates the loan and starts the meeting', async () => {
    leader = (await newVisitor(browser)).page;
    await signIn(leader, 'leader');
    await leader.goto('/meeting/zbMeetingList');
    await pane(leader).getByTestId('meeting-list-zb').waitFor();
    await pane(leader).getByTestId('meeting-add').click();

    const form = leader.getByTestId('meeting-form');
    await form.getByTestId('meeting-submit').click();
    await form.getByText('请至少选择一名参会人员').waitFor();
    await form.locator('input[name="title"]').fill(title);
    await form.locator('input[data-field="heldAt"]').fill('2026-12-01 09:30');
    await form.locator('input[name="place"]').fill('三楼第一会议室');
    for (const name of ['总办会 陈一', '总办会 陈二', '总办会 陈三']) await form.getByLabel(name).check();
    await form.getByTestId('meeting-submit').click();

    const detail = pane(leader).getByTestId('meeting-detail');
    await detail.waitFor();
    expect(await detail.getByTestId('meeting-title').innerText()).toBe(title);
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
    expect(await detail.getByTestId('meeting-status').innerText()).toBe('进行中');
  });

  it.each([
    ['zb1', '同意', '企业经营稳健'],
    ['zb2', '同意', ''],
    ['zb3', '不同意', '反担保措施不足'],
  ])('%s votes (%s) in a session of their own', async (username, word, comment) => {
    const { context, page } = await newVisitor(browser);
    try {
      await signIn(page, username);
      await page.goto('/process/zbMeetingVoteList');
      const row = pane(page).locator(`tr[data-testid="vote-row"][data-loan-id="${loanId}"]`);
      await row.waitFor();
      await row.getByTestId('vote-open').click();
      const detail = pane(page).getByTestId('vote-detail');
      await detail.waitFor();
      expect(await detail.getByTestId('vote-company').innerText()).toBe(company);
      const form = detail.getByTestId('vote-form');
      await form.getByTestId('vote-submit').click();
      await form.getByText('请选择表决意见').waitFor();
      await form.getByLabel(word, { exact: true }).check();
      if (comment) await form.locator('textarea[name="comment"]').fill(comment);
      await form.getByTestId('vote-submit').click();
      await detail.getByTestId('my-vote').waitFor();
      expect(await detail.getByTestId('my-vote').innerText()).toBe(word);
      // The vote form is gone: one vote per attendee.
      expect(await detail.getByTestId('vote-form').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('the leader ends the meeting: the loan passed (2 of 3 agree) and every vote shows', async () => {
    const detail = pane(leader).getByTestId('meeting-detail');
    await leader.reload();
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
    expect(await row.getByTestId('agenda-result').innerText()).toBe('通过');

    const votes = detail.getByTestId('vote-details').locator(`[data-loan-id="${loanId}"]`);
    await votes.waitFor();
    const rows = await votes.getByTestId('vote-details-row').allInnerTexts();
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.includes('总办会 陈一'))).toContain('同意');
    expect(rows.find((r) => r.includes('总办会 陈一'))).toContain('企业经营稳健');
    expect(rows.find((r) => r.includes('总办会 陈三'))).toContain('不同意');
  });

  it('an attendee sees the result and every opinion once the meeting ended', async () => {
    const { context, page } = await newVisitor(browser);
    try {
      await signIn(page, 'zb2');
      await page.goto('/process/zbMeetingVoteList');
      const row = pane(page).locator(`tr[data-testid="vote-row"][data-loan-id="${loanId}"]`);
      await row.waitFor();
      expect(await row.getByTestId('vote-row-result').innerText()).toBe('通过');
      await row.getByTestId('vote-view').click();
      const detail = pane(page).getByTestId('vote-detail');
      await detail.waitFor();
      expect(await detail.getAttribute('data-result')).toBe('PASSED');
      const attendees = await detail.getByTestId('vote-attendee').allInnerTexts();
      expect(attendees.find((a) => a.includes('总办会 陈三'))).toContain('不同意');
    } finally {
      await context.close();
    }
  });
});
