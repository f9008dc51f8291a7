import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EVENT_PERMISSIONS, type EventType } from '@app/workflow';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActionFormModal } from '@/features/loan-node/components/ActionFormModal';
import { setLanguage } from '@/i18n';
import { jsonResponse, makeUser, renderWithApp } from '@/test/render';
import { BAD_LOAN_ID, badLoanAfter } from './bad-loan.fixtures';
import { compensationFigures, moneyStepOf } from './bad-loan-figures';

const fetchMock = vi.fn<typeof fetch>();
let bodySent: unknown;

// The reason's autosized textarea listens to font loading, which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => {}, removeEventListener: () => {} } });
}

beforeEach(() => {
  bodySent = undefined;
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    if (String(input).endsWith(`/loans/${BAD_LOAN_ID}/events`)) bodySent = JSON.parse(String(init?.body));
    return jsonResponse({ code: 'A00000', message: 'ok', data: null });
  });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('zh-CN');
});

const LABELS: Partial<Record<EventType, { zh: string; en: string }>> = {
  COMPENSATION_PAY: { zh: '代偿支付', en: 'Pay compensation' },
  RECOVERY_CLOSE: { zh: '追偿结案', en: 'Close recovery' },
  RECOVERY_WRITE_OFF_APPROVE: { zh: '核销审批', en: 'Approve write-off' },
};

/** The dialog of `type` on the bad-loan path's loan right after `after`. */
function open(type: EventType, after: EventType, nth = 1) {
  const { snapshot, view } = badLoanAfter(after, nth);
  renderWithApp(
    <ActionFormModal
      loanId={BAD_LOAN_ID}
      open={{ action: { type, permission: EVENT_PERMISSIONS[type], label: LABELS[type]! }, version: view.version, context: snapshot.context }}
      onClose={() => {}}
    />,
    { user: makeUser() },
  );
  return { version: view.version };
}
const submit = () => screen.getByTestId('action-submit') as HTMLButtonElement;

describe('the figures of a bad loan', () => {
  it('reads the amounts, what was paid and recovered, and the balance from the context', () => {
    expect(compensationFigures(badLoanAfter('COMPENSATION_APPROVE').snapshot.context)).toEqual({
      principalFen: 10_000_000,
      interestFen: 200_000,
      penaltyFen: 50_000,
      totalFen: 10_250_000,
      paidFen: 0,
      recoveredFen: 0,
      writtenOffFen: 0,
      balanceFen: 0,
    });
    expect(compensationFigures(badLoanAfter('RECOVERY_RECORD', 2).snapshot.context)).toMatchObject({
      paidFen: 10_250_000,
      recoveredFen: 4_100_000,
      balanceFen: 6_150_000,
    });
    expect(compensationFigures(badLoanAfter('RECOVERY_WRITE_OFF_APPROVE').snapshot.context)).toMatchObject({ writtenOffFen: 6_150_000, balanceFen: 0 });
    expect(compensationFigures(badLoanAfter('OVERDUE_NOTICE').snapshot.context)).toBeNull();
  });

  it('asks a confirmation only of the money steps, and of a close only when it writes off', () => {
    const context = badLoanAfter('RECOVERY_RECORD', 2).snapshot.context;
    expect(moneyStepOf('RECOVERY_RECORD', context, {})).toBeNull();
    expect(moneyStepOf('RECOVERY_CLOSE', context, { outcome: null })).toBeNull();
    expect(moneyStepOf('RECOVERY_CLOSE', context, { outcome: 'RECOVERED' })).toMatchObject({ kind: 'balanceOpen', confirm: false });
    expect(moneyStepOf('RECOVERY_CLOSE', context, { outcome: 'WRITTEN_OFF' })).toMatchObject({ kind: 'writeOffRequest', confirm: true });
    expect(moneyStepOf('COMPENSATION_PAY', null, {})).toMatchObject({ kind: 'pay', confirm: true, figures: null });
  });
});

describe('money steps are never one careless click', () => {
  it('COMPENSATION_PAY says what goes to the bank and waits for its own tick', async () => {
    const { version } = open('COMPENSATION_PAY', 'COMPENSATION_APPROVE');
    const form = await screen.findByTestId('action-form');
    expect(within(form).getByTestId('money-step').getAttribute('data-kind')).toBe('pay');
    expect(within(form).getByTestId('money-step-words').textContent).toBe(
      '代偿支付：将向银行支付 102,500.00 元（本金 100,000.00 元、利息 2,000.00 元、罚息 500.00 元）。支付后该金额转为代偿余额，贷款进入追偿，不可撤回。',
    );
    fireEvent.change(form.querySelector('[data-field="paidOn"]') as HTMLInputElement, { target: { value: '2026-07-01' } });
    const tick = within(form).getByLabelText('我确认向银行支付 102,500.00 元') as HTMLInputElement;
    expect(tick.checked).toBe(false);
    expect(submit().disabled).toBe(true);
    fireEvent.click(submit());
    await new Promise((r) => setTimeout(r, 20));
    expect(bodySent).toBeUndefined();
    fireEvent.click(tick);
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    await waitFor(() => expect(bodySent).toEqual({ type: 'COMPENSATION_PAY', payload: { paidOn: '2026-07-01' }, expectedVersion: version }));
  });

  it('RECOVERY_CLOSE defaults to recovered; a write-off names the loss and needs a tick that a change of outcome takes back', async () => {
    const { version } = open('RECOVERY_CLOSE', 'RECOVERY_RECORD', 2);
    const form = await screen.findByTestId('action-form');
    // the ordinary case is chosen, with the open balance said (the machine refuses it while one is open)
    expect(within(form).getByTestId('money-step').getAttribute('data-kind')).toBe('balanceOpen');
    expect(within(form).getByTestId('money-step').textContent).toContain('尚有代偿余额 61,500.00 元未追回');
    expect(within(form).queryByTestId('money-step-confirm')).toBeNull();

    fireEvent.click(within(form).getByRole('radio', { name: '余额核销' }));
    const words = await within(form).findByTestId('money-step-words');
    expect(words.textContent).toBe('申请核销：已代偿 102,500.00 元，已追回 41,000.00 元，剩余 61,500.00 元经领导审批后将核销为损失，不再追偿。');
    fireEvent.change(form.querySelector('[data-field="reason"]') as HTMLTextAreaElement, { target: { value: '执行终结' } });
    expect(submit().disabled).toBe(true);
    fireEvent.click(within(form).getByLabelText('我确认申请将 61,500.00 元核销为损失'));
    await waitFor(() => expect(submit().disabled).toBe(false));
    // back to recovered and to written off again: the tick was for the other choice
    fireEvent.click(within(form).getByRole('radio', { name: '全额收回' }));
    fireEvent.click(within(form).getByRole('radio', { name: '余额核销' }));
    await waitFor(() => expect((within(form).getByTestId('money-step-confirm') as HTMLInputElement).checked).toBe(false));
    expect(submit().disabled).toBe(true);
    fireEvent.click(within(form).getByTestId('money-step-confirm'));
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    await waitFor(() =>
      expect(bodySent).toEqual({ type: 'RECOVERY_CLOSE', payload: { outcome: 'WRITTEN_OFF', reason: '执行终结' }, expectedVersion: version }),
    );
  });

  it('RECOVERY_WRITE_OFF_APPROVE names the loss and the reason, in English too', async () => {
    await setLanguage('en');
    open('RECOVERY_WRITE_OFF_APPROVE', 'RECOVERY_CLOSE');
    const form = await screen.findByTestId('action-form');
    expect(within(form).getByTestId('money-step-words').textContent).toBe(
      'Write-off approval: the compensation balance of 61,500.00 yuan becomes a loss (102,500.00 yuan compensated, 41,000.00 yuan recovered) and the loan closes; this cannot be undone.',
    );
    expect(within(form).getByText('Reason for the write-off: 演示：执行终结，余额核销')).toBeTruthy();
    expect(submit().disabled).toBe(true);
    fireEvent.click(within(form).getByLabelText('I confirm writing off 61,500.00 yuan as a loss'));
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    await waitFor(() => expect(bodySent).toMatchObject({ type: 'RECOVERY_WRITE_OFF_APPROVE', payload: {} }));
  });
});
