import { Button, Card, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { AppDataTable } from '@/ui/AppDataTable';
import 'mantine-datatable/styles.css';
import { useTranslation } from 'react-i18next';
import { downloadFile, today } from '@/lib/download';
import { DayInput } from '@/lib/dates';
import { DEFAULT_PAGE_SIZES, filterFormValues, filterParams, type PagedList } from '@/lib/use-paged-list';
import type { Page } from '@/api/http';
import type { HistoryEntry } from './history-api';
import { useHistoryList } from './history-queries';
import { useHistoryColumns } from './HistoryColumns';

const FILTER_KEYS = ['actor', 'route', 'method', 'from', 'to'] as const;
const METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
const EMPTY = { actor: '', route: '', method: null as string | null, from: '', to: '' };

/** /history/historyLog: every state-changing request, newest first (admin only), with filters and export. */
export default function HistoryLogPage() {
  const { t } = useTranslation();
  const list = useHistoryList({
    filterKeys: FILTER_KEYS,
    pageSize: DEFAULT_PAGE_SIZES[1],
    exportRows: async (query) => void (await downloadFile('/history/export', `${t('history.exportName')}-${today()}.xlsx`, query)),
  });
  // Restarted from the applied filters (the URL's) whenever they change elsewhere (back button).
  return <HistoryLog key={JSON.stringify(list.filters)} list={list} />;
}

function HistoryLog({ list }: { list: PagedList<(typeof FILTER_KEYS)[number], Page<HistoryEntry>> }) {
  const { t } = useTranslation();
  const form = useForm({ mode: 'controlled', initialValues: filterFormValues(EMPTY, list.filters) });
  const columns = useHistoryColumns();

  return (
    <Stack p="md" data-testid="history-log">
      <Card withBorder radius="md" padding="lg">
        <form onSubmit={form.onSubmit((values) => list.search(filterParams(values)))} data-testid="history-filters">
          <Group mb="md" gap="sm" align="flex-end">
            <TextInput label={t('history.filters.actor')} leftSection={<IconSearch size={16} />} w={170} data-field="actor" {...form.getInputProps('actor')} />
            <TextInput label={t('history.filters.route')} placeholder="/roles" w={200} data-field="route" {...form.getInputProps('route')} />
            <Select
              label={t('history.filters.method')}
              placeholder={t('history.filters.anyMethod')}
              data={METHODS}
              clearable
              w={120}
              data-field="method"
              {...form.getInputProps('method')}
            />
            <DayInput label={t('history.filters.from')} w={150} data-field="from" {...form.getInputProps('from')} />
            <DayInput label={t('history.filters.to')} w={150} data-field="to" {...form.getInputProps('to')} />
            <Button type="submit">{t('common.search')}</Button>
            <Button
              variant="default"
              onClick={() => {
                form.setValues(EMPTY);
                list.reset();
              }}
            >
              {t('common.reset')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              loading={list.exporting}
              onClick={() => void list.exportList()}
              ml="auto"
              data-testid="history-export"
            >
              {t('history.export')}
            </Button>
          </Group>
        </form>
        <AppDataTable<HistoryEntry>
          minHeight={list.records.length ? undefined : 180}
          records={list.records}
          idAccessor="id"
          customRowAttributes={() => ({ 'data-testid': 'history-row' })}
          {...list.table}
          columns={columns}
        />
      </Card>
    </Stack>
  );
}
