import { Button, Card, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { STAGES, type StageKey } from '@app/workflow';
import { AppDataTable } from '@/ui/AppDataTable';
import 'mantine-datatable/styles.css';
import { useTranslation } from 'react-i18next';
import { pick, useLang } from '@/i18n/use-lang';
import { downloadFile, today } from '@/lib/download';
import { PAGE_SIZES } from '@/features/meetings/labels';
import { filterFormValues, filterParams } from '@/lib/use-paged-list';
import { archivePaths, type ArchiveRow } from './archives-api';
import { useArchiveList } from './archives-queries';
import { useArchiveColumns } from './ArchiveColumns';

interface Filters extends Record<string, string | null> {
  company: string;
  stage: StageKey | null;
  hasAttachments: 'true' | 'false' | null;
}
const EMPTY: Filters = { company: '', stage: null, hasAttachments: null };
const FILTER_KEYS = ['company', 'stage', 'hasAttachments'] as const;

/** /meeting/filesList: every loan with its number of attachments; detail and one-click archive. */
export default function ArchiveListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const columns = useArchiveColumns();
  const list = useArchiveList({
    filterKeys: FILTER_KEYS,
    pageSizes: PAGE_SIZES,
    defaultSort: { sort: 'createdAt', order: 'desc' },
    sortable: ['companyName', 'amount', 'attachmentCount', 'lastUploadAt', 'createdAt'],
    exportRows: async (query) => void (await downloadFile(archivePaths.export, `${t('archives.exportName')}-${today()}.xlsx`, query)),
  });
  const form = useForm<Filters>({ mode: 'controlled', initialValues: filterFormValues(EMPTY, list.filters) });

  return (
    <Stack p="md" data-testid="archive-list">
      <Card withBorder radius="md" padding="lg">
        <form onSubmit={form.onSubmit((values) => list.search(filterParams(values)))}>
          <Group mb="md" gap="sm" align="flex-end">
            <TextInput
              label={t('archives.columns.company')}
              placeholder={t('archives.searchCompany')}
              leftSection={<IconSearch size={16} />}
              w={240}
              {...form.getInputProps('company')}
            />
            <Select
              label={t('archives.columns.stage')}
              placeholder={t('archives.allStages')}
              data={STAGES.map((s) => ({ value: s.key, label: pick(s, lang) }))}
              clearable
              w={200}
              {...form.getInputProps('stage')}
            />
            <Select
              label={t('archives.hasAttachments')}
              placeholder={t('archives.all')}
              data={[
                { value: 'true', label: t('archives.withFiles') },
                { value: 'false', label: t('archives.withoutFiles') },
              ]}
              clearable
              w={140}
              {...form.getInputProps('hasAttachments')}
            />
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
            <Button variant="light" ml="auto" leftSection={<IconDownload size={16} />} loading={list.exporting} onClick={() => void list.exportList()}>
              {t('meetings.list.export')}
            </Button>
          </Group>
        </form>
        <AppDataTable<ArchiveRow>
          minHeight={list.records.length ? undefined : 180}
          records={list.records}
          idAccessor="loanId"
          customRowAttributes={(r) => ({ 'data-testid': 'archive-row', 'data-loan-id': r.loanId })}
          {...list.table}
          sortStatus={list.sortStatus as never}
          onSortStatusChange={list.onSortStatusChange}
          columns={columns}
        />
      </Card>
    </Stack>
  );
}
