import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchReminderStatus, openQueuePageSession, reconcileReminders } from './queue-page-api';

export const queueKeys = {
  session: ['queue-page', 'session'] as const,
  reminderStatus: ['admin', 'reminders', 'status'] as const,
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
