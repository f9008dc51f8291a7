/** Client-side sort of a statistic's rows (the server answers every group at once). */
export type SortOrder = 'asc' | 'desc';

export function sortRows<T>(rows: readonly T[], key: keyof T, order: SortOrder): T[] {
  const sign = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[key];
    const y = b[key];
    if (typeof x === 'number' && typeof y === 'number') return (x - y) * sign;
    return String(x ?? '').localeCompare(String(y ?? ''), 'zh-CN') * sign;
  });
}
