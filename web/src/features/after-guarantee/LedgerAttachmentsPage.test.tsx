import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n';
import { jsonResponse, makeUser, renderWithApp } from '@/test/render';
import LedgerAttachmentsPage from './LedgerAttachmentsPage';

const LOAN = '11111111-2222-4333-8444-555555555555';
const fetchMock = vi.fn<typeof fetch>();

const LEDGER = {
  loanId: LOAN,
  company: '上海测试装备有限公司',
  amount: 3_600_000,
  termMonths: 12,
  bank: '招商银行',
  stage: 'afterGuarantee',
  principalFen: 360_000_000,
  repaidFen: 30_000_000,
  balanceFen: 330_000_000,
  editable: true,
  repayments: [{ seq: 60, amountFen: 30_000_000, at: '2026-11-04T03:00:00.000Z', actorName: '财务' }],
  attachments: [
    { id: 'a1', kind: 'AFTER_GUARANTEE', name: '走访报告.pdf', size: 10, uploadedByName: 'B岗', uploadedAt: '2026-10-20T02:00:00.000Z', instalmentSeq: null },
    {
      id: 'a2',
      kind: 'REPAYMENT_VOUCHER',
      name: '第1期还款凭证.pdf',
      size: 10,
      uploadedByName: '财务',
      uploadedAt: '2026-11-04T02:00:00.000Z',
      instalmentSeq: 1,
    },
  ],
};

function serve(ledger: Record<string, unknown> = LEDGER) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/ledger')) return jsonResponse({ code: 'A00000', data: ledger });
    return jsonResponse({ code: 'A00404', message: 'not found', data: null }, 404);
  });
}

const render = (flag: string, authorityList: string[]) =>
  renderWithApp(
    <Routes>
      <Route path="/protectAfter/ledgerList/:encryptId/:flag" element={<LedgerAttachmentsPage />} />
    </Routes>,
    { user: makeUser({ perms: ['ledger_list'], authorityList: ['ledger_list', ...authorityList] }), route: `/protectAfter/ledgerList/${LOAN}/${flag}` },
  );

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('zh-CN');
});

describe('ledger attachments page', () => {
  it('edit mode: balance, repayments, attachments with their kinds; add report and re-upload for reports only (zh)', async () => {
    serve();
    render('edit', ['sys:attachment:add-report', 'sys:attachment:reupload']);
    const page = await screen.findByTestId('ledger-attachments-page');
    expect(page.getAttribute('data-mode')).toBe('edit');
    expect(screen.getByTestId('ledger-company').textContent).toBe('上海测试装备有限公司');
    expect(screen.getByTestId('ledger-balance').textContent).toBe('3,300,000.00');
    expect(screen.getAllByTestId('ledger-repayment')[0].textContent).toContain('300,000.00');
    const rows = screen.getAllByTestId('ledger-attachment');
    expect(rows.map((r) => r.getAttribute('data-kind'))).toEqual(['AFTER_GUARANTEE', 'REPAYMENT_VOUCHER']);
    expect(rows[0].textContent).toContain('保后报告');
    expect(rows[1].textContent).toContain('第 1 期');
    expect(screen.getByTestId('ledger-add-report').textContent).toBe('新增报告');
    expect(within(rows[0]).getByTestId('ledger-reupload').textContent).toBe('重新上传');
    expect(within(rows[1]).queryByTestId('ledger-reupload')).toBeNull();
  });

  it('view mode, or without the keys: nothing to change (en)', async () => {
    await setLanguage('en');
    serve();
    render('view', ['sys:attachment:add-report', 'sys:attachment:reupload']);
    const page = await screen.findByTestId('ledger-attachments-page');
    expect(page.getAttribute('data-mode')).toBe('view');
    expect(screen.getByText('Attachments')).toBeTruthy();
    expect(screen.getAllByTestId('ledger-attachment')[0].textContent).toContain('After-guarantee report');
    expect(screen.queryByTestId('ledger-add-report')).toBeNull();
    expect(screen.queryByTestId('ledger-reupload')).toBeNull();
  });

  it('a closed loan in edit mode says so and offers nothing', async () => {
    serve({ ...LEDGER, stage: 'closed', editable: false, repaidFen: 360_000_000, balanceFen: 0 });
    render('edit', ['sys:attachment:add-report', 'sys:attachment:reupload']);
    expect((await screen.findByTestId('ledger-closed')).textContent).toBe('贷款已结清，附件不可再修改');
    expect(screen.queryByTestId('ledger-add-report')).toBeNull();
    expect(screen.queryByTestId('ledger-reupload')).toBeNull();
  });
});
