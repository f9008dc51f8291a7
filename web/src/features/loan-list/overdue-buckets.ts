/**
 * The overdue buckets in force (`GET /server/overdue-buckets`, for holders of overdue_list or
 * ledger_list): the bucket filter's choices and the bucket column's words of the lists that show it.
 */
import { DEFAULT_OVERDUE_BUCKETS, type Label, type OverdueBucket } from '@app/workflow';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/api/http';

export async function fetchOverdueBuckets(): Promise<OverdueBucket[]> {
  return (await http.get('/overdue-buckets')).data.buckets;
}

export const overdueBucketKeys = { inForce: ['overdue-buckets'] as const };

/** The buckets in force; the default buckets until they are read (or when the list shows no bucket). */
export function useOverdueBuckets(enabled: boolean): readonly OverdueBucket[] {
  const query = useQuery({ queryKey: overdueBucketKeys.inForce, queryFn: fetchOverdueBuckets, enabled, staleTime: 5 * 60_000 });
  return query.data ?? DEFAULT_OVERDUE_BUCKETS;
}

/**
 * The words of a bucket key: of the buckets in force, else of the default buckets (a row the last close
 * of business put in a bucket since renamed), else the key itself.
 */
export function bucketWords(key: string, inForce: readonly OverdueBucket[], lang: keyof Label): string {
  const bucket = inForce.find((b) => b.key === key) ?? DEFAULT_OVERDUE_BUCKETS.find((b) => b.key === key);
  return bucket ? bucket.label[lang] : key;
}
