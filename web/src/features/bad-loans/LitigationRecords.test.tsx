import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n';
import { jsonResponse, makeUser, renderWithApp } from '@/test/render';
import { BAD_LOAN_ID, badLoanAfter } from './bad-loan.fixtures';
import BadLoanPanels from './BadLoanPanels';

const fetchMock = vi.fn<typeof fetch>();
const ok = (data: unknown) => jsonResponse({ code: 'A00000', message: 'ok', data });
const FEE = { id: '1b0c8a52-4b8e-4f0e-9a43-0a4f0f6f1a01', feeType: 'LAWYER', amountFen: 1_200_000, paidOn: '2026-07-22', note: '代理费' };
const SEIZURE = {
  id: '1b0c8a52-4b8e-4f0e-9a43-0a4f0f6f1a02',
  court: '浦东法院',
  asset: '厂房',
  seizureKind: 'FIRST',
  seizedOn: '2026-07-25',
  expiresOn: '2029-07-24',
  note: null,
};
const RECORDER = makeUser({ authorityList: ['recovery_list', 'sys:recovery:record'] });
const READER = makeUser({ authorityList: ['recovery_list'] });

/** The case's records as the server holds them now; POST adds to them and DELETE takes away. */
let records: { fees: unknown[]; seizures: unknown[]; editable: boolean };
const sent: { method: string; path: string; body: unknown }[] = [];

function serve(editable = true) {
  records = { fees: [FEE], seizures: [SEIZURE], editable };
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://x').pathname;
    const method = init?.method ?? 'GET';
    if (method !== 'GET') sent.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : null });
    if (path === `/server/loans/${BAD_LOAN_ID}/history`) return ok(badLoanAfter('RECOVERY_RECORD', 2).history);
    if (path === `/server/loans/${BAD_LOAN_ID}/bad-loan`) return ok(records);
    if (method === 'POST' && path.endsWith('/litigation-fees')) {
      records = { ...records, fees: [...records.fees, { id: 'new', note: null, ...JSON.parse(String(init!.body)) }] };
      return ok({ id: 'new' });
    }
    if (method === 'POST' && path.endsWith('/seizures')) return ok({ id: 'new', reminderFireAts: [] });
    if (method === 'DELETE' && path.endsWith(`/litigation-fees/${FEE.id}`)) {
      records = { ...records, fees: [] };
      return ok(null);
    }
    return jsonResponse({ code: 'A00404', message: '未找到', data: null }, 404);
  });
}
const reads = () => fetchMock.mock.calls.filter(([url, init]) => String(url).split('?')[0].endsWith('/bad-loan') && (init?.method ?? 'GET') === 'GET').length;
const render = (user = RECORDER) => renderWithApp(<BadLoanPanels loanId={BAD_LOAN_ID} view={badLoanAfter('RECOVERY_RECORD', 2).view} />, { user });

// The note's autosized textarea listens to font loading, which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => {}, removeEventListener: () => {} } });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  sent.length = 0;
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('zh-CN');
});

describe('litigation fees and seizures on the bad-loan panel', () => {
  it('offers no add or delete to a user without sys:recovery:record', async () => {
    serve();
    render(READER);
    expect((await screen.findAllByTestId('bad-loan-fee')).length).toBe(1);
    expect(screen.queryByTestId('fee-add')).toBeNull();
    expect(screen.queryByTestId('seizure-add')).toBeNull();
    expect(screen.queryByTestId('fee-delete')).toBeNull();
  });

  it('offers none either once the loan is no longer in recovery (the server says not editable)', async () => {
    serve(false);
    render();
    await screen.findAllByTestId('bad-loan-seizure');
    expect(screen.queryByTestId('fee-add')).toBeNull();
    expect(screen.queryByTestId('seizure-delete')).toBeNull();
  });

  it('records a fee: checks the form, sends the amount in fen and reloads the table', async () => {
    serve();
    render();
    fireEvent.click(await screen.findByTestId('fee-add'));
    const form = await screen.findByTestId('fee-form');
    fireEvent.click(within(form).getByTestId('fee-save'));
    expect(await within(form).findByTestId('form-error')).toBeTruthy();
    expect(within(form).getAllByText('必填')).toHaveLength(3);
    fireEvent.change(within(form).getByTestId('fee-amount'), { target: { value: '-5' } });
    expect(await within(form).findByText('请输入大于 0 的金额（元，最多两位小数）')).toBeTruthy();
    expect(sent).toEqual([]);

    const type = within(form).getByTestId('fee-type');
    fireEvent.focus(type);
    fireEvent.click(type);
    const listbox = document.getElementById(type.getAttribute('aria-controls')!)!;
    // the fixed list, in its words
    expect([...listbox.querySelectorAll('[data-combobox-option]')].map((o) => o.textContent)).toEqual([
      '律师费',
      '案件受理费',
      '保全费',
      '评估鉴定费',
      '执行费',
      '公告费',
    ]);
    fireEvent.click(within(listbox).getByText('保全费'));
    fireEvent.change(within(form).getByTestId('fee-amount'), { target: { value: '3,500.5' } });
    fireEvent.change(within(form).getByTestId('fee-paid-on'), { target: { value: '2026-08-01' } });
    fireEvent.change(within(form).getByTestId('fee-note'), { target: { value: '  诉讼保全  ' } });
    const before = reads();
    fireEvent.click(within(form).getByTestId('fee-save'));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'POST',
          path: `/server/loans/${BAD_LOAN_ID}/litigation-fees`,
          body: { feeType: 'PRESERVATION', amountFen: 350_050, paidOn: '2026-08-01', note: '诉讼保全' },
        },
      ]),
    );
    await waitFor(() => expect(screen.getAllByTestId('bad-loan-fee')).toHaveLength(2));
    expect(reads()).toBeGreaterThan(before);
    expect(screen.getAllByTestId('bad-loan-fee')[1].textContent).toContain('3,500.50');
    await waitFor(() => expect(screen.queryByTestId('fee-form')).toBeNull());
  });

  it('refuses a seizure that expires before it starts, in English too', async () => {
    await setLanguage('en');
    serve();
    render();
    fireEvent.click(await screen.findByTestId('seizure-add'));
    const form = await screen.findByTestId('seizure-form');
    fireEvent.change(within(form).getByTestId('seizure-court'), { target: { value: 'Pudong court' } });
    fireEvent.change(within(form).getByTestId('seizure-asset'), { target: { value: 'Plant' } });
    fireEvent.click(within(form).getByText('Subsequent seizure'));
    fireEvent.change(within(form).getByTestId('seizure-seized-on'), { target: { value: '2026-08-01' } });
    fireEvent.change(within(form).getByTestId('seizure-expires-on'), { target: { value: '2026-07-01' } });
    fireEvent.click(within(form).getByTestId('seizure-save'));
    expect(await within(form).findByText('The expiry must come after the day seized')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(within(form).getByTestId('seizure-expires-on'), { target: { value: '2029-07-31' } });
    fireEvent.click(within(form).getByTestId('seizure-save'));
    await waitFor(() =>
      expect(sent[0]?.body).toEqual({
        court: 'Pudong court',
        asset: 'Plant',
        seizureKind: 'SUBSEQUENT',
        seizedOn: '2026-08-01',
        expiresOn: '2029-07-31',
        note: null,
      }),
    );
  });

  it('deletes a fee only after a confirmation that names it, then reloads', async () => {
    serve();
    render();
    fireEvent.click(await screen.findByTestId('fee-delete'));
    const words = await screen.findByTestId('record-delete-words');
    expect(words.textContent).toBe('删除律师费 12,000.00 元（2026-07-22 支付）？删除后记录保留并标记为已删除，不再计入诉讼费用合计。');
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByTestId('fee-delete-confirm'));
    await waitFor(() => expect(sent).toEqual([{ method: 'DELETE', path: `/server/loans/${BAD_LOAN_ID}/litigation-fees/${FEE.id}`, body: null }]));
    expect(await screen.findByText('暂无诉讼费用')).toBeTruthy();
    // the seizures stay, with their delete button
    expect(screen.getAllByTestId('seizure-delete')).toHaveLength(1);
  });
});
