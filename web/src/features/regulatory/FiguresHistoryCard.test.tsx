import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n';
import { jsonResponse, makeUser, renderWithApp } from '@/test/render';
import { FiguresHistoryCard, formatFigure, validPeriod } from './FiguresHistoryCard';

const fetchMock = vi.fn<typeof fetch>();
const POINTS = [
  {
    day: '2026-06-01',
    weightedBalanceFen: 123_456_78,
    compensationBalanceFen: 5_000_000,
    compensationRate: 0.01,
    recoveryRate: null,
    lossRate: 0,
    provisionCoverage: null,
  },
  {
    day: '2026-06-02',
    weightedBalanceFen: 200_000_00,
    compensationBalanceFen: 7_175_000,
    compensationRate: 0.0342,
    recoveryRate: null,
    lossRate: 0.02,
    provisionCoverage: 1.6,
  },
];

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) =>
    String(input).includes('/regulatory/figures/history')
      ? jsonResponse({ code: 'A00000', data: POINTS })
      : jsonResponse({ code: 'A00404', message: 'not found', data: null }, 404),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('zh-CN');
});

const reader = makeUser({ perms: ['statistics'], authorityList: ['statistics'] });
const lastUrl = () => new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://x');

describe('history of the figures', () => {
  it('checks the period and writes each figure as the page does', () => {
    expect(validPeriod('2026-01-01', '2026-06-30')).toBe(true);
    expect(validPeriod('2026-07-01', '2026-06-30')).toBe(false);
    expect(validPeriod('2010-01-01', '2026-06-30')).toBe(false);
    expect(validPeriod('', '2026-06-30')).toBe(false);
    expect([formatFigure('compensationBalanceFen', 7_175_000), formatFigure('lossRate', 0.02), formatFigure('recoveryRate', null)]).toEqual([
      '71,750.00',
      '2.00%',
      '—',
    ]);
  });

  it('asks the 90 days up to the day, lists the picked figure day by day, and asks again for a new period', async () => {
    renderWithApp(<FiguresHistoryCard asOf="2026-06-30" />, { user: reader });
    await screen.findByTestId('regulatory-history-chart');
    expect([lastUrl().pathname, lastUrl().searchParams.get('from'), lastUrl().searchParams.get('to')]).toEqual([
      '/server/regulatory/figures/history',
      '2026-04-01',
      '2026-06-30',
    ]);
    fireEvent.click(screen.getByText('表格'));
    const table = await screen.findByTestId('regulatory-history-table');
    expect([...table.querySelectorAll('tbody tr')].map((tr) => tr.textContent)).toEqual(['2026-06-01123,456.78', '2026-06-02200,000.00']);

    fireEvent.click(screen.getByTestId('regulatory-history-figure'));
    fireEvent.click(await screen.findByText('担保损失率'));
    await waitFor(() => expect(table.querySelector('thead')!.textContent).toContain('担保损失率'));
    expect([...table.querySelectorAll('tbody tr')].map((tr) => tr.textContent)).toEqual(['2026-06-010.00%', '2026-06-022.00%']);

    fireEvent.change(screen.getByTestId('regulatory-history-from'), { target: { value: '2026-07-01' } });
    fireEvent.blur(screen.getByTestId('regulatory-history-from'));
    expect(await screen.findByTestId('regulatory-history-invalid')).toBeTruthy();
  });

  it('says so when no snapshot has the figure (en)', async () => {
    await setLanguage('en');
    renderWithApp(<FiguresHistoryCard asOf="2026-06-30" />, { user: reader });
    await screen.findByTestId('regulatory-history-chart');
    fireEvent.click(screen.getByTestId('regulatory-history-figure'));
    fireEvent.click(await screen.findByText('Recovery rate'));
    expect((await screen.findByTestId('regulatory-history-empty')).textContent).toBe('No daily snapshot in this period');
  });
});
