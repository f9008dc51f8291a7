/**
 * The attendee pool (/user/participation) as the administrator uses it: the filter bar, the add
 * form's own checks, and the server's refusal of a person already in the pool shown under the
 * people field.
 */
import type { Browser, Page } from 'playwright-core';
import { APP_URL, errorUnder, eventually, launchBrowser, newVisitor, signIn, storage } from './support/browser';

jest.setTimeout(180_000);

let browser: Browser;
let page: Page;
const active = () => page.locator('[data-testid="page-pane"][data-active]');

async function api(method: string, path: string, body?: unknown): Promise<Response> {
  const token = await storage(page, 'accessToken');
  return fetch(`${APP_URL}/server${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Platform-Token': token ?? '' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newVisitor(browser));
  await signIn(page, 'admin');
});
afterAll(() => browser?.close());

const usernames = () =>
  active()
    .getByTestId('conferee-row')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-username')));

it('filters the pool from the filter bar', async () => {
  await page.goto('/user/participation');
  await active().getByTestId('conferee-list').waitFor();
  const bar = active().getByTestId('list-filter-bar');
  await bar.locator('[data-field="keyword"]').fill('bs');
  await bar.getByRole('button', { name: '搜索' }).click();
  await page.waitForURL((url) => url.searchParams.get('keyword') === 'bs');
  await eventually(usernames, (names) => expect([...names].sort()).toEqual(['bs1', 'bs2', 'bs3']));
  await bar.getByRole('button', { name: '重置' }).click();
  await page.waitForURL((url) => !url.searchParams.has('keyword'));
  await eventually(usernames, (names) => expect(names).toEqual(expect.arrayContaining(['bs1', 'zb1'])));
});

it("checks the add form, then shows the server's refusal of someone already in the pool under the people field", async () => {
  await page.goto('/user/participation');
  await active().getByTestId('conferee-list').waitFor();
  await active().getByTestId('conferee-add').click();
  const form = page.getByTestId('conferee-form');
  // nothing chosen: the form's own check, under each field
  await form.getByTestId('conferee-save').click();
  expect(await errorUnder(page, form.getByTestId('conferee-people'))).toBe('请至少选择一名人员');
  await eventually(
    () => form.getByTestId('conferee-kinds').innerText(),
    (shown) => expect(shown).toContain('请至少选择一种会议类型'),
  );

  await form.getByTestId('conferee-people').fill('finance');
  await page.getByRole('option', { name: /（finance）$/ }).click();
  // leaving the field closes its list of people (it stays open for more picks)
  await page.keyboard.press('Tab');
  await page.getByRole('option', { name: /（finance）$/ }).waitFor({ state: 'hidden' });
  await form.getByTestId('conferee-kinds').getByRole('checkbox', { name: '总办会' }).check();
  // meanwhile someone else adds the same person
  const [finance] = (await (await api('GET', '/conferees/users?keyword=finance')).json()).data;
  expect((await api('POST', '/conferees', { userIds: [finance.id], meetingKinds: ['BS'] })).status).toBe(201);
  try {
    await form.getByTestId('conferee-save').click();
    expect(await errorUnder(page, form.getByTestId('conferee-people'))).toBe('已在参会人员库中：财务 孙丽');
    expect(await form.getByTestId('conferee-form-error').count()).toBe(0);
  } finally {
    expect((await api('DELETE', `/conferees/${finance.id}`)).status).toBe(200);
  }
});
