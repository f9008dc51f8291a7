import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { demoInput, eventsToStage, replay, stageOf, statusLabels } from '@app/workflow';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionDialogForTests } from '@/api/http';
import type { LoanRow } from './loan-list-api';
import { jsonResponse, makeUser, renderWithApp } from '@/test/render';
import { LoanListView } from './LoanListView';

const LOAN = '7a1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const input = demoInput({ loanId: LOAN });
const inDisbursement = replay(input, eventsToStage(input, 'disbursement'));
const disbursed = replay(input, eventsToStage(input, 'afterGuarantee'));

const row = (snapshot: typeof disbursed, extra: Partial<LoanRow>): LoanRow => ({
  id: LOAN,
  companyId: 'c1',
  companyName: '上海放款列测试有限公司',
  creditCode: '91310000MA1FL00000',
  amount: 2_000_000,
  termMonths: 12,
  bank: '中国银行',
  loanType: null,
  aPostOfficer: { id: 'a', name: 'A岗 王敏' },
  bPostOfficer: null,
  createdAt: '2026-11-01T02:00:00Z',
  updatedAt: '2026-11-01T02:00:00Z',
  disbursedOn: null,
  disbursedAmountFen: null,
  daysPastDue: null,
  overdueBucket: null,
  deletable: false,
  workflow: {
    loanId: LOAN,
    machineVersion: 1,
    version: 30,
    stage: stageOf(snapshot),
    state: snapshot.value,
    statusLabels: statusLabels(snapshot),
    legalActions: [],
  },
  ...extra,
});

const ok = (data: unknown) => jsonResponse({ code: 'A00000', message: 'ok', data });
const fetchMock = vi.fn<typeof fetch>();
const urls = () => fetchMock.mock.calls.map(([url]) => String(url));

beforeEach(() => {
  resetSessionDialogForTests();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (request, init) => {
    const url = String(request);
    if (url.startsWith('/server/worklists/ledgerList'))
      return ok({ list: [row(disbursed, { disbursedOn: '2026-01-05', disbursedAmountFen: 150_000_050 })], total: 1, pageNum: 1, pageSize: 10 });
    if (url.startsWith('/server/worklists/voucherList')) return ok({ list: [row(inDisbursement, {})], total: 1, pageNum: 1, pageSize: 10 });
    if (url.endsWith(`/server/loans/${LOAN}/disbursement-reminder`) && init?.method === 'POST')
      return ok({
        messageId: 'm1',
        created: true,
        day: '2026-11-23',
        recipient: { id: 'a', name: 'A岗 王敏' },
        language: 'zh-CN',
        title: '放款提醒',
        content: '…',
        sentAt: '2026-11-23T02:00:00Z',
      });
    return ok(null);
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('disbursement columns and reminder (rendered)', () => {
  it('shows the day and the amount lent on the ledger, and sorts on them through the server', async () => {
    renderWithApp(<LoanListView name="ledgerList" title="台账" />, { user: makeUser({ authorityList: ['ledger_list'] }), route: '/protectAfter/ledgerList' });
    const table = await screen.findByTestId('loan-list-page');
    const rowEl = await within(table).findByText('上海放款列测试有限公司');
    const tr = rowEl.closest('tr')!;
    expect(tr.textContent).toContain('2026-01-05');
    expect(tr.textContent).toContain('1,500,000.50');
    fireEvent.click(screen.getByText('放款日期'));
    await waitFor(() => expect(urls().some((u) => u.includes('sort=disbursedOn'))).toBe(true));
    fireEvent.click(screen.getByText('放款金额（元）'));
    await waitFor(() => expect(urls().some((u) => u.includes('sort=disbursedAmount'))).toBe(true));
  });

  it('offers the reminder on voucherList rows to holders of sys:voucher:remind only, and sends it', async () => {
    const { unmount } = renderWithApp(<LoanListView name="voucherList" title="放款凭证" />, {
      user: makeUser({ authorityList: ['voucher_list'] }),
      route: '/protectMiddle/voucherList',
    });
    await screen.findByText('上海放款列测试有限公司');
    expect(screen.queryByTestId('row-remind')).toBeNull();
    unmount();

    renderWithApp(<LoanListView name="voucherList" title="放款凭证" />, {
      user: makeUser({ authorityList: ['voucher_list', 'sys:voucher:remind'] }),
      route: '/protectMiddle/voucherList',
    });
    const button = await screen.findByTestId('row-remind');
    expect(button.hasAttribute('disabled')).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(urls()).toContain(`/server/loans/${LOAN}/disbursement-reminder`));
    expect(await screen.findByText('已提醒 A岗 王敏 催促银行放款')).toBeTruthy();
  });
});
