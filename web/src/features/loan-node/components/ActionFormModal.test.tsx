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
