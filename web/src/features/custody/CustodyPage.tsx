import { Badge, Button, Card, Drawer, Group, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconDownload, IconSettings } from '@tabler/icons-react';
import { isAdminHolder } from '@app/workflow';
import type { DataTableSortStatus } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { downloadFile, today } from '@/lib/download';
import { formatTime } from '@/lib/format';
import { AppDataTable } from '@/ui/AppDataTable';
import type { InventoryParams, InventoryRow } from './custody-api';
import { useInventory, useMoves } from './custody-queries';
import { STATE_COLORS } from './CustodyPanel';
import { CustodySettingsDialog } from './CustodySettingsDialog';
import { useSession } from '@/features/auth/session';
import { accessOf } from '@/navigation/route-filter';

/** A count as shown: grouped digits, "10,000+" once the server stopped counting at its bound. */
const counted = (n: number, capped?: boolean) => `${n.toLocaleString('en')}${capped ? '+' : ''}`;

const VIEWS = ['ALL', 'IN_VAULT', 'LENT', 'OVERDUE', 'AWAITING_DEPOSIT', 'RELEASED', 'CANCELLED'] as const;
const PAGE_SIZE = 20;
type Sort = InventoryParams['sort'];

/**
 * /protectMiddle/custody: the vault inventory (in the vault, lent out, overdue returns, …) by state,
 * bank and loan, sorted, paged by cursor (as cheap on page 1,000 as on page 1), exported as shown;
 * a row opens the certificate's history (every move, with who, when, why and the receiver's confirmation).
 */
export default function CustodyPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const [view, setView] = useState<(typeof VIEWS)[number]>('ALL');
  const [bankInput, setBankInput] = useState('');
  const [bank, setBank] = useState('');
  const [sort, setSort] = useState<DataTableSortStatus<InventoryRow>>({ columnAccessor: 'stateChangedAt', direction: 'desc' });
  // the cursors of the pages before this one (the first page has none)
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [selected, setSelected] = useState<InventoryRow | null>(null);
  // the settings are the administrator's (the server refuses anyone else)
  const { user } = useSession();
  const admin = isAdminHolder(accessOf(user ?? {}));
  const [settingsOpen, setSettingsOpen] = useState(false);
  const params: InventoryParams = {
    state: view,
    bank: bank || undefined,
    loanId: search.get('loanId') ?? undefined,
    sort: sort.columnAccessor as Sort,
    order: sort.direction === 'asc' ? 'ASC' : 'DESC',
    pageSize: PAGE_SIZE,
    cursor: cursors[cursors.length - 1],
  };
  const page = useInventory(params);
  const data = page.data;
  const restart = () => setCursors([undefined]);
  /** A tab's count as shown: "10,000+" once the server stopped counting. */
  const countOf = (state: string) => {
    const c = data?.counts.find((x) => x.state === state);
    return c && counted(c.count, c.capped);
  };
  const { cursor: _cursor, pageSize: _size, ...filters } = params;

  return (
    <Stack p="md" data-testid="custody-page">
      <Card withBorder radius="md" padding="lg">
        <Group mb="md" gap="sm" align="flex-end">
          <SegmentedControl
            data={VIEWS.map((v) => {
              const n = v === 'ALL' ? undefined : countOf(v);
              return { value: v, label: `${t(`custody.views.${v}`)}${n === undefined ? '' : ` (${n})`}` };
            })}
            value={view}
            onChange={(value) => {
              setView(value as (typeof VIEWS)[number]);
              restart();
            }}
            data-testid="custody-views"
          />
          <form
            onSubmit={(e) => {
              e.preventDefault();
              setBank(bankInput.trim());
              restart();
            }}
          >
            <Group gap="xs" align="flex-end">
              <TextInput
                label={t('custody.fields.bank')}
                value={bankInput}
                onChange={(e) => setBankInput(e.currentTarget.value)}
                w={180}
                data-testid="custody-bank"
              />
              <Button type="submit">{t('common.search')}</Button>
            </Group>
          </form>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            ml="auto"
            onClick={() => void downloadFile('/custody/inventory/export', `${t('custody.exportName')}-${today()}.xlsx`, filters)}
            data-testid="custody-export"
          >
            {t('custody.export')}
          </Button>
          {admin && (
            <Button variant="default" leftSection={<IconSettings size={16} />} onClick={() => setSettingsOpen(true)} data-testid="custody-settings-open">
              {t('custody.settings.open')}
            </Button>
          )}
        </Group>
        <AppDataTable<InventoryRow>
          minHeight={data?.list.length ? undefined : 180}
          records={data?.list ?? []}
          fetching={page.isFetching}
          idAccessor="id"
          sortStatus={sort}
          onSortStatusChange={(next) => {
            setSort(next);
            restart();
          }}
          onRowClick={({ record }) => setSelected(record)}
          customRowAttributes={(r) => ({ 'data-testid': 'custody-row', 'data-state': r.state, 'data-number': r.number })}
          columns={[
            { accessor: 'number', title: t('custody.fields.number'), sortable: true },
            { accessor: 'kind', title: t('custody.fields.kind'), render: (r) => t(`custody.kinds.${r.kind}`) },
            {
              accessor: 'company',
              title: t('custody.fields.company'),
              render: (r) => (
                <Link to={`/company/node/${r.loanId}`} onClick={(e) => e.stopPropagation()}>
                  {r.company}
                </Link>
              ),
            },
            { accessor: 'bank', title: t('custody.fields.bank') },
            {
              accessor: 'state',
              title: t('custody.fields.state'),
              render: (r) => (
                <Badge color={STATE_COLORS[r.state]} variant="light">
                  {t(`custody.states.${r.state}`)}
                </Badge>
              ),
            },
            { accessor: 'lentToName', title: t('custody.fields.borrower') },
            { accessor: 'returnDueOn', title: t('custody.fields.returnDueOn'), sortable: true },
            {
              accessor: 'overdueDays',
              title: t('custody.fields.overdueDays'),
              render: (r) =>
                r.overdueDays > 0 ? (
                  <Text c="red" size="sm">
                    {r.overdueDays}
                  </Text>
                ) : (
                  ''
                ),
            },
            { accessor: 'stateChangedAt', title: t('custody.fields.stateChangedAt'), sortable: true, render: (r) => formatTime(r.stateChangedAt) },
          ]}
        />
        <Group justify="space-between" mt="sm">
          <Text size="sm" c="dimmed" data-testid="custody-total">
            {t('custody.total', { total: counted(data?.total ?? 0, data?.totalCapped), page: cursors.length })}
          </Text>
          <Group gap="xs">
            <Button variant="default" size="xs" disabled={cursors.length === 1} onClick={() => setCursors(cursors.slice(0, -1))} data-testid="custody-prev">
              {t('custody.prev')}
            </Button>
            <Button
              variant="default"
              size="xs"
              disabled={!data?.nextCursor}
              onClick={() => setCursors([...cursors, data!.nextCursor!])}
              data-testid="custody-next"
            >
              {t('custody.next')}
            </Button>
          </Group>
        </Group>
      </Card>
      {settingsOpen && <CustodySettingsDialog onClose={() => setSettingsOpen(false)} />}
      <Drawer
        opened={selected !== null}
        onClose={() => setSelected(null)}
        position="right"
        size="xl"
        title={t('custody.history.title', { number: selected?.number ?? '' })}
      >
        {selected && <History certificateId={selected.id} number={selected.number} />}
      </Drawer>
    </Stack>
  );
}

function History({ certificateId, number }: { certificateId: string; number: string }) {
  const { t } = useTranslation();
  const moves = useMoves(certificateId);
  return (
    <Stack gap="sm" data-testid="custody-history">
      <Group justify="flex-end">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDownload size={16} />}
          onClick={() => void downloadFile('/custody/moves/export', `${t('custody.history.exportName')}-${number}-${today()}.xlsx`, { certificateId })}
          data-testid="custody-history-export"
        >
          {t('custody.export')}
        </Button>
      </Group>
      <Table withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('custody.history.move')}</Table.Th>
            <Table.Th>{t('custody.history.by')}</Table.Th>
            <Table.Th>{t('custody.history.at')}</Table.Th>
            <Table.Th>{t('custody.fields.reason')}</Table.Th>
            <Table.Th>{t('custody.history.receiver')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(moves.data ?? []).map((m) => (
            <Table.Tr key={m.id} data-testid="custody-move" data-kind={m.kind}>
              <Table.Td>{t(`custody.moves.${m.kind}`)}</Table.Td>
              <Table.Td>{m.actorName}</Table.Td>
              <Table.Td>{formatTime(m.at)}</Table.Td>
              <Table.Td>
                {m.reason}
                {m.returnDueOn ? ` (${t('custody.fields.returnDueOn')} ${m.returnDueOn})` : ''}
              </Table.Td>
              <Table.Td>
                {m.counterparty}
                {m.receiverConfirmed ? ` ✓ ${t('custody.history.confirmed')}` : ''}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
