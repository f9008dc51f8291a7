import { Button, Group, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { STAGES } from '@app/workflow';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/i18n/use-lang';
import { useOfficers } from '@/features/loans/loans-queries';
import { filterIssues, fromFilterParams, toFilterParams, type LoanFilterKey, type LoanFilterValues } from './loan-filters';
import { statusOptions } from './list-configs';
import { useOverdueBuckets } from './overdue-buckets';
import { DayInput } from '@/lib/dates';
import { TypedNumberInput } from '@/lib/typed-number-input';

interface Props {
  /** The filters applied now (from the URL). */
  applied: Partial<Record<LoanFilterKey, string>>;
  /** The list's state paths: the status choice offers their statuses. */
  states: readonly string[];
  /** The loan list filters by stage too. */
  withStage: boolean;
  /** The lists with the overdue bucket column filter by bucket too. */
  withBucket?: boolean;
  exporting: boolean;
  onSearch: (filters: Partial<Record<LoanFilterKey, string>>) => void;
  onReset: () => void;
  onExport: () => void;
}

/** The loan lists' filter form: checked as the server checks (ranges the right way round) before it is applied. */
export function LoanListFilters({ applied, states, withStage, withBucket = false, exporting, onSearch, onReset, onExport }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const form = useForm<LoanFilterValues>({
    mode: 'controlled',
    initialValues: fromFilterParams(applied),
    validate: (values) => {
      const issues = filterIssues(values);
      return {
        amountMin: issues.amountMin ? t(`loans.filters.${issues.amountMin}`) : null,
        amountMax: issues.amountMax ? t(`loans.filters.${issues.amountMax}`) : null,
        createdTo: issues.createdTo ? t(`loans.filters.${issues.createdTo}`) : null,
      };
    },
  });
  const aPosts = useOfficers('A_POST');
  const buckets = useOverdueBuckets(withBucket);
  const stage = form.values.stage;
  const statuses = useMemo(() => statusOptions(stage ? [stage] : states).map((s) => ({ value: s.key, label: s[lang] })), [stage, states, lang]);

  return (
    <form onSubmit={form.onSubmit((values) => onSearch(toFilterParams(values)))}>
      <Group mb="md" align="flex-start" gap="sm">
        <TextInput
          label={t('loans.filters.companyName')}
          leftSection={<IconSearch size={16} />}
          w={200}
          data-testid="filter-company"
          {...form.getInputProps('companyName')}
        />
        {withStage && (
          <Select
            label={t('loans.filters.stage')}
            data={STAGES.map((s) => ({ value: s.key, label: s[lang] }))}
            clearable
            w={170}
            {...form.getInputProps('stage')}
            onChange={(value) => form.setValues({ stage: value, status: null })}
          />
        )}
        <Select label={t('loans.filters.status')} data={statuses} clearable w={150} data-testid="filter-status" {...form.getInputProps('status')} />
        {withBucket && (
          <Select
            label={t('loans.filters.overdueBucket')}
            data={buckets.map((b) => ({ value: b.key, label: b.label[lang] }))}
            clearable
            w={170}
            data-testid="filter-overdue-bucket"
            {...form.getInputProps('overdueBucket')}
          />
        )}
        <TypedNumberInput label={t('loans.filters.amountMin')} thousandSeparator="," w={140} data-field="amountMin" {...form.getInputProps('amountMin')} />
        <TypedNumberInput label={t('loans.filters.amountMax')} thousandSeparator="," w={140} data-field="amountMax" {...form.getInputProps('amountMax')} />
        <DayInput label={t('loans.filters.createdFrom')} w={150} data-field="createdFrom" {...form.getInputProps('createdFrom')} />
        <DayInput label={t('loans.filters.createdTo')} w={150} data-field="createdTo" {...form.getInputProps('createdTo')} />
        <Select
          label={t('loans.filters.aPostOfficer')}
          data={(aPosts.data ?? []).map((u) => ({ value: u.id, label: u.nickname || u.username }))}
          clearable
          w={150}
          {...form.getInputProps('aPostOfficerId')}
        />
        <Group gap="sm" mt={25}>
          <Button type="submit" data-testid="search">
            {t('common.search')}
          </Button>
          <Button
            variant="default"
            data-testid="reset"
            onClick={() => {
              form.setValues(fromFilterParams({}));
              onReset();
            }}
          >
            {t('common.reset')}
          </Button>
          <Button variant="light" leftSection={<IconDownload size={16} />} loading={exporting} onClick={onExport} data-testid="export">
            {t('loans.export')}
          </Button>
        </Group>
      </Group>
    </form>
  );
}
