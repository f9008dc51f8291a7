import { screen, waitFor, within } from '@testing-library/react';
import { compensationBalanceOf, type EventType } from '@app/workflow';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoanSidePanels } from '@/features/loan-node/components/LoanSidePanels';
import { setLanguage } from '@/i18n';
import { jsonResponse, makeUser, renderWithApp } from '@/test/render';
import { BAD_LOAN_ID, badLoanAfter } from './bad-loan.fixtures';
import BadLoanPanels from './BadLoanPanels';

const fetchMock = vi.fn<typeof fetch>();
const ok = (data: unknown) => jsonResponse({ code: 'A00000', message: 'ok', data });
const notFound = () => jsonResponse({ code: 'A00404', message: '未找到', data: null }, 404);
const RECORDS = {
  // the route's own field names (a case answers more fields; the panel reads these)
  fees: [{ id: 'f1', feeType: 'LAWYER', amountFen: 1_200_000, paidOn: '2026-07-22', note: '代理费' }],
  seizures: [
    { id: 's1', court: '上海市浦东新区人民法院', asset: '厂房', seizureKind: 'FIRST', seizedOn: '2026-07-25', expiresOn: '2029-07-24', note: null },
    { id: 's2', court: '上海市浦东新区人民法院', asset: '车辆', seizureKind: 'RENEWED_SOMEHOW', seizedOn: '2026-08-01', expiresOn: '2028-08-01', note: '续封' },
  ],
};

/** Answers the history of the loan at `after`, and the fees and seizures (or 404 for them). */
function serve(after: EventType, nth = 1, records: unknown = RECORDS) {
  const at = badLoanAfter(after, nth);
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://x').pathname;
    if (url === `/server/loans/${BAD_LOAN_ID}/history`) return ok(at.history);
    if (url === `/server/loans/${BAD_LOAN_ID}/bad-loan`) return records === null ? notFound() : ok(records);
    return notFound();
  });
  return at;
}
const calls = (suffix: string) => fetchMock.mock.calls.filter(([url]) => String(url).split('?')[0].endsWith(suffix));
const cell = (testId: string) => screen.getByTestId(testId).textContent;

// The reason's autosized textarea listens to font loading, which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => {}, removeEventListener: () => {} } });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('zh-CN');
});

describe('the compensation and recovery panel', () => {
  it('shows the amounts in yuan, the decision, the balance, the stage, the recoveries and the fees and seizures (zh)', async () => {
    const { view, snapshot } = serve('RECOVERY_RECORD', 2);
    renderWithApp(<BadLoanPanels loanId={BAD_LOAN_ID} view={view} />, { user: makeUser() });
    const panel = await screen.findByTestId('bad-loan-panel');
    expect(within(panel).getByRole('heading', { name: '代偿与追偿' })).toBeTruthy();
    expect(cell('bad-loan-state')).toBe('追偿中');
    const summary = within(panel).getByRole('table', { name: '代偿与追偿' });
    expect(within(summary).getByRole('rowheader', { name: '代偿本金' }).nextSibling?.textContent).toBe('100,000.00');
    expect(within(summary).getByRole('rowheader', { name: '代偿利息' }).nextSibling?.textContent).toBe('2,000.00');
    expect(within(summary).getByRole('rowheader', { name: '代偿罚息' }).nextSibling?.textContent).toBe('500.00');
    expect(cell('bad-loan-total')).toBe('102,500.00');
    expect(cell('bad-loan-decision')).toMatch(/^领导审批（低于限额） · \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(cell('bad-loan-paid-on')).toBe('2026-07-01');
    expect(cell('bad-loan-recovered')).toBe('41,000.00');
    // the machine's own balance: paid less recovered
    expect(compensationBalanceOf(snapshot.context)).toBe(6_150_000);
    expect(cell('bad-loan-balance')).toBe('61,500.00');
    expect(cell('bad-loan-stage')).toBe('已立案');
    expect(screen.queryByTestId('bad-loan-written-off')).toBeNull();

    const recoveries = await within(panel).findAllByTestId('bad-loan-recovery');
    expect(recoveries.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['2026-09-15', '30,750.00', '处置抵质押物', '张会计'],
      ['2026-10-20', '10,250.00', '借款人', '张会计'],
    ]);
    expect(within(panel).getByRole('table', { name: '回款记录' })).toBeTruthy();
    expect(within(within(panel).getByRole('table', { name: '追偿进程' })).getByText('演示：已起诉')).toBeTruthy();

    const fees = await within(panel).findByRole('table', { name: '诉讼费用' });
    expect([...fees.querySelectorAll('tbody td')].map((td) => td.textContent)).toEqual(['律师费', '12,000.00', '2026-07-22', '代理费']);
    const seizures = within(panel).getByRole('table', { name: '查封财产' });
    expect(
      within(seizures)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['法院', '财产', '查封类型', '查封日期', '到期日', '备注']);
    // a kind the dictionary does not know is shown as sent
    expect([...seizures.querySelectorAll('tbody tr')].map((tr) => tr.querySelectorAll('td')[2].textContent)).toEqual(['首封', 'RENEWED_SOMEHOW']);
    expect(calls('/bad-loan')).toHaveLength(1);
  });

  it('shows a closed, written-off case in English, and hides fees and seizures quietly when the route does not answer', async () => {
    await setLanguage('en');
    const { view } = serve('RECOVERY_WRITE_OFF_APPROVE', 1, null);
    renderWithApp(<BadLoanPanels loanId={BAD_LOAN_ID} view={view} />, { user: makeUser() });
    const panel = await screen.findByTestId('bad-loan-panel');
    expect(panel.getAttribute('data-outcome')).toBe('WRITTEN_OFF');
    expect(cell('bad-loan-state')).toBe('Closed, written off');
    expect(cell('bad-loan-total')).toBe('102,500.00');
    expect(cell('bad-loan-recovered')).toBe('41,000.00');
    expect(cell('bad-loan-written-off')).toBe('61,500.00');
    expect(cell('bad-loan-balance')).toBe('0.00');
    expect(await within(panel).findAllByTestId('bad-loan-recovery')).toHaveLength(2);
    expect(within(panel).getAllByTestId('bad-loan-recovery')[1].textContent).toContain('Borrower');
    await waitFor(() => expect(calls('/bad-loan')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('bad-loan-fees')).toBeNull();
    expect(screen.queryByTestId('bad-loan-seizures')).toBeNull();
    // no error shown for the missing route
    expect(document.body.textContent).not.toContain('未找到');
  });

  it('shows a case awaiting the decision without a balance, and asks nothing of fees before payment', async () => {
    const { view } = serve('COMPENSATION_APPLY');
    renderWithApp(<BadLoanPanels loanId={BAD_LOAN_ID} view={view} />, { user: makeUser() });
    await screen.findByTestId('bad-loan-panel');
    expect(cell('bad-loan-state')).toBe('代偿申请待审批');
    expect(cell('bad-loan-decision')).toBe('待审批');
    expect(cell('bad-loan-paid-on')).toBe('未支付');
    expect(screen.queryByTestId('bad-loan-balance')).toBeNull();
    expect(screen.queryByTestId('bad-loan-recoveries')).toBeNull();
    expect(calls('/bad-loan')).toHaveLength(0);
  });

  it('shows the write-off waiting for the leader with its reason', async () => {
    const { view } = serve('RECOVERY_CLOSE');
    renderWithApp(<BadLoanPanels loanId={BAD_LOAN_ID} view={view} />, { user: makeUser() });
    await screen.findByTestId('bad-loan-panel');
    expect(cell('bad-loan-state')).toBe('核销待领导审批');
    expect(cell('bad-loan-write-off')).toBe('核销待审批：演示：执行终结，余额核销');
    expect(cell('bad-loan-balance')).toBe('61,500.00');
  });
});

describe('the overdue and extension panel', () => {
  it('shows an extension waiting for approval', () => {
    const { view } = badLoanAfter('EXTENSION_APPLY');
    renderWithApp(<BadLoanPanels loanId={BAD_LOAN_ID} view={view} />, { user: makeUser() });
    const extension = screen.getByRole('table', { name: '展期申请（待审批）' });
    expect(within(extension).getByRole('rowheader', { name: '展期后到期日' }).nextSibling?.textContent).toBe('2027-07-05');
    expect(within(extension).getByText('演示：借款人申请展期')).toBeTruthy();
    expect(screen.queryByTestId('overdue-notice')).toBeNull();
    expect(screen.queryByTestId('bad-loan-panel')).toBeNull();
  });

  it("shows the bank's overdue notice in yuan and the extended maturity, in English too", async () => {
    await setLanguage('en');
    const { view } = badLoanAfter('OVERDUE_NOTICE');
    renderWithApp(<BadLoanPanels loanId={BAD_LOAN_ID} view={view} />, { user: makeUser() });
    expect(screen.getByRole('heading', { name: 'Overdue and extension' })).toBeTruthy();
    expect(screen.getByTestId('overdue-extended-to').textContent).toBe('Extended to 2027-07-05');
    const notice = screen.getByRole('table', { name: "The bank's overdue notice" });
    expect([...notice.querySelectorAll('tbody tr')].slice(1).map((tr) => tr.textContent)).toEqual([
      'Noticed on2026-06-10',
      'Overdue principal (yuan)100,000.00',
      'Overdue interest (yuan)2,000.00',
    ]);
    expect(screen.queryByTestId('overdue-extension')).toBeNull();
  });
});

describe('the loan page side column', () => {
  it('loads the bad-loan panel only for a loan that has one', async () => {
    serve('RECOVERY_RECORD', 2);
    const user = makeUser({ authorityList: ['archives_detail'] });
    const { unmount } = renderWithApp(<LoanSidePanels loanId={BAD_LOAN_ID} view={badLoanAfter('RECOVERY_RECORD', 2).view} />, { user });
    expect((await screen.findByTestId('bad-loan-balance')).textContent).toBe('61,500.00');
    unmount();

    const healthy = badLoanAfter('VOUCHER_CONFIRM').view;
    renderWithApp(<LoanSidePanels loanId={BAD_LOAN_ID} view={healthy} />, { user });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('bad-loan-panel')).toBeNull();
    expect(screen.queryByTestId('overdue-panel')).toBeNull();
  });
});
