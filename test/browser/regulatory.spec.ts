/**
 * The regulatory overview (/statistics/regulatory) on the demo data: the administrator sees the
 * liability balance, leverage and limits the API computes for today, checks and saves the settings
 * (the change joins the history with the administrator's name), and the regulatory check panel on a
 * demo loan standing in withdrawal. Nothing of the demo loans is moved.
 */
import { formatFen } from '@app/workflow';
import type { Browser, Locator, Page } from 'playwright-core';
import { startTestApp, tokenOf, type TestApp } from '../api/support/app';
import { eventually, launchBrowser, newVisitor, signIn } from './support/browser';

jest.setTimeout(240_000);

const DEFAULTS = { netAssets: 200_000_000, leverageLimit: 10, singleClientLimit: 0.1, groupLimit: 0.15 };
let browser: Browser;
let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  browser = await launchBrowser();
  t = await startTestApp({ dataDir: process.env.DATA_DIR });
  adminToken = await tokenOf(t, 'admin');
});
afterAll(async () => {
  // Other browser tests approve withdrawals: leave the regulation's defaults in force.
  await t?.http.put('/server/regulatory/settings').set('X-Platform-Token', adminToken).send(DEFAULTS);
  await browser?.close();
  await t?.close();
});

const pane = (page: Page): Locator => page.locator('[data-testid="page-pane"][data-active]');

it('shows the figures of the demo data, validates and saves the settings with their history', async () => {
  const figures = (await t.http.get('/server/regulatory/figures').set('X-Platform-Token', adminToken).expect(200)).body.data;
  expect(figures.loanCount).toBeGreaterThan(0);
  const { page } = await newVisitor(browser);
  await signIn(page, 'admin');
  await page.goto('/statistics/regulatory');
  const view = pane(page).getByTestId('regulatory-overview');
  await view.waitFor();
  await eventually(
    () => view.getByTestId('regulatory-weighted-value').innerText(),
    (text) => expect(text).toBe(formatFen(figures.weightedBalanceFen)),
  );
  expect(await view.getByTestId('regulatory-balance-value').innerText()).toBe(formatFen(figures.balanceFen));
  expect(await view.getByTestId('regulatory-leverage-value').innerText()).toBe(figures.leverage.value.toFixed(4));
  // the figures of loans that went bad, as the server computed them for today
  const rateText = (r: number | null, none: string) => (r === null ? none : `${(r * 100).toFixed(2)}%`);
  expect(await view.getByTestId('regulatory-compensation-value').innerText()).toBe(rateText(figures.compensation.rate, '无（本年尚无解除的担保）'));
  expect(await view.getByTestId('regulatory-compensation-balance-value').innerText()).toBe(formatFen(figures.compensationBalanceFen));
  expect(await view.getByTestId('regulatory-loss-rate-value').innerText()).toBe(rateText(figures.lossRate.value, '无'));
  expect(await view.getByTestId('regulatory-reserve-value').innerText()).toBe(formatFen(figures.provisions.compensationReserveFen));
  // The client table pages through the server's list: the first page is the figures' largest clients.
  const names = () => view.getByTestId('regulatory-client-row').locator('td:first-child').allInnerTexts();
  await eventually(names, (shown) => expect(shown).toEqual(figures.clients.slice(0, 10).map((c: { companyName: string }) => c.companyName)));
  expect(await view.getByTestId('regulatory-clients-total').innerText()).toContain(String(figures.clientCount));
  if (figures.clientCount > 10) {
    const second = (await t.http.get('/server/regulatory/exposures?pageNum=2&pageSize=10').set('X-Platform-Token', adminToken).expect(200)).body.data;
    await view.getByTestId('regulatory-clients-pages').getByRole('button', { name: '2', exact: true }).click();
    await eventually(names, (shown) => expect(shown).toEqual(second.list.map((c: { companyName: string }) => c.companyName)));
  }

  // The group limit below the single-client limit is refused in the form, before any request.
  const group = view.getByTestId('regulatory-setting-groupLimit');
  await group.fill('0.05');
  await view.getByText('关联方集中度上限不得低于单一客户集中度上限').waitFor();
  expect(await view.getByTestId('regulatory-settings-save').isDisabled()).toBe(true);
  await group.fill('0.15');
  const net = view.getByTestId('regulatory-setting-netAssets');
  await net.fill('300000000');
  await view.getByTestId('regulatory-settings-save').click();
  await page.getByText('监管参数已保存').first().waitFor();
  const history = view.getByTestId('regulatory-settings-history');
  await eventually(
    () => history.locator('tbody tr').first().innerText(),
    (text) => expect(text).toContain('300,000,000.00'),
  );
  expect(await history.locator('tbody tr').first().innerText()).toContain('系统管理员');
  const [saved] = await t.db.query(`SELECT net_assets_fen::text AS fen FROM regulatory_settings ORDER BY id DESC LIMIT 1`);
  expect(saved.fen).toBe('30000000000');
});

it('shows the regulatory check on the node page of a demo loan in withdrawal', async () => {
  const [loan] = await t.db.query(`SELECT loan_id FROM workflow_instance WHERE stage = 'withdrawal' ORDER BY created_at LIMIT 1`);
  expect(loan).toBeDefined();
  const impact = (await t.http.get(`/server/regulatory/impact?loanId=${loan.loan_id}`).set('X-Platform-Token', adminToken).expect(200)).body.data;
  const { page } = await newVisitor(browser);
  await signIn(page, 'admin');
  await page.goto(`/company/node/${loan.loan_id}`);
  const panel = pane(page).getByTestId('regulatory-impact-panel');
  await panel.waitFor();
  expect(await panel.getByTestId('regulatory-impact-weighted').innerText()).toContain(formatFen(impact.after.weightedBalanceFen));
  expect(await panel.getByTestId('regulatory-impact-result').innerText()).toContain(impact.breaches.length ? '本笔业务将突破' : '本笔业务不突破监管指标');
});

it('keeps the register of related-company groups: add a group, add a company to it, remove it', async () => {
  const name = `浏览器测试集团${Date.now() % 100000}`;
  const { page } = await newVisitor(browser);
  await signIn(page, 'admin');
  await page.goto('/statistics/regulatory');
  const register = pane(page).getByTestId('regulatory-register');
  await register.waitFor();
  await register.getByTestId('regulatory-group-add').click();
  await register.getByText('请填写集团名称').waitFor();
  await register.getByTestId('regulatory-group-name').fill(name);
  await register.getByTestId('regulatory-group-add').click();
  const group = register.getByTestId('regulatory-group').filter({ hasText: name });
  await group.waitFor();
  await group.getByPlaceholder('选择企业').fill('上海凯达');
  await page.getByRole('option', { name: '上海凯达汽车零部件有限公司' }).click();
  await group.getByRole('button', { name: '加入集团' }).click();
  await group.getByText(/上海凯达汽车零部件有限公司/).waitFor();
  const [member] = await t.db.query(
    `SELECT g.name FROM related_group_member m JOIN related_group g ON g.id = m.group_id JOIN company c ON c.id = m.company_id
      WHERE c.name = '上海凯达汽车零部件有限公司'`,
  );
  expect(member.name).toBe(name);
  page.once('dialog', (dialog) => void dialog.accept());
  await group.getByRole('button', { name: '删除集团' }).click();
  await eventually(
    () => register.getByTestId('regulatory-group').filter({ hasText: name }).count(),
    (n) => expect(n).toBe(0),
  );
  expect(await t.db.query(`SELECT 1 FROM related_group WHERE name = $1`, [name])).toHaveLength(0);
});
