import { guaranteeMachine, moveTargetTree } from '@app/workflow';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n';
import { jsonResponse, makeUser, renderWithApp } from '@/test/render';
import { MoveDialog } from './MoveDialog';
import type { StuckRow } from './operations-api';

const fetchMock = vi.fn<typeof fetch>();
const ADMIN = makeUser();
const ROW = {
  loanId: '5b0c8a52-4b8e-4f0e-9a43-0a4f0f6f1b00',
  company: '测试企业',
  state: { collection: 'toBeImproved' },
  version: 3,
} as unknown as StuckRow;
const sent: { path: string; body: unknown; key: string | null }[] = [];
let refuse = false;

if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => {}, removeEventListener: () => {} } });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  sent.length = 0;
  refuse = false;
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://x').pathname;
    if (path === '/server/operations/move-targets') return jsonResponse({ code: 'A00000', message: 'ok', data: moveTargetTree(guaranteeMachine) });
    sent.push({ path, body: init?.body ? JSON.parse(String(init.body)) : null, key: new Headers(init?.headers).get('Idempotency-Key') });
    if (refuse) return jsonResponse({ code: 'A03001', message: '贷款已被他人更新，请刷新后重试', data: null }, 409);
    return jsonResponse({ code: 'A00000', message: 'ok', data: {} });
  });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('zh-CN');
});

/** Picks a Mantine select's option once its choices are there (the targets arrive by their own request). */
async function choose(testId: string, option: string) {
  await waitFor(async () => {
    fireEvent.click(screen.getByTestId(testId));
    fireEvent.click(await screen.findByText(option, {}, { timeout: 200 }));
  });
}

async function chooseTarget() {
  await choose('ops-move-stage', '资料收集与完善');
  await choose('ops-move-pick', '资料已接收，待提交预审会');
}

describe('the move dialog', () => {
  it('says from where to where, asks a reason, and sends OPERATOR_MOVE with the loan’s version once', async () => {
    const closed = vi.fn();
    renderWithApp(<MoveDialog row={ROW} onClose={closed} />, { user: ADMIN });
    expect((await screen.findByTestId('ops-move-confirm')).hasAttribute('disabled')).toBe(true);
    await chooseTarget();
    expect((await screen.findByTestId('ops-move-summary')).textContent).toContain(
      '从「资料收集与完善：资料待完善」调整到「资料收集与完善：资料已接收，待提交预审会」',
    );
    fireEvent.click(screen.getByTestId('ops-move-confirm'));
    await screen.findByText('请填写原因');
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByTestId('ops-move-reason'), { target: { value: '线下已收齐' } });
    fireEvent.click(screen.getByTestId('ops-move-confirm'));
    await waitFor(() => expect(closed).toHaveBeenCalled());
    expect(sent).toHaveLength(1);
    expect(sent[0].path).toBe(`/server/loans/${ROW.loanId}/events`);
    expect(sent[0].body).toEqual({ type: 'OPERATOR_MOVE', payload: { target: { collection: 'received' }, reason: '线下已收齐' }, expectedVersion: 3 });
    expect(sent[0].key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps the dialog open with the server’s refusal in its words', async () => {
    refuse = true;
    const closed = vi.fn();
    renderWithApp(<MoveDialog row={ROW} onClose={closed} />, { user: ADMIN });
    await chooseTarget();
    fireEvent.change(screen.getByTestId('ops-move-reason'), { target: { value: '线下已收齐' } });
    fireEvent.click(screen.getByTestId('ops-move-confirm'));
    expect((await screen.findByTestId('ops-move-error')).textContent).toBe('贷款已被他人更新，请刷新后重试');
    expect(closed).not.toHaveBeenCalled();
  });
});
