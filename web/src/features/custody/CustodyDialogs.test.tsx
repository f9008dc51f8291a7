import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n';
import { jsonResponse, makeUser, renderWithApp } from '@/test/render';
import type { Certificate, CustodyItem } from './custody-api';
import { certificateFormErrors, lendFormErrors, reasonFormErrors, revalueFormErrors, toRevalueDto } from './custody-forms';
import { LendDialog, ReasonDialog, RegisterCertificateDialog, RevalueDialog } from './CustodyDialogs';

const fetchMock = vi.fn<typeof fetch>();
const ok = (data: unknown) => jsonResponse({ code: 'A00000', message: 'ok', data });
const LOAN = '5b0c8a52-4b8e-4f0e-9a43-0a4f0f6f1a00';
const ITEM = { id: '5b0c8a52-4b8e-4f0e-9a43-0a4f0f6f1a01', kind: 'MORTGAGE', owner: '张三', description: '厂房' } as CustodyItem;
const CERT = { id: '5b0c8a52-4b8e-4f0e-9a43-0a4f0f6f1a02', number: '沪他项0001', state: 'IN_VAULT', allowedMoves: ['LEND', 'CANCEL'] } as Certificate;
const KEEPER = makeUser({ authorityList: ['custody_list', 'sys:custody:keep', 'sys:custody:revalue'] });
const sent: { path: string; body: unknown }[] = [];

if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => {}, removeEventListener: () => {} } });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  sent.length = 0;
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://x').pathname;
    if ((init?.method ?? 'GET') !== 'GET') sent.push({ path, body: init?.body ? JSON.parse(String(init.body)) : null });
    if (path === '/server/custody/borrowers') return ok([{ id: '5b0c8a52-4b8e-4f0e-9a43-0a4f0f6f1a03', username: 'apost', nickname: 'A岗' }]);
    return ok(null);
  });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('zh-CN');
});

describe('custody forms: the server’s rules before sending', () => {
  it('a certificate needs its item, kind, number, issuer and holder within their lengths', () => {
    expect(certificateFormErrors({ collateralId: null, kind: null, number: ' ', issuer: 'x'.repeat(201), holder: 'y' })).toEqual({
      collateralId: 'required',
      kind: 'required',
      number: 'required',
      issuer: 'tooLong',
    });
    expect(certificateFormErrors({ collateralId: ITEM.id, kind: 'OTHER_RIGHTS', number: 'n', issuer: 'i', holder: 'h' })).toEqual({});
  });

  it('a loan out needs a borrower, a reason, a return day after today and the receiver’s confirmation', () => {
    const base = { borrowerId: 'b', reason: '送登记', returnDueOn: '2026-12-02', receiverConfirmed: true };
    expect(lendFormErrors(base, '2026-12-01')).toEqual({});
    expect(lendFormErrors({ ...base, returnDueOn: '2026-12-01' }, '2026-12-01')).toEqual({ returnDueOn: 'notAhead' });
    expect(lendFormErrors({ ...base, returnDueOn: '2026-02-30' }, '2026-01-01')).toEqual({ returnDueOn: 'day' });
    expect(lendFormErrors({ borrowerId: null, reason: '', returnDueOn: '', receiverConfirmed: false }, '2026-12-01')).toEqual({
      borrowerId: 'required',
      reason: 'required',
      returnDueOn: 'required',
      receiverConfirmed: 'confirm',
    });
  });

  it('a revaluation is yuan above zero with two decimals at most, on a day not ahead; sent in whole fen', () => {
    const base = { collateralId: ITEM.id, value: '1,234.56', valuedOn: '2026-12-01', note: '' };
    expect(revalueFormErrors(base, '2026-12-01')).toEqual({});
    expect(toRevalueDto(base).appraisedValueFen).toBe(123_456);
    expect(revalueFormErrors({ ...base, value: '0' }, '2026-12-01')).toEqual({ value: 'amount' });
    expect(revalueFormErrors({ ...base, value: '1.234' }, '2026-12-01')).toEqual({ value: 'amount' });
    expect(revalueFormErrors({ ...base, valuedOn: '2026-12-02' }, '2026-12-01')).toEqual({ valuedOn: 'ahead' });
  });

  it('a cancellation needs its reason; a return’s note is optional', () => {
    expect(reasonFormErrors({ reason: ' ' }, true)).toEqual({ reason: 'required' });
    expect(reasonFormErrors({ reason: '' }, false)).toEqual({});
  });
});

describe('custody dialogs', () => {
  it('lend: refuses to send without the receiver’s confirmation, naming each field in Chinese', async () => {
    renderWithApp(<LendDialog certificate={CERT} onClose={() => {}} onSaved={() => {}} />, { user: KEEPER });
    fireEvent.click(await screen.findByTestId('lend-save'));
    expect(await screen.findByText('须由接收人确认')).toBeTruthy();
    expect(screen.getAllByText('必填').length).toBeGreaterThanOrEqual(3);
    expect(sent).toEqual([]);
  });

  it('register: sends the trimmed certificate once the form is whole, in English too', async () => {
    await setLanguage('en');
    const saved = vi.fn();
    renderWithApp(<RegisterCertificateDialog loanId={LOAN} items={[ITEM]} onClose={() => {}} onSaved={saved} />, { user: KEEPER });
    fireEvent.click(await screen.findByTestId('certificate-save'));
    expect((await screen.findAllByText('Required')).length).toBeGreaterThanOrEqual(4);
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByTestId('certificate-number'), { target: { value: ' 沪他项0002 ' } });
    fireEvent.change(screen.getByTestId('certificate-issuer'), { target: { value: '登记局' } });
    fireEvent.change(screen.getByTestId('certificate-holder'), { target: { value: '担保公司' } });
    fireEvent.click(screen.getByTestId('certificate-kind'));
    fireEvent.click(await screen.findByText('Certificate of other rights'));
    fireEvent.click(screen.getByTestId('certificate-save'));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        path: `/server/loans/${LOAN}/certificates`,
        body: { collateralId: ITEM.id, kind: 'OTHER_RIGHTS', number: '沪他项0002', issuer: '登记局', holder: '担保公司' },
      },
    ]);
  });

  it('cancel: the reason is required and the dialog says it cannot be undone', async () => {
    renderWithApp(<ReasonDialog certificate={CERT} move="cancel" onClose={() => {}} onSaved={() => {}} />, { user: KEEPER });
    expect(await screen.findByText(/注销后不可恢复/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('cancel-save'));
    expect(await screen.findByText('必填')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('revalue: a value of zero is refused before sending', async () => {
    renderWithApp(<RevalueDialog loanId={LOAN} items={[ITEM]} onClose={() => {}} onSaved={() => {}} />, { user: KEEPER });
    fireEvent.change(await screen.findByTestId('revalue-value'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('revalue-save'));
    expect(await screen.findByText('请输入大于零的金额（最多两位小数）')).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
