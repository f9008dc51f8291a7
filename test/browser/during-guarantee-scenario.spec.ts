/**
 * During guarantee, as staff would: from the leader's
 * approval of the withdrawal to DISBURSED, each step in the browser by the demo account holding it.
 * The administrator adds a bank and uploads a contract template (a Word file built here, with
 * {companyName}, {amountInWords} and the collateral loop) and a letter template; the B-post officer
 * registers the collateral and confirms the counter-guarantee; the A-post officer generates the
 * contract from that template, downloads it (the company and the collateral are in it), uploads the
 * signed copy and submits; B-post mutual review; the leader reviews, seals, confirms the archive;
 * the A-post officer enters the suggested premium with its voucher, finance confirms; the letter
 * is generated, reviewed, sealed and its sealed copy uploaded; the disbursement voucher is
 * uploaded and finance confirms the day and amount lent.
 *
 * The loan is brought to "withdrawal awaiting the leader's approval" through the API (the same
 * helper the API tests use, on the browser server's database and audit key); from there on,
 * everything is a page of the app.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import PizZip from 'pizzip';
import type { Browser, Locator, Page } from 'playwright-core';
import { buildDocx, loopTable, paragraph, run, text as docText } from '../../server/src/basic-data/demo-templates';
import { startTestApp, tokenOf, type TestApp } from '../api/support/app';
import { loanInStage, shanghaiDay } from '../api/support/lists';
import { sendEvent } from '../api/support/loans';
import { eventually, launchBrowser, newVisitor, signIn } from './support/browser';

jest.setTimeout(300_000);

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const tag = randomUUID().slice(0, 6);
const companyName = `上海保中全程${tag}有限公司`;
const bankName = `保中测试银行${tag}`;
const contractFile = `抵押合同${tag}.docx`;
const letterFile = `保函${tag}.docx`;
/** The loan of loanInStage: 2,000,000 yuan over 12 months; 流动资金贷款 at 1.50 % a year. */
const AMOUNT_IN_WORDS = '贰佰万元整';
const SUGGESTED_PREMIUM = '30,000.00';

const LENT_ON = shanghaiDay(-1);

let browser: Browser;
let t: TestApp;
let loanId = '';
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
const textOf = async (locator: Locator) => (await locator.innerText()).trim();

/** Opens the loan's node page as `username`, once its detail has arrived. */
async function nodePage(username: string): Promise<Page> {
  const page = await as(username);
  await page.goto(`/company/node/${loanId}`);
  await pane(page).getByTestId('loan-node-page').waitFor();
  await pane(page).getByTestId('loan-company').filter({ hasText: companyName }).waitFor();
  return page;
}

const versionOf = async (page: Page) => Number(await pane(page).getByTestId('loan-node-page').getAttribute('data-version'));

/**
 * Runs one action from the node page's action panel: opens its form, lets `fill` fill it, submits
 * and waits for the page to show the next version of the loan.
 */
async function act(page: Page, type: string, fill?: (form: Locator) => Promise<void>): Promise<void> {
  const before = await versionOf(page);
  const button = pane(page).locator(`[data-testid="action-button"][data-action="${type}"]`);
  await button.waitFor();
  await button.click();
  const form = page.locator(`[data-testid="action-form"][data-action="${type}"]`);
  await form.waitFor();
  if (fill) await fill(form);
  await form.getByTestId('action-submit').click();
  await form.waitFor({ state: 'detached' }).catch(async (error: Error) => {
    throw new Error(`${type}: the form stayed open, showing: ${await form.innerText().catch(() => '?')}\n${error.message}`);
  });
  await eventually(
    () => versionOf(page),
    (v) => expect(v).toBeGreaterThan(before),
  );
}

/** Actions the signed-in user is offered on the node page now. */
const offered = (page: Page) =>
  pane(page)
    .getByTestId('action-button')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-action')));

/** Where each parallel region of duringGuarantee stands on the node timeline. */
async function regions(page: Page): Promise<Record<string, string | null>> {
  const badges = pane(page).locator('[data-testid="timeline-node"][data-stage="duringGuarantee"] [data-testid="timeline-region"]');
  const pairs = await badges.evaluateAll((els) => els.map((el) => [el.getAttribute('data-region'), el.getAttribute('data-state')]));
  return Object.fromEntries(pairs);
}

/** Picks an option of a Mantine Select (rendered inside the form) by its label text. */
async function choose(form: Locator, field: string, label: string | RegExp): Promise<void> {
  await form.locator(`input[data-field="${field}"]`).click();
  const option = form.getByRole('option', { name: label });
  await option.waitFor();
  await option.click();
}

/** Uploads a file through a button that opens the file chooser. */
async function upload(page: Page, button: Locator, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(file);
}

/**
 * The file a step stands on, chosen inside the step's own dialog: the dialog names it,
 * confirm stays disabled until it is uploaded, then the step can be confirmed.
 */
const withFile =
  (page: Page, file: { name: string; mimeType: string; buffer: Buffer }) =>
  async (form: Locator): Promise<void> => {
    const evidence = form.getByTestId('evidence-upload');
    expect(await evidence.getAttribute('data-present')).toBe('false');
    expect(await form.getByTestId('action-submit').isDisabled()).toBe(true);
    await upload(page, evidence.getByTestId('evidence-choose'), file);
    await eventually(
      () => evidence.getAttribute('data-present'),
      (present) => expect(present).toBe('true'),
    );
    expect(await form.getByTestId('action-submit').isDisabled()).toBe(false);
  };

/** The names listed under 文档 for one kind. */
const documentsOfKind = (page: Page, kind: string) =>
  pane(page).getByTestId('documents-panel').locator(`[data-testid="document-group"][data-kind="${kind}"]`).getByTestId('document-row').allInnerTexts();

/** Downloads a document of the documents panel as a person would (its name is a link) and answers the text of the .docx's body. */
async function downloadText(page: Page, row: Locator): Promise<string> {
  const download = page.waitForEvent('download');
  await row.getByRole('button').first().click();
  const saved = await (await download).path();
  return new PizZip(readFileSync(saved))
    .file('word/document.xml')!
    .asText()
    .replace(/<[^>]+>/g, '');
}

beforeAll(async () => {
  browser = await launchBrowser();
  // The same database and audit key as the server the browser talks to (scripts/test.mjs).
  t = await startTestApp({ dataDir: process.env.DATA_DIR });
  const loan = await loanInStage(t, 'withdrawal', companyName, { loanType: '流动资金贷款', bank: '中国银行' });
  loanId = loan.id;
  const recheck = await sendEvent(t, await tokenOf(t, 'bpost'), loanId, 'RECHECK_PASS', loan.version);
  if (recheck.status !== 200) throw new Error(`RECHECK_PASS: ${recheck.status} ${JSON.stringify(recheck.body)}`);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('during guarantee to DISBURSED, end to end in the browser', () => {
  it('the leader approves the withdrawal from the withdrawal list', async () => {
    const leader = await as('leader');
    await leader.goto('/process/initiateWithdrawalList');
    await pane(leader).getByTestId('loan-list-page').waitFor();
    await pane(leader).getByTestId('filter-company').fill(companyName);
    await pane(leader).getByTestId('search').click();
    const row = pane(leader).locator(`[data-testid="loan-row"][data-company="${companyName}"]`);
    const approve = row.locator('[data-testid="row-action"][data-action="LEADER_APPROVE"]');
    await approve.click();
    const form = leader.locator('[data-testid="action-form"][data-action="LEADER_APPROVE"]');
    await form.getByTestId('action-submit').click();
    await form.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });

    const page = await nodePage('leader');
    expect(await textOf(pane(page).getByTestId('loan-stage'))).toContain('保中（合同');
  });

  it('the administrator adds a bank and uploads its contract and letter templates', async () => {
    const admin = await as('admin');
    await admin.goto('/basicData/bankList');
    await pane(admin).getByTestId('bank-list').waitFor();
    await pane(admin).getByTestId('bank-add').click();
    const form = admin.getByTestId('bank-form');
    await form.getByTestId('bank-name').fill(bankName);
    await form.getByTestId('bank-category').click();
    await admin.getByRole('option', { name: '股份制商业银行' }).click();
    await form.getByTestId('bank-save').click();
    await form.waitFor({ state: 'detached' });
    const row = pane(admin).locator(`[data-testid="bank-row"][data-name="${bankName}"]`);
    await row.getByTestId('bank-templates').click();
    await admin.waitForURL(/\/basicData\/bankContractList\?bankId=/);
    await pane(admin).getByTestId('bank-templates-page').waitFor();
    await eventually(
      () => pane(admin).locator('h4').innerText(),
      (title) => expect(title).toContain(bankName),
    );

    const uploadTemplate = async (typeLabel: string, bytes: Buffer, name: string, contractType: string) => {
      const uploadForm = pane(admin).getByTestId('template-upload-form');
      await uploadForm.getByTestId('template-type').click();
      await admin.getByRole('option', { name: typeLabel, exact: true }).click();
      await eventually(
        () => uploadForm.getByTestId('template-type').inputValue(),
        (chosen) => expect(chosen).toBe(typeLabel),
      );
      await uploadForm.locator('input[type="file"]').setInputFiles({ name, mimeType: DOCX, buffer: bytes });
      // the form reads the file from its state: a click before the input shows it submits nothing
      await eventually(
        () => uploadForm.getByTestId('template-file').innerText(),
        (shown) => expect(shown).toContain(name),
      );
      await uploadForm.getByTestId('template-upload').click();
      const uploaded = pane(admin).locator(`[data-testid="template-row"][data-type="${contractType}"][data-version="1"]`);
      // read in a new worker thread (office-thread.ts), which on a loaded 2-core machine takes seconds to start
      await uploaded.waitFor({ timeout: 60_000 }).catch(async (error: Error) => {
        // say what the page said (a refusal shows as an alert) rather than only that the row is missing
        const said = await admin.locator('[role="alert"], .mantine-Notification-root').allInnerTexts();
        throw new Error(`${error.message}\npage said: ${JSON.stringify(said)}`);
      });
      expect(await uploaded.innerText()).toContain(name);
      expect(await uploaded.getByTestId('template-enabled').isChecked()).toBe(true);
      // the form is ready for the next one once it has let go of this file
      await eventually(
        () => uploadForm.getByTestId('template-file').innerText(),
        (shown) => expect(shown).not.toContain(name),
      );
    };
    await uploadTemplate(
      '抵押合同',
      buildDocx(
        paragraph(run('{bankName}抵押合同', true), true) +
          docText('抵押人：{companyName}') +
          docText('担保金额：人民币（大写）{amountInWords}') +
          loopTable('collaterals', ['所有权人', '评估价值（元）', '权证编号'], ['owner', 'appraisedValue', 'certificateNo']),
      ),
      contractFile,
      'MORTGAGE',
    );
    await uploadTemplate(
      '保函',
      buildDocx([docText('担保函'), docText('申请人：{companyName}'), docText('受益人：{bankName}'), docText('金额：{amountInWords}')].join('')),
      letterFile,
      'GUARANTEE_LETTER',
    );
  });

  it('B-post registers the collateral and confirms the counter-guarantee, seeing the register in the confirmation', async () => {
    const page = await nodePage('bpost');
    const panel = pane(page).getByTestId('collateral-panel');
    await panel.getByTestId('collateral-add').click();
    const form = page.getByTestId('collateral-form');
    await form.getByTestId('collateral-owner').fill('李四');
    await form.getByTestId('collateral-value').fill('3,000,000');
    await form.getByTestId('collateral-certificate').fill(`沪(2026)浦字第${tag}号`);
    await form.getByTestId('collateral-save').click();
    await form.waitFor({ state: 'detached' });
    await eventually(
      () => panel.getByTestId('collateral-row').allInnerTexts(),
      (rows) => expect(rows).toEqual([expect.stringContaining('李四')]),
    );

    await act(page, 'COUNTER_GUARANTEE_CONFIRM', async (confirm) => {
      // the server takes the register's items: the form shows them, nothing to type
      const items = confirm.getByTestId('collateral-register-item');
      await items.first().waitFor();
      expect(await items.allInnerTexts()).toEqual([expect.stringContaining('李四')]);
      expect(await confirm.locator('input').count()).toBe(0);
    });
    await panel.getByTestId('collateral-locked').waitFor();
    // no separate upload button on the register: the file goes in the step's dialog, then shows under 文档
    expect(await panel.getByTestId('collateral-upload').count()).toBe(0);
    await act(page, 'COUNTER_GUARANTEE_UPLOAD', withFile(page, { name: '反担保确认书.pdf', mimeType: 'application/pdf', buffer: PDF }));
    await eventually(
      () => documentsOfKind(page, 'COUNTER_GUARANTEE'),
      (rows) => expect(rows.join('\n')).toContain('反担保确认书.pdf'),
    );
    await eventually(
      () => regions(page),
      (r) => expect(r.counterGuarantee).toBe('done'),
    );
  });

  it('A-post generates the contract from the uploaded template, downloads it, uploads the signed copy and submits it', async () => {
    const page = await nodePage('apost');
    await act(page, 'CONTRACT_GENERATE', async (form) => {
      await choose(form, 'bankId', bankName);
      await choose(form, 'templateId', new RegExp(contractFile.replace(/[.()]/g, '\\$&')));
    });
    const documents = pane(page).getByTestId('documents-panel');
    const generated = documents.getByTestId('document-row').filter({ hasText: '抵押合同' });
    await generated.waitFor();
    const body = await downloadText(page, generated);
    expect(body).toContain(`${bankName}抵押合同`);
    expect(body).toContain(`抵押人：${companyName}`);
    expect(body).toContain(`担保金额：人民币（大写）${AMOUNT_IN_WORDS}`);
    expect(body).toContain('李四');
    expect(body).toContain('3,000,000.00');

    await upload(page, documents.getByTestId('upload-SIGNED_CONTRACT'), { name: '抵押合同签署件.pdf', mimeType: 'application/pdf', buffer: PDF });
    await eventually(
      () => documents.getByTestId('document-row').allInnerTexts(),
      (rows) => expect(rows.join('\n')).toContain('抵押合同签署件.pdf'),
    );
    await act(page, 'CONTRACT_SUBMIT_REVIEW');
  });

  it('B-post passes the mutual review; the leader reviews, seals and completes the sealing', async () => {
    await act(await nodePage('bpost'), 'CONTRACT_MUTUAL_REVIEW_PASS');
    const leader = await nodePage('leader');
    await act(leader, 'CONTRACT_REVIEW_PASS');
    await act(leader, 'CONTRACT_SEAL_CONFIRM');
    await act(leader, 'CONTRACT_SEAL_COMPLETE');
  });

  it('A-post uploads the archive; the leader confirms it', async () => {
    const apost = await nodePage('apost');
    await act(apost, 'CONTRACT_ARCHIVE_UPLOAD', withFile(apost, { name: '归档合同.pdf', mimeType: 'application/pdf', buffer: PDF }));
    await eventually(
      () => documentsOfKind(apost, 'BANK_CONTRACT'),
      (rows) => expect(rows.join('\n')).toContain('归档合同.pdf'),
    );
    const leader = await nodePage('leader');
    await act(leader, 'CONTRACT_ARCHIVE_CONFIRM');
    await eventually(
      () => regions(leader),
      (r) => expect(r.contract).toBe('done'),
    );
  });

  it('A-post adds the suggested premium, uploads the voucher and submits; finance confirms', async () => {
    const page = await nodePage('apost');
    const panel = pane(page).getByTestId('premium-panel');
    const suggested = await eventually(
      () => textOf(panel.getByTestId('premium-suggested')),
      (shown) => expect(shown).toBe(SUGGESTED_PREMIUM),
    );
    await act(page, 'PREMIUM_ADD', (form) => form.locator('input[data-field="amount"]').fill(suggested.replace(/,/g, '')));
    await eventually(
      () => textOf(panel.getByTestId('premium-entered')),
      (shown) => expect(shown).toContain(suggested),
    );
    await upload(page, panel.getByTestId('premium-voucher-upload'), { name: '保费缴费凭证.png', mimeType: 'image/png', buffer: PNG });
    await eventually(
      () => textOf(panel.getByTestId('premium-vouchers')),
      (shown) => expect(shown).toContain('保费缴费凭证.png'),
    );
    await act(page, 'PREMIUM_SUBMIT');

    const finance = await nodePage('finance');
    await act(finance, 'PREMIUM_CONFIRM');
    await eventually(
      () => textOf(pane(finance).getByTestId('premium-panel').getByTestId('premium-state')),
      (state) => expect(state).toBe('已确认'),
    );
  });

  it('the letter: A-post generates it for the bank and submits; the leader approves and seals; A-post uploads the sealed letter', async () => {
    const page = await nodePage('apost');
    await act(page, 'LETTER_GENERATE', (form) => choose(form, 'bankId', bankName));
    const letter = pane(page).getByTestId('documents-panel').getByTestId('document-row').filter({ hasText: '保函' });
    await letter.waitFor();
    const body = await downloadText(page, letter);
    expect(body).toContain(`申请人：${companyName}`);
    expect(body).toContain(`受益人：${bankName}`);
    expect(body).toContain(`金额：${AMOUNT_IN_WORDS}`);
    await act(page, 'LETTER_SUBMIT');

    const leader = await nodePage('leader');
    await act(leader, 'LETTER_APPROVE');
    await act(leader, 'LETTER_SEAL_CONFIRM');
    await act(leader, 'LETTER_SEAL_COMPLETE');

    const again = await nodePage('apost');
    const panel = pane(again).getByTestId('documents-panel');
    expect(await panel.getByTestId('upload-SEALED_LETTER').count()).toBe(0);
    await act(again, 'LETTER_UPLOAD_SEALED', withFile(again, { name: '保函盖章件.pdf', mimeType: 'application/pdf', buffer: PDF }));
    await eventually(
      () => documentsOfKind(again, 'SEALED_LETTER'),
      (rows) => expect(rows.join('\n')).toContain('保函盖章件.pdf'),
    );
    expect(await textOf(pane(again).getByTestId('loan-stage'))).toContain('放款');
  });

  it('A-post uploads the disbursement voucher; finance confirms the day and the amount lent', async () => {
    const page = await nodePage('apost');
    await act(page, 'VOUCHER_UPLOAD', withFile(page, { name: '放款凭证.pdf', mimeType: 'application/pdf', buffer: PDF }));
    await eventually(
      () => documentsOfKind(page, 'DISBURSEMENT_VOUCHER'),
      (rows) => expect(rows.join('\n')).toContain('放款凭证.pdf'),
    );

    const finance = await nodePage('finance');
    await act(finance, 'VOUCHER_CONFIRM', async (form) => {
      // the day before (in Shanghai): never after today, whether the browser's clock says so or the company's
      await form.locator('input[data-field="disbursedOn"]').fill(LENT_ON);
      await form.locator('input[data-field="disbursedAmountFen"]').fill('1999999');
    });
    // the loan is lent: finance is now offered the repayments of after-guarantee, nothing of the voucher
    await eventually(
      () => offered(finance),
      (actions) => expect(actions).toEqual(['RECORD_REPAYMENT']),
    );
    expect(await textOf(pane(finance).getByTestId('loan-stage'))).toBe('保后管理');
    expect(await pane(finance).getByTestId('loan-stage').getAttribute('data-code')).toBe('BHBG');
  });

  it('the loan stands DISBURSED in afterGuarantee; its detail shows the day and amount; the timeline lists the steps', async () => {
    const page = await as('apost');
    await page.goto('/company/loanList');
    await pane(page).getByTestId('loan-list-page').waitFor();
    await pane(page).getByTestId('filter-company').fill(companyName);
    await pane(page).getByTestId('search').click();
    const row = pane(page).locator(`[data-testid="loan-row"][data-company="${companyName}"]`);
    // after guarantee, the status vocabulary's repayment group: lent, awaiting repayment
    await eventually(
      async () => [await row.getByTestId('row-status').getAttribute('data-status'), await textOf(row.getByTestId('row-status'))],
      (s) => expect(s).toEqual(['PENDING_LOAN_DISBURSEMENT', '待还款']),
    );
    await row.getByTestId('row-more').click();
    await page.getByRole('menuitem', { name: '详情' }).click();
    const detail = page.getByTestId('loan-detail');
    await detail.waitFor();
    const shown = await detail.innerText();
    expect(shown).toContain('放款日期');
    expect(shown).toContain(LENT_ON);
    expect(shown).toContain('1,999,999.00');

    const node = await nodePage('apost');
    const nodes = pane(node).getByTestId('timeline-node');
    await eventually(
      () => nodes.evaluateAll((els) => els.map((el) => el.getAttribute('data-stage'))),
      (s) =>
        expect(s).toEqual([
          'collection',
          'preReview',
          'generalOffice',
          'riskControl',
          'insuranceReview',
          'withdrawal',
          'duringGuarantee',
          'disbursement',
          'afterGuarantee',
        ]),
    );
    const statusOf = (stage: string) => textOf(pane(node).locator(`[data-testid="timeline-node"][data-stage="${stage}"] [data-testid="timeline-node-status"]`));
    expect(await statusOf('disbursement')).toBe('已放款');
    expect(await statusOf('duringGuarantee')).toBe('已完成');
    expect(await regions(node)).toEqual({ contract: 'done', premium: 'done', counterGuarantee: 'done', letter: 'done' });
    const current = pane(node).locator('[data-testid="timeline-node"][data-current]');
    expect(await current.getAttribute('data-stage')).toBe('afterGuarantee');
    const during = await textOf(pane(node).locator('[data-testid="timeline-node"][data-stage="duringGuarantee"]'));
    expect(during.split('\n').find((l) => l.startsWith('进入'))).toContain('操作人：领导 赵总');
    expect(during.split('\n').find((l) => l.startsWith('离开'))).toContain('操作人：A岗 王敏');
    const disbursement = await textOf(pane(node).locator('[data-testid="timeline-node"][data-stage="disbursement"]'));
    expect(disbursement.split('\n').find((l) => l.startsWith('离开'))).toContain('操作人：财务 孙丽');

    // every step of the way, by whom, in the event history (whose chain verifies)
    await pane(node).getByRole('tab', { name: '事件历史' }).click();
    const history = pane(node).getByTestId('history-panel');
    await history.locator('[data-testid="verify-badge"][data-state="ok"]').waitFor();
    const steps = await eventually(
      async () => {
        const rows = await history
          .getByTestId('history-row')
          .evaluateAll((els) => els.map((el) => [...el.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.trim())));
        rows.sort((a, b) => Number(a[0]) - Number(b[0]));
        const from = rows.findIndex((cells) => cells[1].endsWith('LEADER_APPROVE'));
        return rows.slice(from).map((cells) => `${cells[1].split('\n').pop()} ${cells[2]}`);
      },
      (list) => expect(list.at(-1)).toBe('VOUCHER_CONFIRM 财务 孙丽'),
    );
    const [A, B, L, F] = ['A岗 王敏', 'B岗 李强', '领导 赵总', '财务 孙丽'];
    expect(steps).toEqual([
      `LEADER_APPROVE ${L}`,
      `COUNTER_GUARANTEE_CONFIRM ${B}`,
      `COUNTER_GUARANTEE_UPLOAD ${B}`,
      `CONTRACT_GENERATE ${A}`,
      `CONTRACT_SUBMIT_REVIEW ${A}`,
      `CONTRACT_MUTUAL_REVIEW_PASS ${B}`,
      `CONTRACT_REVIEW_PASS ${L}`,
      `CONTRACT_SEAL_CONFIRM ${L}`,
      `CONTRACT_SEAL_COMPLETE ${L}`,
      `CONTRACT_ARCHIVE_UPLOAD ${A}`,
      `CONTRACT_ARCHIVE_CONFIRM ${L}`,
      `PREMIUM_ADD ${A}`,
      `PREMIUM_SUBMIT ${A}`,
      `PREMIUM_CONFIRM ${F}`,
      `LETTER_GENERATE ${A}`,
      `LETTER_SUBMIT ${A}`,
      `LETTER_APPROVE ${L}`,
      `LETTER_SEAL_CONFIRM ${L}`,
      `LETTER_SEAL_COMPLETE ${L}`,
      `LETTER_UPLOAD_SEALED ${A}`,
      `VOUCHER_UPLOAD ${A}`,
      `VOUCHER_CONFIRM ${F}`,
    ]);
  });
});
