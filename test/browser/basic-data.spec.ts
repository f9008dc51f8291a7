/**
 * Basic data as the administrator uses it: adds a bank, opens its contract templates, uploads a
 * Word template built in the test with a misspelt placeholder (refused, the name shown), then the
 * corrected one (version 1, enabled, its placeholders listed) and a second version that takes over.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { buildDocx, loopTable, paragraph, run, text } from '../../server/src/basic-data/demo-templates';
import { errorUnder, eventually, launchBrowser, newVisitor, signIn } from './support/browser';

jest.setTimeout(180_000);

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
let browser: Browser;
let page: Page;

/** The page on screen (kept-alive tags keep others mounted but hidden). */
const active = () => page.locator('[data-testid="page-pane"][data-active]');

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newVisitor(browser));
  await signIn(page, 'admin');
});
afterAll(() => browser?.close());

const template = (companyTag: string) =>
  buildDocx(
    paragraph(run('{bankName}抵押合同', true), true) +
      // the tag split across runs, as Word saves it after an edit
      paragraph([run(`抵押人：{${companyTag.slice(0, 4)}`), run(`${companyTag.slice(4)}}`)]) +
      text('担保金额：人民币（大写）{amountInWords}') +
      loopTable('collaterals', ['所有权人', '抵押物', '评估价值（元）'], ['owner', 'description', 'appraisedValue']),
  );

async function upload(bytes: Buffer, name: string): Promise<void> {
  const form = active().getByTestId('template-upload-form');
  await form.locator('input[type="file"]').setInputFiles({ name, mimeType: DOCX, buffer: bytes });
  // the form reads the file from its state: a click before the input shows it submits nothing
  await eventually(
    () => form.getByTestId('template-file').innerText(),
    (shown) => expect(shown).toContain(name),
  );
  await form.getByTestId('template-upload').click();
}

it('adds a bank and uploads its mortgage template, refusing an unknown placeholder by name', async () => {
  const bankName = `浏览器测试银行${randomUUID().slice(0, 6)}`;
  await page.goto('/basicData/bankList');
  await active().getByTestId('bank-list').waitFor();
  await active().getByTestId('bank-add').click();
  const form = page.getByTestId('bank-form');
  // the form checks before sending
  await form.getByTestId('bank-save').click();
  await eventually(
    () => form.innerText(),
    (shown) => expect(shown).toContain('请选择银行类别'),
  );
  await form.getByTestId('bank-name').fill(bankName);
  await form.getByTestId('bank-category').click();
  await page.getByRole('option', { name: '股份制商业银行' }).click();
  await form.getByTestId('bank-save').click();
  await form.waitFor({ state: 'detached' });
  const row = active().locator(`[data-testid="bank-row"][data-name="${bankName}"]`);
  await row.waitFor();
  expect(await row.innerText()).toContain('股份制商业银行');

  await row.getByTestId('bank-templates').click();
  await page.waitForURL(/\/basicData\/bankContractList\?bankId=/);
  await active().getByTestId('bank-templates-page').waitFor();
  await eventually(
    () => active().locator('h4').innerText(),
    (title) => expect(title).toContain(bankName),
  );

  const form2 = active().getByTestId('template-upload-form');
  await form2.getByTestId('template-type').click();
  await page.getByRole('option', { name: '抵押合同' }).click();

  await upload(template('companyNmae'), '抵押合同（错误）.docx');
  const problem = active().getByTestId('template-upload-error');
  // the template is read in a new worker thread, which on a loaded 2-core machine takes seconds to start
  await problem.waitFor({ timeout: 60_000 });
  const said = await problem.innerText();
  expect(said).toContain('未定义的占位符');
  expect(said).toContain('{companyNmae}');
  expect(await active().getByTestId('template-row').count()).toBe(0);

  await upload(template('companyName'), '抵押合同.docx');
  await problem.waitFor({ state: 'detached', timeout: 60_000 });
  const first = active().locator('[data-testid="template-row"][data-version="1"]');
  await first.waitFor({ timeout: 60_000 });
  const firstText = await first.innerText();
  expect(firstText).toContain('抵押合同.docx');
  expect(firstText).toContain('collaterals.owner');
  expect(await first.getByTestId('template-enabled').isChecked()).toBe(true);

  // a second upload of the same type (still chosen) is version 2 and takes over, once the form has let go of the first file
  await eventually(
    () => active().getByTestId('template-file').innerText(),
    (shown) => expect(shown).not.toContain('抵押合同.docx'),
  );
  await upload(template('companyName'), '抵押合同v2.docx');
  const second = active().locator('[data-testid="template-row"][data-version="2"]');
  await second.waitFor({ timeout: 60_000 });
  await eventually(
    async () => [await second.getByTestId('template-enabled').isChecked(), await first.getByTestId('template-enabled').isChecked()],
    (states) => expect(states).toEqual([true, false]),
  );
});

it("shows the server's refusal of a duplicate bank or loan-type name under the name field, and filters the lists from the filter bar", async () => {
  // the demo data's bank: the server refuses the name (A09101) and names the field
  await page.goto('/basicData/bankList');
  await active().getByTestId('bank-list').waitFor();
  await active().getByTestId('bank-add').click();
  const form = page.getByTestId('bank-form');
  await form.getByTestId('bank-name').fill('浦发银行');
  await form.getByTestId('bank-category').click();
  await page.getByRole('option', { name: '股份制商业银行' }).click();
  await form.getByTestId('bank-save').click();
  expect(await errorUnder(page, form.getByTestId('bank-name'))).toBe('已有同名银行：浦发银行');
  // the field took the message: no alert repeats it, and the form stays open with what was typed
  expect(await form.getByTestId('bank-form-error').count()).toBe(0);
  expect(await form.getByTestId('bank-name').inputValue()).toBe('浦发银行');
  // typing a free name clears the mark, and the bank is added
  const bankName = `筛选测试银行${randomUUID().slice(0, 6)}`;
  await form.getByTestId('bank-name').fill(bankName);
  await eventually(
    () => form.getByTestId('bank-name').getAttribute('aria-invalid'),
    (invalid) => expect(invalid).not.toBe('true'),
  );
  await form.getByTestId('bank-save').click();
  await form.waitFor({ state: 'detached' });

  // the filter bar: the name searched goes to the URL and the list holds that bank alone; reset clears both
  const bar = active().getByTestId('list-filter-bar');
  await bar.locator('[data-field="name"]').fill(bankName);
  await bar.getByRole('button', { name: '搜索' }).click();
  await page.waitForURL((url) => url.searchParams.get('name') === bankName);
  await eventually(
    () =>
      active()
        .getByTestId('bank-row')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name'))),
    (names) => expect(names).toEqual([bankName]),
  );
  await bar.getByRole('button', { name: '重置' }).click();
  await page.waitForURL((url) => !url.searchParams.has('name'));
  expect(await bar.locator('[data-field="name"]').inputValue()).toBe('');
  await eventually(
    () => active().getByTestId('bank-row').count(),
    (rows) => expect(rows).toBeGreaterThan(1),
  );

  // a loan type of the demo data: A09106 under its name field too
  await page.goto('/basicData/typeList');
  await active().getByTestId('loan-type-list').waitFor();
  await active().getByTestId('loan-type-add').click();
  const typeForm = page.getByTestId('loan-type-form');
  await typeForm.getByTestId('loan-type-name').fill('流动资金贷款');
  await typeForm.getByTestId('loan-type-rate').fill('1.5');
  await typeForm.getByTestId('loan-type-save').click();
  expect(await errorUnder(page, typeForm.getByTestId('loan-type-name'))).toBe('已有同名贷款类型：流动资金贷款');
  expect(await typeForm.getByTestId('loan-type-form-error').count()).toBe(0);
});
