import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { pick, useLang } from '@/i18n/use-lang';
import { formatTime } from '@/lib/format';
import { ConfirmReasonDialog } from './ConfirmReasonDialog';
import type { LimitRow } from './operations-api';
import { useLimits, useSetLimit } from './operations-queries';
import { parseLimitHours } from './state-names';

/** A stage's limit being changed: the new hours, or null to go back to the default. */
interface Change {
  row: LimitRow;
  hours: number | null;
}

/** The stuck-loan limit of each stage (hours): typed, checked, then saved with a reason (PUT, recorded in the trail). */
export function LimitsTab() {
  const { t } = useTranslation();
  const lang = useLang();
  const limits = useLimits();
  const save = useSetLimit();
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [change, setChange] = useState<Change | null>(null);
  return (
    <Stack gap="sm">
      <Table withTableBorder striped data-testid="ops-limits">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('operations.limits.stage')}</Table.Th>
            <Table.Th>{t('operations.limits.hours')}</Table.Th>
            <Table.Th>{t('operations.limits.changedBy')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(limits.data ?? []).map((row) => {
            const text = typed[row.stage] ?? String(row.hours);
            const hours = parseLimitHours(text);
            return (
              <Table.Tr key={row.stage} data-testid="ops-limit-row" data-stage={row.stage}>
                <Table.Td>{pick(row.label, lang)}</Table.Td>
                <Table.Td>
                  <TextInput
                    value={text}
                    w={140}
                    inputMode="numeric"
                    error={hours === null ? t('operations.limits.invalid') : undefined}
                    description={t('operations.limits.defaultHours', { hours: row.defaultHours })}
                    onChange={(e) => setTyped({ ...typed, [row.stage]: e.currentTarget.value })}
                    data-testid="ops-limit-hours"
                  />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{row.changedBy ?? ''}</Text>
                  <Text size="xs" c="dimmed">
                    {row.changedAt ? formatTime(row.changedAt) : ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Button size="xs" disabled={hours === null || hours === row.hours} onClick={() => setChange({ row, hours })} data-testid="ops-limit-save">
                      {t('operations.limits.save')}
                    </Button>
                    <Button size="xs" variant="default" disabled={row.hours === row.defaultHours} onClick={() => setChange({ row, hours: null })}>
                      {t('operations.limits.reset')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <ConfirmReasonDialog
        opened={change !== null}
        title={t('operations.limits.title')}
        summary={
          change &&
          t('operations.limits.summary', { stage: pick(change.row.label, lang), before: change.row.hours, after: change.hours ?? change.row.defaultHours })
        }
        confirmLabel={t('operations.limits.save')}
        onClose={() => setChange(null)}
        onConfirm={async (reason) => {
          await save.mutateAsync({ stage: change!.row.stage, hours: change!.hours, reason });
          setTyped(({ [change!.row.stage]: _, ...rest }) => rest);
          showSuccessToast(t('operations.limits.saved'));
        }}
        testId="ops-limit"
      />
    </Stack>
  );
}
