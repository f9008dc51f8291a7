import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DayInput } from '@/lib/dates';
import { periodIssue, periodParams } from './period';
import type { useRegulatoryRows } from './regulatory-exports-queries';

/** The period and company filters of a report, checked (a period the wrong way round) before they are applied; the export button. */
export function RegulatoryExportFilters({ list }: { list: ReturnType<typeof useRegulatoryRows> }) {
  const { t } = useTranslation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { from: list.filters.from ?? '', to: list.filters.to ?? '', companyName: list.filters.companyName ?? '' },
    validate: (values) => ({ to: periodIssue(values.from, values.to) ? t('regulatoryExports.periodInverted') : null }),
  });
  return (
    <form key={JSON.stringify(list.filters)} onSubmit={form.onSubmit((values) => list.search(periodParams(values)))}>
      <Group mb="md" align="flex-start" gap="sm">
        <DayInput label={t('regulatoryExports.from')} w={160} data-field="from" {...form.getInputProps('from')} />
        <DayInput label={t('regulatoryExports.to')} w={160} data-field="to" {...form.getInputProps('to')} />
        <TextInput
          label={t('regulatoryExports.companyName')}
          leftSection={<IconSearch size={16} />}
          w={220}
          data-field="companyName"
          {...form.getInputProps('companyName')}
        />
        <Group gap="sm" mt={25}>
          <Button type="submit" data-testid="search">
            {t('common.search')}
          </Button>
          <Button
            variant="default"
            onClick={() => {
              form.setValues({ from: '', to: '', companyName: '' });
              list.reset();
            }}
          >
            {t('common.reset')}
          </Button>
          <Button variant="light" leftSection={<IconDownload size={16} />} loading={list.exporting} onClick={() => void list.exportList()} data-testid="export">
            {t('regulatoryExports.export')}
          </Button>
        </Group>
      </Group>
    </form>
  );
}
