import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n';
import { jsonResponse, makeUser, renderWithApp } from '@/test/render';
import { LoanRiskSharePanel } from './LoanRiskSharePanel';

const fetchMock = vi.fn<typeof fetch>();
const LOAN = '11111111-1111-4111-8111-111111111111';

function serve(share: object) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes(`/regulatory/loans/${LOAN}/risk-share`) && init?.method === 'PUT')
      return jsonResponse({ code: 'A00000', data: { loanId: LOAN, riskShareBp: 2500 } });
    if (url.includes(`/regulatory/loans/${LOAN}/risk-share`)) return jsonResponse({ code: 'A00000', data: { loanId: LOAN, ...share } });
    return jsonResponse({ code: 'A00404', message: 'not found', data: null }, 404);
  });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('zh-CN');
});

const officer = makeUser({ authorityList: ['archives_detail', 'sys:contract:generate'] });
const reader = makeUser({ authorityList: ['archives_detail'] });

describe("a loan's risk share", () => {
  it("before the contract: the bank's default, no form", async () => {
    serve({ riskShareBp: null, bankName: '分担银行', bankRiskShareBp: 2000, editable: false });
    renderWithApp(<LoanRiskSharePanel loanId={LOAN} version={3} />, { user: officer });
    expect((await screen.findByTestId('loan-risk-share-value')).textContent).toBe('20.00%');
    expect(screen.getByTestId('loan-risk-share-bank').textContent).toContain('分担银行 的默认比例：20.00%');
    expect(screen.getByTestId('loan-risk-share-bank').textContent).toContain('生成合同时带入');
    expect(screen.queryByTestId('loan-risk-share-input')).toBeNull();
  });

  it('the officer changes it after a confirmation naming both shares; a reader only sees it', async () => {
    serve({ riskShareBp: 2000, bankName: '分担银行', bankRiskShareBp: 2000, editable: true });
    const view = renderWithApp(<LoanRiskSharePanel loanId={LOAN} version={4} />, { user: officer });
    const input = (await screen.findByTestId('loan-risk-share-input')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '100.5' } });
    expect(await screen.findByText('请填写 0 到 100 之间的比例，最多两位小数')).toBeTruthy();
    fireEvent.change(input, { target: { value: '25' } });
    await waitFor(() => expect((screen.getByTestId('loan-risk-share-save') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('loan-risk-share-save'));
    expect((await screen.findByTestId('risk-share-confirm-text')).textContent).toContain('由 20.00% 改为 25.00%');
    fireEvent.click(screen.getByTestId('risk-share-confirm'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(JSON.parse(String(init!.body))).toEqual({ riskShareBp: 2500 });
    view.unmount();

    renderWithApp(<LoanRiskSharePanel loanId={LOAN} version={4} />, { user: reader });
    expect((await screen.findByTestId('loan-risk-share-value')).textContent).toBe('20.00%');
    expect(screen.queryByTestId('loan-risk-share-input')).toBeNull();
  });

  it('sealed: no form, said so (en)', async () => {
    await setLanguage('en');
    serve({ riskShareBp: 2500, bankName: 'Sharing bank', bankRiskShareBp: 2000, editable: false });
    renderWithApp(<LoanRiskSharePanel loanId={LOAN} version={9} />, { user: officer });
    expect((await screen.findByTestId('loan-risk-share-value')).textContent).toBe('25.00%');
    expect(screen.getByTestId('loan-risk-share').textContent).toContain('The contract is sealed');
    expect(screen.queryByTestId('loan-risk-share-input')).toBeNull();
  });
});
