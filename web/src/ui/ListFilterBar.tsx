import { Button, Group, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { filterFormValues, filterParams, type ListFilters } from '@/lib/use-paged-list';

/** One filter of a list: a search box (the first one carries the search icon) or a clearable choice. */
export type ListFilterField<K extends string> =
  | { kind: 'text'; key: K; label: string; placeholder?: string; width?: number }
  | { kind: 'select'; key: K; label: string; placeholder?: string; width?: number; data: { value: string; label: string }[] };

/** What the bar needs of usePagedList: the applied filters, search, reset and the export. */
export interface FilteredList<K extends string> {
  filters: ListFilters<K>;
  search: (filters: ListFilters<K>) => void;
  reset: () => void;
  exporting: boolean;
  exportList: () => Promise<void>;
}

export interface ListFilterBarProps<K extends string> {
  fields: ListFilterField<K>[];
  /** The list (usePagedList): the form starts from its applied filters (the URL's). */
  list: FilteredList<K>;
  /** The export button's label; false for a list without export. */
  exportLabel?: string | false;
  /** More buttons at the right (an add button behind its permission). */
  actions?: ReactNode;
}

/**
 * The filter row of a paged list: its fields, search, reset, and at the right the export and the
 * list's own buttons. Submitting (the search button or Enter) applies the filled filters (trimmed,
 * empty ones left out); reset clears the form and the applied filters.
 */
export function ListFilterBar<K extends string>(props: ListFilterBarProps<K>) {
  // filters applied from elsewhere (the back button, a link) start the form anew from them
  return <FilterForm key={JSON.stringify(props.list.filters)} {...props} />;
}

function FilterForm<K extends string>({ fields, list, exportLabel, actions }: ListFilterBarProps<K>) {
  const { t } = useTranslation();
  const empty = Object.fromEntries(fields.map((f) => [f.key, f.kind === 'text' ? '' : null])) as Record<K, string | null>;
  const form = useForm<Record<K, string | null>>({ mode: 'controlled', initialValues: filterFormValues(empty, list.filters) });
  const firstText = fields.find((f) => f.kind === 'text');

  return (
    <form onSubmit={form.onSubmit((values) => list.search(filterParams(values)))} data-testid="list-filter-bar">
      <Group mb="md" gap="sm" align="flex-end">
        {fields.map((f) =>
          f.kind === 'text' ? (
            <TextInput
              key={f.key}
              label={f.label}
              placeholder={f.placeholder}
              leftSection={f === firstText ? <IconSearch size={16} /> : undefined}
              w={f.width ?? 220}
              data-field={f.key}
              {...form.getInputProps(f.key)}
            />
          ) : (
            <Select
              key={f.key}
              label={f.label}
              placeholder={f.placeholder}
              data={f.data}
              clearable
              w={f.width ?? 170}
              data-field={f.key}
              {...form.getInputProps(f.key)}
            />
          ),
        )}
        <Button type="submit">{t('common.search')}</Button>
        <Button
          variant="default"
          onClick={() => {
            form.setValues(empty);
            list.reset();
          }}
        >
          {t('common.reset')}
        </Button>
        {(exportLabel !== false || actions) && (
          <Group gap="sm" ml="auto">
            {exportLabel !== false && (
              <Button variant="light" leftSection={<IconDownload size={16} />} loading={list.exporting} onClick={() => void list.exportList()}>
                {exportLabel ?? t('meetings.list.export')}
              </Button>
            )}
            {actions}
          </Group>
        )}
      </Group>
    </form>
  );
}
