import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { renderWithApp } from '@/test/render';
import { MigrationMatrix } from './MigrationMatrix';
import type { ClassificationMigration, MigrationCell } from './statistics-api';

const KEYS = ['NORMAL', 'SPECIAL_MENTION', 'SUBSTANDARD', 'DOUBTFUL', 'LOSS', 'UNCLASSIFIED'] as const;
const LABELS = [
  { zh: '正常', en: 'Normal' },
  { zh: '关注', en: 'Special mention' },
  { zh: '次级', en: 'Substandard' },
  { zh: '可疑', en: 'Doubtful' },
  { zh: '损失', en: 'Loss' },
  { zh: '未分类', en: 'Unclassified' },
];
const cell = (loans: number, fromYuan: number, toYuan: number): MigrationCell => ({ loans, fromBalanceFen: fromYuan * 100, toBalanceFen: toYuan * 100 });
const empty = cell(0, 0, 0);

/** Two loans: one NORMAL -> DOUBTFUL (1,000,000 -> 800,000 yuan), one never classified (200,000). */
function matrix(balanced = true): ClassificationMigration {
  const rows = KEYS.map((from) => ({
    from,
    cells: KEYS.map((to) =>
      from === 'NORMAL' && to === 'DOUBTFUL' ? cell(1, 1_000_000, 800_000) : from === to && to === 'UNCLASSIFIED' ? cell(1, 200_000, 200_000) : empty,
    ),
    total: from === 'NORMAL' ? cell(1, 1_000_000, 800_000) : from === 'UNCLASSIFIED' ? cell(1, 200_000, 200_000) : empty,
  }));
  return {
    from: '2026-03-31',
    to: '2026-09-30',
    classes: KEYS.map((key, i) => ({ key, label: LABELS[i] })),
    rows,
    columnTotals: KEYS.map((to) => (to === 'DOUBTFUL' ? cell(1, 1_000_000, 800_000) : to === 'UNCLASSIFIED' ? cell(1, 200_000, 200_000) : empty)),
    total: cell(2, 1_200_000, 1_000_000),
    balanced,
  };
}

afterEach(async () => {
  await setLanguage('zh-CN');
});

describe('MigrationMatrix', () => {
  it('lays the classes out in order as rows and columns, each cell its loans and balances, the totals beneath and beside', async () => {
    await setLanguage('zh-CN');
    renderWithApp(<MigrationMatrix data={matrix()} />);
    const table = screen.getByTestId('migration-matrix');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['2026-03-31 分类 \\ 2026-09-30 分类', '正常', '关注', '次级', '可疑', '损失', '未分类', '合计']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['正常', '关注', '次级', '可疑', '损失', '未分类', '合计']);
    expect(screen.getByText(/风险分类迁徙矩阵：2026-03-31 日终的分类/)).toBeTruthy();

    const moved = screen.getByTestId('migration-cell-NORMAL-DOUBTFUL');
    expect(moved.textContent).toBe('11,000,000.00 → 800,000.00');
    expect(screen.getByTestId('migration-cell-NORMAL-NORMAL').textContent).toBe('00.00 → 0.00');
    expect(screen.getByTestId('migration-cell-UNCLASSIFIED-UNCLASSIFIED').textContent).toBe('1200,000.00 → 200,000.00');
    expect(screen.getByTestId('migration-row-total-NORMAL').textContent).toBe('11,000,000.00 → 800,000.00');
    expect(screen.getByTestId('migration-column-total-DOUBTFUL').textContent).toBe('11,000,000.00 → 800,000.00');
    expect(screen.getByTestId('migration-total').textContent).toBe('21,200,000.00 → 1,000,000.00');
    // the cell sits in its row (NORMAL) under its column (DOUBTFUL, the fifth column with the row header first)
    const normalRow = within(table).getAllByRole('row')[1];
    expect(within(normalRow).getAllByRole('cell')[3].contains(moved)).toBe(true);
    expect(screen.getByTestId('migration-balanced').textContent).toBe('行合计、列合计与总计一致');
  });

  it('speaks English and says when the totals disagree', async () => {
    await setLanguage('en');
    renderWithApp(<MigrationMatrix data={matrix(false)} />);
    const table = screen.getByTestId('migration-matrix');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['2026-03-31 \\ 2026-09-30', 'Normal', 'Special mention', 'Substandard', 'Doubtful', 'Loss', 'Unclassified', 'Total']);
    expect(screen.getByTestId('migration-balanced').textContent).toMatch(/disagree/);
    expect(screen.getByText(/Each cell: loans; guaranteed balance on 2026-03-31/)).toBeTruthy();
  });
});
