import { overdueCountKeys } from '@/features/dashboard/dashboard-queries';
import { overdueBucketKeys } from '@/features/loan-list/overdue-buckets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fetchBucketSettings,
  fetchCloseOfBusiness,
  fetchReminderStatus,
  openQueuePageSession,
  reconcileReminders,
  saveBucketSettings,
  type OverdueBucketDto,
} from './queue-page-api';

export const queueKeys = {
  session: ['queue-page', 'session'] as const,
  reminderStatus: ['admin', 'reminders', 'status'] as const,
  closeOfBusiness: ['admin', 'close-of-business', 'runs'] as const,
  bucketSettings: ['admin', 'close-of-business', 'buckets'] as const,
};

/** Coming to the page sets the queue page's cookie for this browser (once a minute at most). */
export function useQueuePageSession() {
  return useQuery({ queryKey: queueKeys.session, queryFn: openQueuePageSession, staleTime: 60_000, retry: false });
}

export function useReminderStatus() {
  return useQuery({ queryKey: queueKeys.reminderStatus, queryFn: fetchReminderStatus, retry: false });
}

export function useReconcileReminders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reconcileReminders,
    onSuccess: () => client.invalidateQueries({ queryKey: queueKeys.reminderStatus }),
  });
}

export function useCloseOfBusinessRuns() {
  return useQuery({ queryKey: queueKeys.closeOfBusiness, queryFn: () => fetchCloseOfBusiness(), retry: false });
}

export function useBucketSettings() {
  return useQuery({ queryKey: queueKeys.bucketSettings, queryFn: fetchBucketSettings, retry: false });
}

/** New buckets: the settings, and the lists' and dashboard's words of them, are read again. */
export function useSaveBucketSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (buckets: OverdueBucketDto[]) => saveBucketSettings(buckets),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queueKeys.bucketSettings });
      // the lists' copy and the dashboard's counts
      await client.invalidateQueries({ queryKey: overdueBucketKeys.inForce });
      await client.invalidateQueries({ queryKey: overdueCountKeys.all });
    },
  });
}
