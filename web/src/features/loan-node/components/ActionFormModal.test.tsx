import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EVENT_PERMISSIONS } from '@app/workflow';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderWithApp } from '@/test/render';
import { ActionFormModal } from './ActionFormModal';

const LOAN = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const ok = (data: unknown) => jsonResponse({ code: 'A00000', message: 'ok', data });
const fetchMock = vi.fn<typeof fetch>();
const register = {
  loanId: LOAN,
  amountFen: 200_000_000,
  totalAppraisedFen: 300_000_000,
  ltvBp: 6667,
  editable: true,
  state: 'pending',
  rows: [
    {
      id: 'c1',
      kind: 'MORTGAGE',
      owner: '李四',
      description: '厂房',
      appraisedValueFen: 300_000_000,
      certificateNo: '沪(2026)浦字第000123号',
      ltvBp: 6667,
      createdAt: '2026-01-01T00:00:00Z',
    },
  ],
};
let bodySent: unknown;

beforeEach(() => {
  bodySent = undefined;
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith(`/loans/${LOAN}/collaterals`)) return ok(register);
    if (url.endsWith(`/loans/${LOAN}/events`)) {
      bodySent = JSON.parse(String(init?.body));
      return ok(null);
    }
    return ok(null);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the action form of COUNTER_GUARANTEE_CONFIRM', () => {
  it("is a plain confirm showing the register's items read-only, and sends no collateral", async () => {
    const bpost = makeUser({ roles: ['ROLE_USER'], authorityList: [EVENT_PERMISSIONS.COUNTER_GUARANTEE_CONFIRM] });
    renderWithApp(
      <ActionFormModal
        loanId={LOAN}
        open={{
          action: {
            type: 'COUNTER_GUARANTEE_CONFIRM',
            permission: EVENT_PERMISSIONS.COUNTER_GUARANTEE_CONFIRM,
            label: { zh: 'B岗确认', en: 'B-post confirm' },
          },
          version: 7,
          context: null,
        }}
        onClose={() => {}}
      />,
      { user: bpost },
    );
    const form = await screen.findByTestId('action-form');
    expect(within(form).getByText('确认执行“B岗确认”吗？')).toBeTruthy();
    const items = await within(form).findAllByTestId('collateral-register-item');
    expect(items.map((item) => item.textContent)).toEqual(['抵押 · 李四 · 3,000,000.00 · 沪(2026)浦字第000123号']);
    // nothing to type: no id/kind rows, no add button
    expect(form.querySelectorAll('input, textarea')).toHaveLength(0);
    expect(within(form).queryByText('添加一项')).toBeNull();

    fireEvent.click(within(form).getByTestId('action-submit'));
    await waitFor(() => expect(bodySent).toBeDefined());
    expect(bodySent).toEqual({ type: 'COUNTER_GUARANTEE_CONFIRM', payload: {}, expectedVersion: 7 });
  });

  it('says so when the register is empty', async () => {
    fetchMock.mockImplementation(async (input) => (String(input).endsWith('/collaterals') ? ok({ ...register, rows: [] }) : ok(null)));
    renderWithApp(
      <ActionFormModal
        loanId={LOAN}
        open={{
          action: {
            type: 'COUNTER_GUARANTEE_CONFIRM',
            permission: EVENT_PERMISSIONS.COUNTER_GUARANTEE_CONFIRM,
            label: { zh: 'B岗确认', en: 'B-post confirm' },
          },
          version: 7,
          context: null,
        }}
        onClose={() => {}}
      />,
      { user: makeUser() },
    );
    expect(await screen.findByText('暂无反担保物，可直接提交。')).toBeTruthy();
    expect(screen.queryAllByTestId('collateral-register-item')).toHaveLength(0);
  });
});

describe('the dialog of a step that stands on a document', () => {
  it('holds the file picker: confirm stays disabled until the file is uploaded to document.upload', async () => {
    const posted: string[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith(`/loans/${LOAN}/counter-guarantee`) && init?.method === 'POST') {
        posted.push(url);
        return ok({ id: 'a1' });
      }
      if (url.endsWith(`/loans/${LOAN}/events`)) {
        bodySent = JSON.parse(String(init?.body));
        return ok(null);
      }
      return ok(null);
    });
    renderWithApp(
      <ActionFormModal
        loanId={LOAN}
        open={{
          action: {
            type: 'COUNTER_GUARANTEE_UPLOAD',
            permission: EVENT_PERMISSIONS.COUNTER_GUARANTEE_UPLOAD,
            label: { zh: '上传反担保附件', en: 'Upload counter-guarantee file' },
            document: { kind: 'COUNTER_GUARANTEE', upload: `/server/loans/${LOAN}/counter-guarantee`, present: false },
          },
          version: 7,
          context: null,
        }}
        onClose={() => {}}
      />,
      { user: makeUser() },
    );
    const form = await screen.findByTestId('action-form');
    const evidence = within(form).getByTestId('evidence-upload');
    expect(evidence.getAttribute('data-present')).toBe('false');
    expect(within(evidence).getByText('本步骤须有本轮上传的反担保附件')).toBeTruthy();
    expect((within(form).getByTestId('action-submit') as HTMLButtonElement).disabled).toBe(true);

    const input = form.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], '反担保.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(within(form).getByTestId('evidence-upload').getAttribute('data-present')).toBe('true'));
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatch(new RegExp(`^/server/loans/${LOAN}/counter-guarantee$`));
    expect((within(form).getByTestId('action-submit') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(within(form).getByTestId('action-submit'));
    await waitFor(() => expect(bodySent).toEqual({ type: 'COUNTER_GUARANTEE_UPLOAD', payload: {}, expectedVersion: 7 }));
  });
});

describe('the repayment dialog', () => {
  const plan = {
    method: 'EQUAL_PRINCIPAL',
    annualRatePercent: null,
    disbursedOn: '2026-12-15',
    principalFen: 330_000_000,
    repaidFen: 0,
    termMonths: 11,
    maturityOn: '2027-11-15',
    instalments: Array.from({ length: 11 }, (_, n) => ({
      id: `i${n + 1}`,
      seq: n + 1,
      dueOn: `2027-${String(n + 1).padStart(2, '0')}-15`,
      principalFen: 30_000_000,
      interestFen: null,
      repaidFen: 0,
      state: 'DUE',
      voucher: null,
    })),
  };
  const open = () =>
    renderWithApp(
      <ActionFormModal
        loanId={LOAN}
        open={{
          action: {
            type: 'RECORD_REPAYMENT',
            permission: EVENT_PERMISSIONS.RECORD_REPAYMENT,
            label: { zh: '上传还款凭证', en: 'Record repayment' },
            document: { kind: 'REPAYMENT_VOUCHER', upload: `/server/loans/${LOAN}/instalments/i1/voucher`, present: true },
          },
          version: 9,
          context: null,
        }}
        onClose={() => {}}
      />,
      { user: makeUser() },
    );

  beforeEach(() => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith(`/loans/${LOAN}/repayment-plan`)) return ok(plan);
      if (url.endsWith(`/loans/${LOAN}/events`)) {
        bodySent = JSON.parse(String(init?.body));
        return ok(null);
      }
      return ok(null);
    });
  });

  it('names the instalment and offers its amount, never the whole principal', async () => {
    open();
    const form = await screen.findByTestId('action-form');
    expect((await within(form).findByTestId('repayment-dialog-instalment')).textContent).toBe(
      '本次还款：第 1 期（到期日 2027-01-15），本期应还本金 300,000.00 元',
    );
    await waitFor(() => expect((form.querySelector('[data-field="amount"]') as HTMLInputElement).value).toBe('300,000'));
    expect(within(form).queryByTestId('early-settlement')).toBeNull();
    fireEvent.click(within(form).getByTestId('action-submit'));
    await waitFor(() => expect(bodySent).toEqual({ type: 'RECORD_REPAYMENT', payload: { amount: 300_000 }, expectedVersion: 9 }));
  });

  it('states an early settlement in words and needs its own confirmation', async () => {
    open();
    const form = await screen.findByTestId('action-form');
    const amount = form.querySelector('[data-field="amount"]') as HTMLInputElement;
    await waitFor(() => expect(amount.value).toBe('300,000'));
    fireEvent.change(amount, { target: { value: '3300000' } });
    const early = await within(form).findByTestId('early-settlement');
    expect(early.textContent).toContain('提前还款：3,300,000.00 元将还清全部剩余 11 期');
    expect((within(form).getByTestId('action-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(amount, { target: { value: '950000' } });
    await waitFor(() =>
      expect(within(form).getByTestId('early-settlement').textContent).toContain('将还清第 1 至第 3 期，共 3 期；还款后剩余未还本金 2,350,000.00 元'),
    );
    const confirm = within(form).getByLabelText('我确认这是提前还款（一次还清多期）') as HTMLInputElement;
    expect(confirm.checked).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect((within(form).getByTestId('action-submit') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(form).getByTestId('action-submit'));
    await waitFor(() => expect(bodySent).toEqual({ type: 'RECORD_REPAYMENT', payload: { amount: 950_000, earlySettlement: true }, expectedVersion: 9 }));
  });
});
