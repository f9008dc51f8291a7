/**
 * The period of a statistic, kept in the URL (start, end: company days) so a statistic can be linked
 * and reloaded. Without them: 1 January of this year to today, as the server does.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { companyToday } from '@/lib/format';
import type { Period } from './statistics-api';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isDay(value: string | null | undefined): value is string {
  return !!value && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

export function defaultPeriod(today = companyToday()): Period {
  return { start: `${today.slice(0, 4)}-01-01`, end: today };
}

/** The period a URL holds; a missing or malformed day gives the default one. */
export function readPeriod(params: URLSearchParams, today = companyToday()): Period {
  const fallback = defaultPeriod(today);
  const end = params.get('end');
  const start = params.get('start');
  return { start: isDay(start) ? start : fallback.start, end: isDay(end) ? end : fallback.end };
}

/** The client's check of the server's rule (A11201): the start may not follow the end. */
export function periodError(period: Partial<Period>): 'startAfterEnd' | 'missing' | null {
  if (!isDay(period.start) || !isDay(period.end)) return 'missing';
  return period.start > period.end ? 'startAfterEnd' : null;
}

export function usePeriod(): [Period, (period: Period) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (period: Period) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('start', period.start);
        next.set('end', period.end);
        next.delete('pageNum');
        return next;
      }),
    [setParams],
  );
  return [readPeriod(params), set];
}
