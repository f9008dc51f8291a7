import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { formatFen, formatPercentBp } from '@app/workflow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { useHolds } from '@/features/premium-collateral/use-holds';
import type { Certificate, CustodyItem } from './custody-api';
import { useLoanCustody } from './custody-queries';
import { LendDialog, ReasonDialog, RegisterCertificateDialog, RevalueDialog } from './CustodyDialogs';

type Open =
  | { kind: 'register' }
  | { kind: 'revalue' }
  | { kind: 'lend'; certificate: Certificate }
  | { kind: 'deposit' | 'return' | 'cancel'; certificate: Certificate }
  | null;

export const STATE_COLORS: Record<string, string> = { AWAITING_DEPOSIT: 'gray', IN_VAULT: 'green', LENT: 'orange', RELEASED: 'blue', CANCELLED: 'dark' };

/** The loan page's custody panel: each confirmed item with its certificates, the moves the user may make, values and loan-to-value. */
export function CustodyPanel({ loanId, version }: { loanId: string; version: number }) {
  const { t } = useTranslation();
  const visible = useHolds('custody_list');
  const custody = useLoanCustody(loanId, version, visible);
  const [open, setOpen] = useState<Open>(null);
  const c = custody.data;
  const items = c?.items.filter((i) => i.confirmed) ?? [];
  if (!visible || !c || items.length === 0) return null;
  const live = items.filter((i) => !i.released);
  const saved = (message: 'custody.toasts.registered' | 'custody.toasts.revalued' | 'custody.toasts.moved') => () => {
    setOpen(null);
    showSuccessToast(t(message));
  };

  return (
    <Card withBorder radius="md" padding="lg" data-testid="custody-panel">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={5}>{t('custody.panel.title')}</Title>
          <Group gap="xs">
            {c.canKeep && live.length > 0 && (
              <Button size="xs" onClick={() => setOpen({ kind: 'register' })} data-testid="custody-register">
                {t('custody.panel.register')}
              </Button>
            )}
            {c.canRevalue && live.length > 0 && (
              <Button size="xs" variant="light" onClick={() => setOpen({ kind: 'revalue' })} data-testid="custody-revalue">
                {t('custody.panel.revalue')}
              </Button>
            )}
          </Group>
        </Group>
        <Text size="sm" data-testid="custody-ltv" data-above={c.ltvAbove}>
          {t('custody.panel.ltv', { outstanding: formatFen(c.outstandingFen), value: formatFen(c.totalValueFen), ltv: formatPercentBp(c.ltvBp) })}
        </Text>
        {c.ltvAbove && (
          <Alert color="red" variant="light" p="xs" data-testid="custody-ltv-alert">
            {t('custody.panel.ltvAbove', { threshold: formatPercentBp(c.ltvThresholdBp) })}
          </Alert>
        )}
        {items.map((item) => (
          <ItemCertificates key={item.id} item={item} onMove={(kind, certificate) => setOpen({ kind, certificate } as Open)} />
        ))}
      </Stack>
      {open?.kind === 'register' && (
        <RegisterCertificateDialog loanId={loanId} items={live} onClose={() => setOpen(null)} onSaved={saved('custody.toasts.registered')} />
      )}
      {open?.kind === 'revalue' && <RevalueDialog loanId={loanId} items={live} onClose={() => setOpen(null)} onSaved={saved('custody.toasts.revalued')} />}
      {open?.kind === 'lend' && <LendDialog certificate={open.certificate} onClose={() => setOpen(null)} onSaved={saved('custody.toasts.moved')} />}
      {(open?.kind === 'deposit' || open?.kind === 'return' || open?.kind === 'cancel') && (
        <ReasonDialog certificate={open.certificate} move={open.kind} onClose={() => setOpen(null)} onSaved={saved('custody.toasts.moved')} />
      )}
    </Card>
  );
}

const MOVE_OF: Record<string, 'deposit' | 'lend' | 'return' | 'cancel'> = { DEPOSIT: 'deposit', LEND: 'lend', RETURN: 'return', CANCEL: 'cancel' };

function ItemCertificates({ item, onMove }: { item: CustodyItem; onMove: (kind: 'deposit' | 'lend' | 'return' | 'cancel', c: Certificate) => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid="custody-item" data-item={item.id}>
      <Text size="sm" fw={600}>
        {t(`custody.itemKinds.${item.kind}`, { defaultValue: item.kind })} · {item.description ?? item.owner}
        {item.released ? ` · ${t('custody.panel.released')}` : ''}
      </Text>
      <Text size="xs" c="dimmed">
        {t('custody.panel.value', {
          value: item.latestValueFen === null ? '—' : formatFen(item.latestValueFen),
          day: item.valuedOn ?? '—',
          next: item.nextRevaluationOn ?? '—',
        })}
      </Text>
      {item.certificates.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('custody.panel.empty')}
        </Text>
      ) : (
        <Table withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('custody.fields.number')}</Table.Th>
              <Table.Th>{t('custody.fields.kind')}</Table.Th>
              <Table.Th>{t('custody.fields.state')}</Table.Th>
              <Table.Th>{t('custody.panel.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {item.certificates.map((c) => (
              <Table.Tr key={c.id} data-testid="custody-certificate" data-state={c.state} data-number={c.number}>
                <Table.Td>{c.number}</Table.Td>
                <Table.Td>{t(`custody.kinds.${c.kind}`)}</Table.Td>
                <Table.Td>
                  <Badge color={STATE_COLORS[c.state]} variant="light" data-testid="custody-state">
                    {t(`custody.states.${c.state}`)}
                  </Badge>
                  {c.state === 'LENT' && (
                    <Text size="xs" c={c.overdueDays > 0 ? 'red' : 'dimmed'}>
                      {t('custody.panel.lent', { name: c.lentToName ?? '', day: c.returnDueOn })}
                      {c.overdueDays > 0 ? ` · ${t('custody.panel.overdue', { days: c.overdueDays })}` : ''}
                    </Text>
                  )}
                  {c.state === 'RELEASED' && c.releasedTo && <Text size="xs">{t('custody.panel.releasedTo', { name: c.releasedTo })}</Text>}
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {c.allowedMoves.map((m) => (
                      <Button
                        key={m}
                        size="compact-xs"
                        variant={m === 'CANCEL' ? 'subtle' : 'light'}
                        color={m === 'CANCEL' ? 'red' : undefined}
                        onClick={() => onMove(MOVE_OF[m], c)}
                        data-testid={`custody-${MOVE_OF[m]}`}
                      >
                        {t(`custody.moves.${m}`)}
                      </Button>
                    ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
