import { DataTable, type DataTableProps } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';

/**
 * The project's table: mantine-datatable with the look and the translated texts every list shares
 * (border, stripes, empty text, page-size label, "from-to of total"). Pages pass their data, paging
 * and sorting; anything given here can still be overridden.
 */
export function AppDataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const shared = {
    withTableBorder: true,
    borderRadius: 'sm',
    striped: true,
    highlightOnHover: true,
    noRecordsText: t('common.empty'),
    recordsPerPageLabel: t('common.recordsPerPage'),
    paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
      t('common.pagination', { from, to, total: totalRecords }),
  };
  return <DataTable<T> {...({ ...shared, ...props } as DataTableProps<T>)} />;
}
