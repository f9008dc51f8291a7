import { fireEvent, screen, waitFor } from '@testing-library/react';
import { demoActors, demoInput, eventsToStage, replay } from '@app/workflow';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionDialogForTests } from '@/api/http';
import { jsonResponse, makeUser, renderWithApp } from '@/test/render';
import { ActionFormModal } from './ActionFormModal';

const LOAN = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const BANK = '0b1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const TEMPLATE = '1c2d3e4f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const ok = (data: unknown) => jsonResponse({ code: 'A00000', message: 'ok', data });
const fetchMock = vi.fn<typeof fetch>();

const input = demoInput({ loanId: LOAN });
const snapshot = replay(input, eventsToStage(input, 'duringGuarantee'));
const open = {
  action: { type: 'CONTRACT_GENERATE' as const, permission: 'sys:contract:generate', label: { zh: '生成合同', en: 'Generate contract' } },
  version: 30,
  context: snapshot.context,
};

beforeEach(() => {
  resetSessionDialogForTests();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (request) => {
    const url = String(request);
    if (url.startsWith('/server/banks/options')) return ok([{ id: BANK, name: '浦发银行', category: 'JOINT_STOCK' }]);
    if (url.startsWith(`/server/banks/${BANK}/contract-templates`)) {
      return ok([{ id: TEMPLATE, contractType: 'MORTGAGE', version: 2, fileName: '抵押合同.docx' }]);
    }
    return ok({ loanId: LOAN, version: 31 });
  });
});
afterEach(() => vi.unstubAllGlobals());

const sentBody = () => {
  const [, init] = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/events'))!;
  return JSON.parse(String(init?.body));
};

async function chooseBank() {
  const bank = document.querySelector<HTMLInputElement>('[data-field="bankId"]')!;
  fireEvent.focus(bank);
  fireEvent.click(bank);
  fireEvent.click(await screen.findByText('浦发银行'));
}

describe('CONTRACT_GENERATE form (rendered)', () => {
  it('defaults the template to the whole contract set and sends no templateId', async () => {
    const onClose = vi.fn();
    renderWithApp(<ActionFormModal loanId={LOAN} open={open} onClose={onClose} />, {
      user: makeUser({ id: demoActors.aPost, authorityList: ['sys:contract:generate'] }),
    });
    await screen.findByTestId('action-form');
    const template = document.querySelector<HTMLInputElement>('[data-field="templateId"]')!;
    expect(template.value).toBe('全套合同');
    await chooseBank();
    await waitFor(() => expect(template.disabled).toBe(false));
    expect(template.value).toBe('全套合同');
    fireEvent.click(screen.getByTestId('action-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody()).toEqual({ type: 'CONTRACT_GENERATE', payload: { bankId: BANK }, expectedVersion: 30 });
  });

  it('sends the one template chosen instead', async () => {
    const onClose = vi.fn();
    renderWithApp(<ActionFormModal loanId={LOAN} open={open} onClose={onClose} />, {
      user: makeUser({ id: demoActors.aPost, authorityList: ['sys:contract:generate'] }),
    });
    await screen.findByTestId('action-form');
    await chooseBank();
    const template = document.querySelector<HTMLInputElement>('[data-field="templateId"]')!;
    await waitFor(() => expect(template.disabled).toBe(false));
    fireEvent.focus(template);
    fireEvent.click(template);
    // the whole set is the first choice, then the bank's enabled templates
    const mortgage = await screen.findByText('抵押合同 · 模板第 2 版 · 抵押合同.docx');
    const listbox = document.getElementById(template.getAttribute('aria-controls')!)!;
    const options = [...listbox.querySelectorAll('[data-combobox-option]')].map((o) => o.textContent);
    expect(options).toEqual(['全套合同', '抵押合同 · 模板第 2 版 · 抵押合同.docx']);
    fireEvent.click(mortgage);
    fireEvent.click(screen.getByTestId('action-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody()).toEqual({ type: 'CONTRACT_GENERATE', payload: { bankId: BANK, templateId: TEMPLATE }, expectedVersion: 30 });
  });
});
