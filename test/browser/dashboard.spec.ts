/**
 * What a newcomer meets: signing in lands on the dashboard with their to-dos and
 * the loans per list, open tags survive a reload, and a loan's timeline shows the stages still to come.
 * Against the real server with its demo data.
 */
import type { Browser, Page } from 'playwright-core';
import { apiData as api, apiToken as tokenOf, eventually, launchBrowser, newVisitor, openFromTopMenu, signIn, tagTitles } from './support/browser';

jest.setTimeout(120_000);

interface Counted {
  name: string;
  total: number;
  todo: number | null;
}

/** The demo loan of a company (the demo data has one loan in each stage). */
async function demoLoan(token: string, companyName: string): Promise<string> {
  const page = await api<{ list: { id: string }[] }>(`/loans?companyName=${encodeURIComponent(companyName)}`, token);
  if (page.list.length !== 1) throw new Error(`demo loan of ${companyName}: ${page.list.length} found`);
  return page.list[0].id;
}

const pane = (page: Page) => page.locator('[data-testid="page-pane"][data-active]');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('dashboard, tags and timeline', () => {
  it("lands on the dashboard with the user's to-dos and the loans per list, as the server counts them", async () => {
    const { page, context } = await newVisitor(browser);
    await signIn(page, 'prereview');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    const counts = await api<Counted[]>('/worklists/counts', await tokenOf('prereview'));
    const waiting = counts.filter((c) => (c.todo ?? 0) > 0);
    // The demo loan in pre-review waits for the approver.
    expect(waiting.map((c) => c.name)).toContain('reviewMeetingVoteList');

    const todos = page.getByTestId('dashboard-todo');
    await eventually(
      () => todos.evaluateAll((els) => els.map((el) => el.getAttribute('data-list'))),
      (names) => expect(names).toEqual(waiting.map((c) => c.name)),
    );
    const approval = todos.and(page.locator('[data-list="reviewMeetingVoteList"]'));
    expect(await approval.getByTestId('dashboard-todo-count').innerText()).toBe(String(waiting.find((c) => c.name === 'reviewMeetingVoteList')!.todo));
    expect(await approval.innerText()).toContain('预审审批');

    // Every list the approver may open, with its count.
    const shown = await page
      .getByTestId('dashboard-count')
      .evaluateAll((els) => els.map((el) => [el.getAttribute('data-list'), el.querySelector('[data-testid="dashboard-count-total"]')?.textContent]));
    expect(shown).toEqual(counts.map((c) => [c.name, String(c.total)]));
    await page.getByRole('heading', { name: '我的消息' }).waitFor();

    // A to-do opens its list.
    await approval.click();
    await page.waitForURL('**/process/reviewMeetingVoteList');

    // In English too.
    await page.goto('/dashboard');
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'My to-dos' }).waitFor();
    await pane(page).getByText('Pre-review approval').first().waitFor();
    await context.close();
  });

  it('keeps the open tags, their order and the page shown over a reload; signing out forgets them', async () => {
    const { page, context } = await newVisitor(browser);
    await signIn(page, 'admin');
    // Each page shown (its tag open) before the next: a navigation still loading its page would be superseded.
    const opened: [string, string, string][] = [
      ['company', '企业列表', '**/company/list'],
      ['history', '历史记录', '**/history/historyLog'],
      ['user', '用户列表', '**/user/list'],
    ];
    for (const [group, title, url] of opened) {
      await openFromTopMenu(page, group, title);
      await page.waitForURL(url);
      await page.locator('[data-testid="tag"][data-active]').filter({ hasText: title }).waitFor();
    }
    await page.getByTestId('tag').filter({ hasText: '历史记录' }).click();
    await page.waitForURL('**/history/historyLog');
    const before = await eventually(
      () => tagTitles(page),
      (t) => expect(t).toEqual(['工作台', '企业列表', '历史记录', '用户列表']),
    );

    await page.reload();
    await page.getByTestId('app-shell').waitFor();
    await eventually(
      () => tagTitles(page),
      (t) => expect(t).toEqual(before),
    );
    expect(new URL(page.url()).pathname).toBe('/history/historyLog');
    expect(await page.locator('[data-testid="tag"][data-active]').innerText()).toContain('历史记录');
    // The other tags open their pages as before.
    await page.getByTestId('tag').filter({ hasText: '企业列表' }).click();
    await page.waitForURL('**/company/list');
    await pane(page).getByTestId('company-list-page').waitFor();

    // Another person signing in on this tab does not inherit them.
    await page.evaluate(() => window.localStorage.removeItem('accessToken'));
    await signIn(page, 'apost');
    await eventually(
      () => tagTitles(page),
      (t) => expect(t).toEqual(['工作台']),
    );
    await context.close();
  });

  it('shows the whole pipeline on the node timeline: the stages to come greyed, the regions of the parallel stage', async () => {
    const admin = await tokenOf('admin');
    const { page, context } = await newVisitor(browser);
    await signIn(page, 'admin');

    const preReview = await demoLoan(admin, '上海申芯微电子科技有限公司');
    await page.goto(`/company/node/${preReview}`);
    await pane(page).getByTestId('node-timeline').waitFor();
    const current = pane(page).locator('[data-testid="timeline-node"][data-current]');
    expect(await current.getAttribute('data-stage')).toBe('preReview');
    const upcoming = pane(page).getByTestId('timeline-upcoming');
    expect(await upcoming.evaluateAll((els) => els.map((el) => el.getAttribute('data-stage')))).toEqual([
      'generalOffice',
      'riskControl',
      'insuranceReview',
      'withdrawal',
      'duringGuarantee',
      'disbursement',
      'afterGuarantee',
      'release',
      'closed',
    ]);
    expect(await upcoming.first().innerText()).toContain('待进行');
    // Greyed: the stage ahead is drawn in the dimmed colour, the current one is not.
    const colour = (el: Element) => getComputedStyle(el.querySelector('p, .mantine-Text-root') ?? el).color;
    const ahead = await upcoming.first().evaluate(colour);
    const here = await current.evaluate(colour);
    expect(ahead).not.toBe(here);
    // The passed node keeps its time and who moved the loan on.
    const passed = pane(page).locator('[data-testid="timeline-node"][data-stage="collection"]');
    expect(await passed.innerText()).toMatch(/离开 .*操作人：A岗 王敏/s);

    const during = await demoLoan(admin, '上海新材科技发展有限公司');
    await page.goto(`/company/node/${during}`);
    const here2 = pane(page).locator('[data-testid="timeline-node"][data-current]');
    await here2.waitFor();
    expect(await here2.getAttribute('data-stage')).toBe('duringGuarantee');
    const regions = here2.getByTestId('timeline-region');
    expect(await regions.evaluateAll((els) => els.map((el) => el.getAttribute('data-region')))).toEqual(['contract', 'premium', 'counterGuarantee', 'letter']);
    expect(await regions.first().innerText()).toContain('合同');
    // Risk control was passed through on the demo loan; the disbursement voucher is still to come.
    expect(await pane(page).locator('[data-testid="timeline-upcoming"]').first().getAttribute('data-stage')).toBe('disbursement');
    await context.close();
  });
});
