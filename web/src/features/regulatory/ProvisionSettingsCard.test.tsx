import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n';
import { jsonResponse, makeUser, renderWithApp } from '@/test/render';
import { percentToBp, provisionErrors, ProvisionSettingsCard, toProvisionInput } from './ProvisionSettingsCard';

const fetchMock = vi.fn<typeof fetch>();
const VERSIONS = [
  {
    id: 2,
    validFrom: '2026-01-01',
    unearnedPremiumRateBp: 5000,
    compensationReserveRateBp: 150,
    compensationReserveCapBp: 1000,
    changedByName: '管理员',
    changedAt: '2026-01-02T01:00:00.000Z',
  },
  {
    id: 1,
    validFrom: '1900-01-01',
    unearnedPremiumRateBp: 5000,
    compensationReserveRateBp: 100,
    compensationReserveCapBp: 1000,
    changedByName: null,
    changedAt: '2025-01-01T00:00:00.000Z',
  },
];

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/regulatory/provision-settings/history')) return jsonResponse({ code: 'A00000', data: VERSIONS });
    if (url.includes('/regulatory/provision-settings') && init?.method === 'POST') return jsonResponse({ code: 'A00000', data: { ...VERSIONS[0], id: 3 } });
    return jsonResponse({ code: 'A00404', message: 'not found', data: null }, 404);
  });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('zh-CN');
});

describe('provision rates form', () => {
  it('checks the day, each rate (0-100, two decimals) and the cap against the rate', () => {
    const ok = { validFrom: '2026-07-01', unearnedPremiumRate: 50, compensationReserveRate: 1.5, compensationReserveCap: 10 };
    expect(provisionErrors(ok)).toEqual({});
    expect(toProvisionInput(ok)).toEqual({
      validFrom: '2026-07-01',
      unearnedPremiumRateBp: 5000,
      compensationReserveRateBp: 150,
      compensationReserveCapBp: 1000,
    });
    expect(provisionErrors({ ...ok, validFrom: '2026-02-30', unearnedPremiumRate: 100.5, compensationReserveRate: '' })).toEqual({
      validFrom: 'regulatory.provisions.errors.validFrom',
      unearnedPremiumRate: 'regulatory.provisions.errors.rate',
      compensationReserveRate: 'regulatory.provisions.errors.rate',
    });
    expect(provisionErrors({ ...ok, compensationReserveCap: 1 })).toEqual({ compensationReserveCap: 'regulatory.provisions.errors.capBelowRate' });
    expect([percentToBp(12.34), percentToBp(12.345), percentToBp(-1), percentToBp(0)]).toEqual([1234, null, null, 0]);
  });

  it('lists every version; an administrator adds one after a confirmation naming the rates', async () => {
    renderWithApp(<ProvisionSettingsCard />, { user: makeUser({ roles: ['ROLE_ADMIN'] }) });
    const history = await screen.findByTestId('provision-history');
    await waitFor(() => expect(history.querySelectorAll('tbody tr')).toHaveLength(2));
    expect(history.textContent).toContain('1.50%');
    expect(history.textContent).toContain('初始默认值');
    const cap = screen.getByTestId('provision-compensationReserveCap') as HTMLInputElement;
    await waitFor(() => expect(cap.value).toBe('10%'));
    fireEvent.change(cap, { target: { value: '1' } });
    expect(await screen.findByText('累计上限不能低于每年提取比例')).toBeTruthy();
    expect((screen.getByTestId('provision-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(cap, { target: { value: '12' } });
    await waitFor(() => expect((screen.getByTestId('provision-save') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('provision-save'));
    const text = await screen.findByTestId('provision-confirm-text');
    expect(text.textContent).toContain('1.50%');
    expect(text.textContent).toContain('累计上限 12.00%');
    expect(text.textContent).toContain('当前最新版本：50.00% / 1.50% / 10.00%');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByTestId('provision-confirm'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toMatchObject({ unearnedPremiumRateBp: 5000, compensationReserveRateBp: 150, compensationReserveCapBp: 1200 });
  });

  it('shows only the history to a reader, in English', async () => {
    await setLanguage('en');
    renderWithApp(<ProvisionSettingsCard />, { user: makeUser({ perms: ['statistics'], authorityList: ['statistics'] }) });
    const history = await screen.findByTestId('provision-history');
    await waitFor(() => expect(history.querySelectorAll('tbody tr')).toHaveLength(2));
    expect(screen.queryByTestId('provision-save')).toBeNull();
    expect(screen.getByTestId('regulatory-provisions').textContent).toContain('Provision rates');
  });
});
