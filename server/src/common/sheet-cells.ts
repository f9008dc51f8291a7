import { fromFen, statusLabels, type SnapshotLike } from '@app/workflow';
import { companyDateTime } from './company-time';
import type { Lang } from './i18n';
import type { Cell } from './sheet-writer';

/**
 * A column of an export described as data, not as a function, so that it can be sent to the export's
 * worker thread (sheet-worker.ts) with the query: the worker reads the rows from its own cursor and
 * makes the cells there. `field` is the column of the query's row; `as` names what is done to it:
 *   (none)   the value as read, blank for none
 *   yuan     an amount in whole fen (int8 as read: a string) written in yuan
 *   time     a moment in the company's zone (formatTime)
 *   stage, status, step
 *            the words of the machine's status labels of the row's snapshot (`field` holds it)
 *   words    a key written as its words (`words`, already in the export's language), else the key itself
 * Each rule gives exactly what the column's value function gave before it moved (the same cells).
 */
export type CellRule =
  | { field: string; as?: undefined }
  | { field: string; as: 'yuan' | 'time' | 'stage' | 'status' | 'step' }
  | { field: string; as: 'words'; words: Record<string, string> };

type Row = Record<string, unknown>;

/** The function that makes a row's cells from its rules, in one language (for every row of an export). */
export function cellMaker(rules: readonly CellRule[], lang: Lang): (row: Row) => Cell[] {
  // The status labels are asked once per row, whichever of stage, status and step are shown.
  let labelled: Row | null = null;
  let labels: ReturnType<typeof statusLabels> | null = null;
  const labelsOf = (row: Row, field: string) => {
    if (labelled !== row) {
      labels = statusLabels(row[field] as SnapshotLike);
      labelled = row;
    }
    return labels!;
  };
  const pick = (label: { zh: string; en: string }) => (lang === 'en' ? label.en : label.zh);
  const cell = (row: Row, rule: CellRule): Cell | null | undefined => {
    const value = row[rule.field];
    switch (rule.as) {
      case undefined:
        return value as Cell | null | undefined;
      case 'yuan':
        return value === null || value === undefined ? null : fromFen(Number(value));
      case 'time':
        return companyDateTime(value as Date | string | null);
      case 'stage':
      case 'status':
      case 'step':
        return pick(labelsOf(row, rule.field)[rule.as]);
      case 'words':
        return value === null || value === undefined ? null : (rule.words[value as string] ?? (value as string));
    }
  };
  return (row) => rules.map((rule) => cell(row, rule) ?? '');
}
