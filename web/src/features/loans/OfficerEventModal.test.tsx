import { fireEvent, screen, waitFor } from '@testing-library/react';
import { demoActors, demoInput, eventsToStage, replay, statusLabels } from '@app/workflow';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionDialogForTests } from '@/api/http';
import { jsonResponse, makeUser, renderWithApp } from '@/test/render';
import type { LoanRow } from '@/features/loan-list/loan-list-api';
import { OfficerEventModal } from './OfficerEventModal';

const LOAN = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const ok = (data: unknown) => jsonResponse({ code: 'A00000', message: 'ok', data });
const fetchMock = vi.fn<typeof fetch>();

const input = demoInput({ loanId: LOAN });
const snapshot = replay(input, eventsToStage(input, 'riskControl'));

function riskControlRow(): LoanRow {
  return {
    id: LOAN,
    companyId: 'c1',
    companyName: '上海列表测试有限公司',
    creditCode: '91310000MA1FL00000',
    amount: 1_000_000,
    termMonths: 12,
    bank: null,
    loanType: null,
    aPostOfficer: { id: demoActors.aPost, name: 'A岗 王敏' },
    bPostOfficer: { id: demoActors.bPost, name: 'B岗 李强' },
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
      version: 9,
      stage: 'riskControl',
      state: snapshot.value,
      statusLabels: statusLabels(snapshot),
      legalActions: [],
    },
  };
}

beforeEach(() => {
  resetSessionDialogForTests();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/server/loans/officers')) {
      return ok([
        { id: 'b2', username: 'bpost2', nickname: 'B岗 周' },
        { id: demoActors.bPost, username: 'bpost', nickname: 'B岗 李强' },
      ]);
    }
    return ok({ loanId: LOAN, version: 10 });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('transfer data (rendered)', () => {
  it('needs a choice, offers only the other B-post officers, sends TRANSFER_DATA with the version seen', async () => {
    const onClose = vi.fn();
    renderWithApp(
      <OfficerEventModal
        target={{ row: riskControlRow(), type: 'TRANSFER_DATA', label: '转移数据', version: 9, context: snapshot.context }}
        onClose={onClose}
      />,
      {
        user: makeUser({ id: demoActors.bPost, authorityList: ['sys:risk:transfer'] }),
      },
    );
    await screen.findByTestId('transfer-form');
    fireEvent.click(screen.getByTestId('officer-submit'));
    expect(await screen.findByText('请选择B岗经办人')).toBeTruthy();

    const select = document.querySelector<HTMLInputElement>('[data-field="toOfficerId"]')!;
    fireEvent.focus(select);
    fireEvent.click(select);
    fireEvent.change(select, { target: { value: 'B岗' } });
    fireEvent.click(await screen.findByText('B岗 周（bpost2）'));
    // The current officer is not offered.
    expect(screen.queryByText('B岗 李强（bpost）')).toBeNull();
    fireEvent.click(screen.getByTestId('officer-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/events'))!;
    expect(String(url)).toBe(`/server/loans/${LOAN}/events`);
    expect(JSON.parse(String(init?.body))).toEqual({ type: 'TRANSFER_DATA', payload: { toOfficerId: 'b2' }, expectedVersion: 9 });
  });

  it("shows the server's refusal in the form, and its field error beside the choice", async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/server/loans/officers')) return ok([{ id: 'b2', username: 'bpost2', nickname: 'B岗 周' }]);
      return jsonResponse(
        { code: 'A03005', message: '操作参数有误', data: { fieldErrors: [{ field: 'toOfficerId', message: 'is not a B-post officer' }] } },
        400,
      );
    });
    const onClose = vi.fn();
    renderWithApp(
      <OfficerEventModal
        target={{ row: riskControlRow(), type: 'TRANSFER_DATA', label: '转移数据', version: 9, context: snapshot.context }}
        onClose={onClose}
      />,
      { user: makeUser({ id: demoActors.bPost, authorityList: ['sys:risk:transfer'] }) },
    );
    await screen.findByTestId('transfer-form');
    const select = document.querySelector<HTMLInputElement>('[data-field="toOfficerId"]')!;
    fireEvent.focus(select);
    fireEvent.click(select);
    fireEvent.click(await screen.findByText('B岗 周（bpost2）'));
    fireEvent.click(screen.getByTestId('officer-submit'));

    // The refusal belongs to the field: said there (not in an alert at the top of the modal).
    expect(await screen.findByText(/is not a B-post officer/)).toBeTruthy();
    expect(screen.queryByTestId('form-error')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
