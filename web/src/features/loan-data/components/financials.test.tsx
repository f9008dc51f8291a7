import { fireEvent, screen, within } from '@testing-library/react';
import { exampleStatements, type FinancialStatements } from '@app/workflow';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { FinancialsEditor, RatioTable } from './financials';

const cell = (testId: string) => within(screen.getByTestId(testId)).getByText(/./).textContent;

describe('RatioTable: the ratios computed from the statements', () => {
  it('shows percentages, multiples and a dash where nothing can be computed', () => {
    renderWithApp(<RatioTable statements={exampleStatements(2024)} lang="zh" />);
    expect(cell('ratio-currentRatio-2')).toBe('1.60');
    expect(cell('ratio-debtToAsset-2')).toBe('55.00%');
    expect(cell('ratio-interestCoverage-2')).toBe('6.00');
    expect(cell('ratio-netProfitGrowth-2')).toBe('20.00%');
    // The first year has no year before it.
    expect(cell('ratio-revenueGrowth-0')).toBe('—');
    expect(screen.getByText('2024年')).toBeTruthy();
  });

  it('shows a dash for a zero divisor and for a year not given', () => {
    const s = exampleStatements(2024);
    s.lines.totalCurrentLiabilities = [3500, 0, 4000];
    s.years = [null, 2023, 2024];
    renderWithApp(<RatioTable statements={s} lang="en" />);
    expect(cell('ratio-currentRatio-1')).toBe('—');
    expect(cell('ratio-currentRatio-0')).toBe('—');
    expect(cell('ratio-currentRatio-2')).toBe('1.60');
    expect(screen.getByText('Current ratio')).toBeTruthy();
  });
});

function Harness({ initial }: { initial: FinancialStatements }) {
  const [value, setValue] = useState<FinancialStatements>(initial);
  return (
    <>
      <FinancialsEditor value={value} onChange={setValue} path="financials.statements" errorOf={() => undefined} lang="zh" />
      <RatioTable statements={value} lang="zh" />
    </>
  );
}

describe('FinancialsEditor', () => {
  it('recomputes the ratios as the statements are typed', () => {
    renderWithApp(<Harness initial={{ unit: 'TEN_THOUSAND_YUAN', form: 'SUMMARY', years: [2022, 2023, 2024], lines: {} }} />);
    expect(cell('ratio-currentRatio-2')).toBe('—');
    fireEvent.change(screen.getByTestId('fin-totalCurrentAssets-2'), { target: { value: '6,000' } });
    fireEvent.change(screen.getByTestId('fin-totalCurrentLiabilities-2'), { target: { value: '2400' } });
    expect(cell('ratio-currentRatio-2')).toBe('2.50');
    fireEvent.change(screen.getByTestId('fin-totalCurrentLiabilities-2'), { target: { value: '0' } });
    expect(cell('ratio-currentRatio-2')).toBe('—');
  });

  it('shows the summary set, or every line of the full statements', () => {
    renderWithApp(<Harness initial={exampleStatements(2024)} />);
    expect(screen.queryByTestId('fin-goodwill-0')).toBeNull();
    fireEvent.click(screen.getByText('完整报表'));
    expect(screen.getByTestId('fin-goodwill-0')).toBeTruthy();
    expect((screen.getByTestId('fin-totalAssets-2') as HTMLInputElement).value).toBe('12000');
  });

  it('warns when a balance sheet does not balance', () => {
    const s = exampleStatements(2024);
    s.lines.totalEquity = [4500, 4000, 5400];
    renderWithApp(<Harness initial={s} />);
    expect(screen.getByTestId('financials-unbalanced').textContent).toContain('2023年');
  });
});
