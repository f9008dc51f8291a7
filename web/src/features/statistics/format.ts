import { fromFen } from '@app/workflow';
import { formatAmount } from '@/lib/format';

/** Fen as the tables show them: yuan with separators and two decimals. */
export function yuan(fen: number): string {
  return formatAmount(fromFen(fen));
}

/** Fen as the charts plot them: 10,000 yuan (万元), two decimals. */
export function tenThousandYuan(fen: number): number {
  return Math.round(fen / 10_000) / 100;
}
