import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n';
import { jsonResponse, makeUser, renderWithApp } from '@/test/render';
import { BadLoanFigures } from './BadLoanFigures';
import type { RegulatoryFigures } from './regulatory-api';

const fetchMock = vi.fn<typeof fetch>();

/** Only the fields the card reads; the rest of the figures do not matter here. */
const FIGURES = {
  asOf: '2026-06-30',
  balanceFen: 400_000_000,
  grossBalanceFen: 500_000_000,
  bankShareFen: 100_000_000,
  compensationBalanceFen: 7_175_000,
  compensationRate: { value: 0.0341666, reason: null },
  recoveryRate: { value: null, reason: 'noDivisor' },
  lossRate: { value: 0.0205, reason: null },
  provisions: { unearnedPremiumReserveFen: 4_000_000, compensationReserveFen: 8_000_000 },
  provisionCoverage: { value: 1.6724738, reason: null },
  provisionSettings: {
    id: 1,
    validFrom: '1900-01-01',
    unearnedPremiumRateBp: 5000,
    compensationReserveRateBp: 100,
    compensationReserveCapBp: 1000,
    changedByName: null,
    changedAt: '2026-01-01T00:00:00.000Z',
  },
  basis: {
    yearStart: '2026-01-01',
    compensationPaidInYearFen: 10_250_000,
    recoveredInYearFen: 0,
    writtenOffInYearFen: 6_150_000,
    releasedInYearFen: 300_000_000,
    compensationBalanceAtYearStartFen: 0,
    premiumIncomeInYearFen: 8_000_000,
    yearEndBalances: [
      { year: 2024, balanceFen: 400_000_000 },
      { year: 2025, balanceFen: 400_000_000 },
    ],
  },
} as unknown as RegulatoryFigures;

function serve(history: unknown[]) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/regulatory/figures/history')) return jsonResponse({ code: 'A00000', data: history });
    return jsonResponse({ code: 'A00404', message: 'not found', data: null }, 404);
  });
}

const reader = makeUser({ perms: ['statistics'], authorityList: ['statistics'] });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('zh-CN');
});

describe('figures of loans that went bad', () => {
  it('shows the balance, the rates (none with the reason), the provisions, the banks share, and charts the snapshots (zh)', async () => {
    serve([
      {
        day: '2026-06-01',
        weightedBalanceFen: 1,
        compensationBalanceFen: 5_000_000,
        compensationRate: 0.01,
        recoveryRate: null,
        lossRate: 0,
        provisionCoverage: null,
      },
      {
        day: '2026-06-30',
        weightedBalanceFen: 1,
        compensationBalanceFen: 7_175_000,
        compensationRate: 0.03,
        recoveryRate: null,
        lossRate: 0.02,
        provisionCoverage: 1.6,
      },
    ]);
    renderWithApp(<BadLoanFigures figures={FIGURES} />, { user: reader });
    expect(screen.getByTestId('regulatory-compensation-balance-value').textContent).toBe('71,750.00');
    expect(screen.getByTestId('regulatory-compensation-rate-value').textContent).toBe('3.42%');
    expect(screen.getByTestId('regulatory-recovery-rate-value').textContent).toBe('无');
    expect(screen.getByTestId('regulatory-recovery-rate').textContent).toContain('除数为零');
    expect(screen.getByTestId('regulatory-loss-rate-value').textContent).toBe('2.05%');
    expect(screen.getByTestId('regulatory-unearned-value').textContent).toBe('40,000.00');
    expect(screen.getByTestId('regulatory-reserve-value').textContent).toBe('80,000.00');
    expect(screen.getByTestId('regulatory-reserve').textContent).toContain('2 个年末');
    expect(screen.getByTestId('regulatory-coverage-value').textContent).toBe('167.25%');
    expect(screen.getByTestId('regulatory-bank-share-value').textContent).toBe('1,000,000.00');

    const chart = await screen.findByTestId('regulatory-chart');
    await waitFor(() => expect(chart.querySelectorAll('polyline')).toHaveLength(4));
    const balance = chart.querySelector('polyline[data-series="compensationBalanceFen"]')!;
    // two snapshots, two points; recovery rate has none (null every day)
    expect(balance.getAttribute('points')!.split(' ')).toHaveLength(2);
    expect(chart.querySelector('polyline[data-series="recoveryRate"]')!.getAttribute('points')).toBe('');
    const url = new URL(String(fetchMock.mock.calls[0][0]), 'http://x');
    expect([url.pathname, url.searchParams.get('from'), url.searchParams.get('to')]).toEqual([
      '/server/regulatory/figures/history',
      '2026-04-01',
      '2026-06-30',
    ]);
  });

  it('speaks English and says when there is no snapshot yet', async () => {
    await setLanguage('en');
    serve([]);
    renderWithApp(<BadLoanFigures figures={FIGURES} />, { user: reader });
    expect(screen.getByTestId('regulatory-recovery-rate-value').textContent).toBe('None');
    expect(screen.getByTestId('regulatory-recovery-rate').textContent).toContain('divisor is zero');
    expect(await screen.findByTestId('regulatory-chart-empty')).toBeTruthy();
    expect(screen.getByTestId('regulatory-bad-loans').textContent).toContain('Compensation, recovery and provisions (2026-01-01 to 2026-06-30)');
  });
});
