import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n';
import { jsonResponse, makeUser, renderWithApp } from '@/test/render';
import { RepaymentPlanPanel } from './RepaymentPlanPanel';

const LOAN = '11111111-2222-4333-8444-555555555555';
const fetchMock = vi.fn<typeof fetch>();

const PLAN = {
  method: 'EQUAL_PRINCIPAL',
  annualRatePercent: 4.35,
  disbursedOn: '2026-11-01',
  principalFen: 30_000_00,
  repaidFen: 10_000_00,
  termMonths: 3,
  maturityOn: '2027-02-01',
  instalments: [
    {
      id: 'i1',
      seq: 1,
      dueOn: '2026-12-01',
      principalFen: 10_000_00,
      interestFen: 108_75,
      repaidFen: 10_000_00,
      state: 'REPAID',
      voucher: { attachmentId: 'a1', name: '第一期还款凭证.pdf', uploadedAt: '2026-12-01T02:00:00.000Z' },
    },
    { id: 'i2', seq: 2, dueOn: '2027-01-01', principalFen: 10_000_00, interestFen: 72_50, repaidFen: 0, state: 'DUE', voucher: null },
    { id: 'i3', seq: 3, dueOn: '2027-02-01', principalFen: 10_000_00, interestFen: 36_25, repaidFen: 0, state: 'DUE', voucher: null },
  ],
};
const REMINDERS = [
  {
    id: 'r1',
    kind: 'REPAYMENT',
    dueAt: '2026-12-01T01:00:00.000Z',
    fireAt: '2026-11-21T01:00:00.000Z',
    state: 'CANCELLED',
    jobId: 'reminder-r1',
    queued: false,
  },
  { id: 'r2', kind: 'MATURITY', dueAt: '2027-02-01T01:00:00.000Z', fireAt: '2027-01-02T01:00:00.000Z', state: 'SCHEDULED', jobId: 'reminder-r2', queued: true },
];

/** Answers the two GETs by path (or 403 for both). */
function serve(status = 200) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (status !== 200) return jsonResponse({ code: 'A00403', message: '没有权限', data: null }, status);
    if (url.includes('/repayment-plan')) return jsonResponse({ code: 'A00000', data: PLAN });
    if (url.includes('/reminders')) return jsonResponse({ code: 'A00000', data: REMINDERS });
    return jsonResponse({ code: 'A00404', message: 'not found', data: null }, 404);
  });
}

const ledgerUser = (extra: string[] = []) =>
  makeUser({ perms: ['archives_detail', 'ledger_list'], authorityList: ['archives_detail', 'ledger_list', ...extra] });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('zh-CN');
});

describe('repayment plan panel', () => {
  it('shows the method, each instalment, the outstanding principal, the voucher and the reminders (zh)', async () => {
    serve();
    renderWithApp(<RepaymentPlanPanel loanId={LOAN} version={7} state={{ afterGuarantee: 'awaitingVisitReport' }} />, {
      user: ledgerUser(['sys:ledger:remind-repayment', 'sys:ledger:upload-repayment']),
    });
    const panel = await screen.findByTestId('repayment-plan-panel');
    expect(panel.getAttribute('data-method')).toBe('EQUAL_PRINCIPAL');
    expect(within(panel).getByText('还款计划')).toBeTruthy();
    expect(screen.getByTestId('repayment-plan-method').textContent).toBe('等额本金');
    expect(screen.getByTestId('repayment-plan-outstanding').textContent).toBe('20,000.00');
    const rows = screen.getAllByTestId('repayment-instalment');
    expect(rows.map((r) => [r.getAttribute('data-seq'), r.getAttribute('data-state')])).toEqual([
      ['1', 'REPAID'],
      ['2', 'DUE'],
      ['3', 'DUE'],
    ]);
    expect(rows[0].textContent).toContain('2026-12-01');
    expect(rows[0].textContent).toContain('108.75');
    expect(rows[0].textContent).toContain('已还清');
    // the repaid one shows its voucher and offers no upload; the open ones offer one each
    expect(within(rows[0]).getByTestId('instalment-voucher').textContent).toBe('第一期还款凭证.pdf');
    expect(within(rows[0]).queryByTestId('instalment-voucher-upload')).toBeNull();
    expect(screen.getAllByTestId('instalment-voucher-upload')).toHaveLength(2);
    expect(screen.getByTestId('repayment-remind').textContent).toBe('发送还款提醒');

    await waitFor(() => expect(screen.getAllByTestId('loan-reminder')).toHaveLength(2));
    const reminders = screen.getAllByTestId('loan-reminder');
    expect(reminders[0].getAttribute('data-state')).toBe('CANCELLED');
    expect(reminders[0].textContent).toContain('还款提醒');
    expect(reminders[0].textContent).toContain('已取消');
    expect(reminders[1].textContent).toContain('到期提醒');
    expect(reminders[1].textContent).toContain('待发送');
    // 09:00 in Shanghai
    expect(reminders[1].textContent).toContain('2027-01-02 09:00');
    expect(reminders[1].textContent).toContain('是');

    const paths = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x').pathname);
    expect(paths).toEqual(expect.arrayContaining([`/server/loans/${LOAN}/repayment-plan`, `/server/loans/${LOAN}/reminders`]));
  });

  it('speaks English and offers no action without the ledger action keys', async () => {
    await setLanguage('en');
    serve();
    renderWithApp(<RepaymentPlanPanel loanId={LOAN} version={7} state={{ afterGuarantee: 'awaitingVisitReport' }} />, { user: ledgerUser() });
    expect(await screen.findByText('Repayment plan')).toBeTruthy();
    expect(screen.getByTestId('repayment-plan-method').textContent).toBe('Equal principal');
    expect(screen.getAllByTestId('repayment-instalment')[1].textContent).toContain('Open');
    expect(screen.queryByTestId('instalment-voucher-upload')).toBeNull();
    expect(screen.queryByTestId('repayment-remind')).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId('loan-reminder')[1].textContent).toContain('Scheduled'));
  });

  it('offers no upload and no reminder once the loan is in release', async () => {
    serve();
    renderWithApp(<RepaymentPlanPanel loanId={LOAN} version={9} state={{ release: 'pending' }} />, {
      user: ledgerUser(['sys:ledger:remind-repayment', 'sys:ledger:upload-repayment']),
    });
    await screen.findByTestId('repayment-plan-panel');
    expect(screen.queryByTestId('instalment-voucher-upload')).toBeNull();
    expect(screen.queryByTestId('repayment-remind')).toBeNull();
  });

  it('is hidden when the server refuses (403) and asks nothing before disbursement', async () => {
    serve(403);
    const { container } = renderWithApp(<RepaymentPlanPanel loanId={LOAN} version={7} state={{ afterGuarantee: 'awaitingVisitReport' }} />, {
      user: ledgerUser(),
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('repayment-plan-panel')).toBeNull();
    expect(container.querySelector('[data-testid="repayment-plan-panel"]')).toBeNull();

    fetchMock.mockClear();
    renderWithApp(<RepaymentPlanPanel loanId={LOAN} version={3} state={{ duringGuarantee: { letter: 'approved' } }} />, { user: ledgerUser() });
    expect(screen.queryByTestId('repayment-plan-panel')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
