import { Button, Card, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDownload, IconPlus, IconSearch } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { AppDataTable } from '@/ui/AppDataTable';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { Can } from '@/features/permissions/Can';
import type { CompanyRow } from './companies-api';
import { useCompanyList, useDeleteCompany } from './companies-queries';
import { useCompanyColumns } from './CompanyColumns';
import { CompanyDetailDrawer } from './CompanyDetailDrawer';
import { CompanyFormModal } from './CompanyFormModal';
import { enumData } from './enum-labels';
import { useLang } from '@/i18n/use-lang';
import { InitiateLoanModal } from './InitiateLoanModal';

const FILTER_KEYS = ['name', 'creditCode', 'districtCode', 'enterpriseKind', 'qualification'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
type FilterValues = { name: string; creditCode: string; districtCode: string | null; enterpriseKind: string | null; qualification: string | null };
const EMPTY: FilterValues = { name: '', creditCode: '', districtCode: null, enterpriseKind: null, qualification: null };
const SORTABLE = ['name', 'creditCode', 'createdAt', 'registeredCapital', 'establishedDate'];

const toParams = (values: FilterValues): Partial<Record<FilterKey, string>> =>
  Object.fromEntries(Object.entries(values).flatMap(([key, value]) => (typeof value === 'string' && value.trim() ? [[key, value.trim()]] : [])));
const fromParams = (params: Partial<Record<FilterKey, string>>): FilterValues => ({
  name: params.name ?? '',
  creditCode: params.creditCode ?? '',
  districtCode: params.districtCode ?? null,
  enterpriseKind: params.enterpriseKind ?? null,
  qualification: params.qualification ?? null,
});

/** /company/list: companies with filters, sort, export; add, edit, detail, delete, initiate a loan. */
export default function CompanyListPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ company: CompanyRow | null } | null>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [loanFor, setLoanFor] = useState<CompanyRow | null>(null);

  const list = useCompanyList(
    { filterKeys: FILTER_KEYS, defaultSort: { sort: 'createdAt', order: 'desc' }, sortable: SORTABLE },
    t('routes.pages.companyList'),
  );
  const remove = useDeleteCompany();

  const confirmDelete = (company: CompanyRow) =>
    modals.openConfirmModal({
      title: t('companies.deleteTitle'),
      centered: true,
      children: <Text size="sm">{t('companies.deleteConfirm', { name: company.name })}</Text>,
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        await remove.mutateAsync(company.id);
        showSuccessToast(t('companies.deleted'));
      },
    });
  const columns = useCompanyColumns({
    onDetail: setDetailId,
    onEdit: (company) => setEditing({ company }),
    onInitiateLoan: setLoanFor,
    onDelete: confirmDelete,
  });

  return (
    <Stack p="md" data-testid="company-list-page">
      <Card withBorder radius="md" padding="lg">
        <CompanyFilterForm key={JSON.stringify(list.filters)} applied={list.filters} onSearch={list.search} onReset={list.reset} />
        <Group mb="sm" gap="sm">
          <Can perms={['sys:company:add']}>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ company: null })} data-testid="add-company">
              {t('companies.add')}
            </Button>
          </Can>
          <Button variant="light" leftSection={<IconDownload size={16} />} loading={list.exporting} onClick={() => void list.exportList()}>
            {t('companies.export')}
          </Button>
        </Group>
        <AppDataTable<CompanyRow>
          minHeight={list.records.length ? undefined : 180}
          records={list.records}
          idAccessor="id"
          {...list.table}
          sortStatus={list.sortStatus as never}
          onSortStatusChange={list.onSortStatusChange}
          columns={columns}
        />
      </Card>
      <CompanyFormModal opened={editing !== null} company={editing?.company ?? null} onClose={() => setEditing(null)} onSaved={() => setEditing(null)} />
      <CompanyDetailDrawer companyId={detailId} onClose={() => setDetailId(null)} />
      <InitiateLoanModal company={loanFor} onClose={() => setLoanFor(null)} />
    </Stack>
  );
}

/** The company filters: applied through the URL (the list reads them back from there). */
function CompanyFilterForm({
  applied,
  onSearch,
  onReset,
}: {
  applied: Partial<Record<FilterKey, string>>;
  onSearch: (filters: Partial<Record<FilterKey, string>>) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const form = useForm<FilterValues>({ mode: 'controlled', initialValues: fromParams(applied) });
  return (
    <form onSubmit={form.onSubmit((values) => onSearch(toParams(values)))}>
      <Group mb="md" align="flex-end" gap="sm">
        <TextInput
          label={t('companies.filters.name')}
          leftSection={<IconSearch size={16} />}
          w={220}
          data-testid="filter-name"
          {...form.getInputProps('name')}
        />
        <TextInput label={t('companies.filters.creditCode')} w={200} {...form.getInputProps('creditCode')} />
        <Select label={t('companies.filters.district')} data={enumData('districtCode', lang)} clearable w={150} {...form.getInputProps('districtCode')} />
        <Select label={t('companies.filters.kind')} data={enumData('enterpriseKinds', lang)} clearable w={180} {...form.getInputProps('enterpriseKind')} />
        <Select
          label={t('companies.filters.qualification')}
          data={enumData('qualifications', lang)}
          clearable
          w={180}
          {...form.getInputProps('qualification')}
        />
        <Button type="submit" data-testid="search">
          {t('common.search')}
        </Button>
        <Button
          variant="default"
          onClick={() => {
            form.setValues(EMPTY);
            onReset();
          }}
        >
          {t('common.reset')}
        </Button>
      </Group>
    </form>
  );
}
