import { Badge, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { formatTimeWithSeconds } from '@/lib/format';
import type { HistoryEntry } from './history-api';

/** The history log's columns: when, who, what (in words, the route as a tooltip), on what, and the outcome. */
export function useHistoryColumns(): DataTableColumn<HistoryEntry>[] {
  const { t } = useTranslation();
  return [
    {
      accessor: 'createdAt',
      title: t('history.columns.createdAt'),
      width: 170,
      render: (h) => formatTimeWithSeconds(h.createdAt),
    },
    { accessor: 'actor', title: t('history.columns.actor'), width: 140 },
    {
      accessor: 'action',
      title: t('history.columns.action'),
      // The words, and what it acted on; the route called is for whoever looks closer (a tooltip).
      render: (h) => (
        <Text size="sm" title={h.action} data-testid="history-action">
          {h.actionLabel}
          {h.object ? ` · ${h.object}` : ''}
        </Text>
      ),
    },
    {
      accessor: 'target',
      title: t('history.columns.target'),
      render: (h) => (
        <Text size="sm" lineClamp={1}>
          {h.target}
        </Text>
      ),
    },
    {
      accessor: 'outcome',
      title: t('history.columns.outcome'),
      width: 120,
      render: (h) => (
        <Badge variant="light" color={h.outcome === 'SUCCESS' ? 'teal' : 'red'}>
          {h.outcome === 'SUCCESS' ? t('history.success') : `${t('history.failure')} ${h.status}`}
        </Badge>
      ),
    },
  ];
}
