import { Card, Group, Pagination, Select, Table, Text, TextInput, Title } from '@mantine/core';
import { formatFen } from '@app/workflow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPOSURE_SORTS, percent, type ClientExposure, type ExposureSort } from './regulatory-api';
import { useExposures } from './regulatory-queries';
import { LimitBadge } from './Stat';

const PAGE_SIZE = 10;

/** Every client in force on the figures' day, a page at a time from the server (the figures carry only the largest). */
export function ClientExposures({ asOf, clientCount }: { asOf: string; clientCount: number }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<ExposureSort>('weighted');
  const [page, setPage] = useState(1);
  const companyName = filter.trim();
  const exposures = useExposures({ asOf, sort, companyName, pageNum: page, pageSize: PAGE_SIZE });
  const rows = exposures.data?.list ?? [];
  const total = exposures.data?.total ?? 0;
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between">
        <Title order={5}>
          {t('regulatory.clientTable.title')}{' '}
          <Text span size="xs" c="dimmed" data-testid="regulatory-clients-total">
            {t('regulatory.clientTable.total', { shown: total, clients: clientCount })}
          </Text>
        </Title>
        <Group gap="xs">
          <Select
            size="xs"
            aria-label={t('regulatory.clientTable.sort')}
            data-testid="regulatory-clients-sort"
            allowDeselect={false}
            value={sort}
            data={EXPOSURE_SORTS.map((value) => ({ value, label: t(`regulatory.clientTable.sorts.${value}`) }))}
            onChange={(value) => {
              setSort((value as ExposureSort | null) ?? 'weighted');
              setPage(1);
            }}
          />
          <TextInput
            size="xs"
            placeholder={t('regulatory.clientTable.company')}
            data-testid="regulatory-clients-filter"
            value={filter}
            onChange={(e) => {
              setFilter(e.currentTarget.value);
              setPage(1);
            }}
          />
        </Group>
      </Group>
      <ExposuresTable rows={rows} empty={exposures.isSuccess && rows.length === 0} />
      {total > PAGE_SIZE && (
        <Pagination size="sm" mt="sm" total={Math.ceil(total / PAGE_SIZE)} value={page} onChange={setPage} data-testid="regulatory-clients-pages" />
      )}
    </Card>
  );
}

/** A page of clients: their exposure against the single-client limit. */
function ExposuresTable({ rows, empty }: { rows: ClientExposure[]; empty: boolean }) {
  const { t } = useTranslation();
  return (
    <Table fz="xs" data-testid="regulatory-clients">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('regulatory.clientTable.company')}</Table.Th>
          <Table.Th>{t('regulatory.clientTable.group')}</Table.Th>
          <Table.Th>{t('regulatory.clientTable.loans')}</Table.Th>
          <Table.Th>{t('regulatory.clientTable.balance')}</Table.Th>
          <Table.Th>{t('regulatory.clientTable.weight')}</Table.Th>
          <Table.Th>{t('regulatory.clientTable.weighted')}</Table.Th>
          <Table.Th>{t('regulatory.clientTable.ratio')}</Table.Th>
          <Table.Th>{t('regulatory.clientTable.headroom')}</Table.Th>
          <Table.Th>{t('regulatory.clientTable.state')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {empty && (
          <Table.Tr>
            <Table.Td colSpan={9}>{t('regulatory.clientTable.empty')}</Table.Td>
          </Table.Tr>
        )}
        {rows.map((c) => (
          <Table.Tr key={c.companyId} data-testid="regulatory-client-row">
            <Table.Td>{c.companyName}</Table.Td>
            <Table.Td>{c.groupName ?? '—'}</Table.Td>
            <Table.Td>{c.loanCount}</Table.Td>
            <Table.Td>{formatFen(c.balanceFen)}</Table.Td>
            <Table.Td>{percent(c.weightBp / 10000)}</Table.Td>
            <Table.Td>{formatFen(c.weightedFen)}</Table.Td>
            <Table.Td>{percent(c.ratio)}</Table.Td>
            <Table.Td>{formatFen(c.headroomFen)}</Table.Td>
            <Table.Td>
              <LimitBadge ok={c.withinLimit} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
