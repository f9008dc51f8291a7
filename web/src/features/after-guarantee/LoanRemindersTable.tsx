import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format';
import type { LoanReminder } from './after-guarantee-api';

const REMINDER_COLORS = { SCHEDULED: 'blue', SENT: 'green', CANCELLED: 'gray' } as const;

/** The loan's reminders, each with whether its job waits in the queue. */
export function LoanRemindersTable({ reminders }: { reminders: LoanReminder[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="sm" fw={600}>
        {t('afterGuarantee.plan.reminders')}
      </Text>
      {reminders.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('afterGuarantee.plan.noReminders')}
        </Text>
      ) : (
        <Table withRowBorders verticalSpacing={4} fz="xs" data-testid="loan-reminders">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('afterGuarantee.plan.reminderColumns.kind')}</Table.Th>
              <Table.Th>{t('afterGuarantee.plan.reminderColumns.dueAt')}</Table.Th>
              <Table.Th>{t('afterGuarantee.plan.reminderColumns.fireAt')}</Table.Th>
              <Table.Th>{t('afterGuarantee.plan.reminderColumns.state')}</Table.Th>
              <Table.Th>{t('afterGuarantee.plan.reminderColumns.queued')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {reminders.map((r) => (
              <Table.Tr key={r.id} data-testid="loan-reminder" data-kind={r.kind} data-state={r.state}>
                <Table.Td>{t(`afterGuarantee.plan.reminderKinds.${r.kind}`)}</Table.Td>
                <Table.Td>{formatTime(r.dueAt)}</Table.Td>
                <Table.Td>{formatTime(r.fireAt)}</Table.Td>
                <Table.Td>
                  <Badge size="sm" color={REMINDER_COLORS[r.state]} variant="light">
                    {t(`afterGuarantee.plan.reminderStates.${r.state}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{r.queued ? t('afterGuarantee.plan.queuedYes') : t('afterGuarantee.plan.queuedNo')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}
