import { ActionIcon, Button, Card, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { FormErrorAlert, useAppForm } from '@/lib/app-form';
import { formatTime } from '@/lib/format';
import { TypedNumberInput } from '@/lib/typed-number-input';
import { bucketErrors, fromDays, toBuckets, toRows, type BucketRow } from './bucket-settings-form';
import type { OverdueBucketsDto } from './queue-page-api';
import { useBucketSettings, useSaveBucketSettings } from './queue-page-queries';

interface Values {
  rows: BucketRow[];
}

/** The bucket settings form, filled from the buckets in force. */
function BucketsForm({ settings }: { settings: OverdueBucketsDto }) {
  const { t } = useTranslation();
  const save = useSaveBucketSettings();
  const { form, formError, submitting, onSubmit } = useAppForm<Values>({
    initialValues: { rows: toRows(settings.buckets) },
    validate: (values) =>
      Object.fromEntries(Object.entries(bucketErrors(values.rows)).map(([path, key]) => [`rows.${path}`, t(`queues.buckets.errors.${key}`)])) as never,
    invalidMessage: t('queues.buckets.errors.invalid'),
    submit: async (values) => {
      await save.mutateAsync(toBuckets(values.rows));
      showSuccessToast(t('queues.buckets.saved'));
    },
  });
  const rows = form.values.rows;
  const starts = fromDays(rows);
  // a new bucket goes before the last (open) one
  const addRow = () => form.insertListItem('rows', { key: '', toDay: '', zh: '', en: '' }, Math.max(rows.length - 1, 0));
  return (
    <form onSubmit={onSubmit} noValidate data-testid="buckets-form">
      <Stack gap="sm">
        <FormErrorAlert message={formError} testId="buckets-error" />
        <Table withRowBorders={false} fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              {(['key', 'fromDay', 'toDay', 'zh', 'en'] as const).map((c) => (
                <Table.Th key={c} scope="col">
                  {t(`queues.buckets.columns.${c}`)}
                </Table.Th>
              ))}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((_, i) => {
              const last = i === rows.length - 1;
              return (
                <Table.Tr key={i} data-testid="bucket-row">
                  <Table.Td>
                    <TextInput
                      size="xs"
                      w={110}
                      aria-label={t('queues.buckets.columns.key')}
                      {...form.getInputProps(`rows.${i}.key`)}
                      data-testid="bucket-key"
                    />
                  </Table.Td>
                  <Table.Td data-testid="bucket-from">{starts[i] ?? '—'}</Table.Td>
                  <Table.Td>
                    {last ? (
                      <Text size="sm" c="dimmed" data-testid="bucket-open">
                        {t('queues.buckets.open')}
                      </Text>
                    ) : (
                      <TypedNumberInput
                        size="xs"
                        w={90}
                        aria-label={t('queues.buckets.columns.toDay')}
                        {...form.getInputProps(`rows.${i}.toDay`)}
                        data-testid="bucket-to"
                      />
                    )}
                  </Table.Td>
                  <Table.Td>
                    <TextInput size="xs" aria-label={t('queues.buckets.columns.zh')} {...form.getInputProps(`rows.${i}.zh`)} data-testid="bucket-zh" />
                  </Table.Td>
                  <Table.Td>
                    <TextInput size="xs" aria-label={t('queues.buckets.columns.en')} {...form.getInputProps(`rows.${i}.en`)} data-testid="bucket-en" />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      disabled={rows.length === 1}
                      aria-label={t('queues.buckets.remove')}
                      onClick={() => form.removeListItem('rows', i)}
                      data-testid="bucket-remove"
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed">
          {t('queues.buckets.rule')}
        </Text>
        <Group justify="space-between">
          <Button variant="default" size="xs" leftSection={<IconPlus size={14} />} onClick={addRow} disabled={rows.length >= 20} data-testid="bucket-add">
            {t('queues.buckets.add')}
          </Button>
          <Button type="submit" size="xs" loading={submitting} data-testid="buckets-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Beside the queue page (administrators): the overdue buckets the nightly close of business sorts loans
 * into, and the lists and dashboard show. Saved buckets apply from the next close of business.
 */
export function OverdueBucketsCard() {
  const { t } = useTranslation();
  const settings = useBucketSettings();
  const s = settings.data;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="overdue-buckets-settings">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>{t('queues.buckets.title')}</Title>
          {s && (
            <Text size="xs" c="dimmed" data-testid="buckets-changed">
              {s.custom ? t('queues.buckets.changed', { by: s.changedByName ?? '—', at: formatTime(s.changedAt) }) : t('queues.buckets.default')}
            </Text>
          )}
        </Group>
        {settings.isLoading && <Loader size="sm" />}
        {settings.isError && <Text c="red">{t('queues.buckets.unavailable')}</Text>}
        {/* refilled when the settings change (saved here or elsewhere) */}
        {s && <BucketsForm key={s.changedAt ?? 'default'} settings={s} />}
      </Stack>
    </Card>
  );
}
