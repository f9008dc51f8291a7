import { Badge, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { formatFen } from '@app/workflow';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '@/api/feedback';
import { ApiError } from '@/api/http';
import { newIdempotencyKey } from '@/features/loan-node/idempotency';
import { sendEvent } from '@/features/loan-node/loan-node-api';
import { useReloadLoan } from '@/features/loan-node/loan-node-queries';
import { useHolds } from '@/features/premium-collateral/use-holds';
import { formatTime } from '@/lib/format';
import { useRelease } from './after-guarantee-queries';

// The whole state, never cut to "已…" in a narrow column.
const WHOLE_BADGE = { root: { flex: 'none' }, label: { whiteSpace: 'nowrap', overflow: 'visible', textOverflow: 'clip' } } as const;

/** Release of the guarantee and each pledged or mortgaged item (UNRESOLVED / RELEASED), confirmed one by one. */
export function ReleasePanel({ loanId, version, state }: { loanId: string; version: number; state?: unknown }) {
  const { t } = useTranslation();
  const inRelease = typeof state === 'object' && state !== null && 'release' in state;
  const visible = useHolds('sys:loan:detail', 'secure_list', 'relieve_list') && (inRelease || state === 'closed');
  const canConfirm = useHolds('sys:secure:confirm');
  const reload = useReloadLoan(loanId);
  const [busy, setBusy] = useState<string | null>(null);
  const release = useRelease(loanId, version, visible);
  const r = release.data;
  if (!visible || !r) return null;
  type Item = (typeof r.items)[number];
  const nameOf = (item: Item) =>
    item.kind === 'GUARANTEE'
      ? t('afterGuarantee.release.guarantee')
      : [t(`afterGuarantee.release.kinds.${item.kind}`), item.owner, item.description].filter(Boolean).join(' · ');
  // A release cannot be taken back: it is confirmed in a dialog naming the item and its value.
  const ask = (item: Item) => {
    // who takes the item's certificates out of the vault (the server names the borrower when left empty)
    let receivedBy = '';
    modals.openConfirmModal({
      title: t('afterGuarantee.release.confirmTitle'),
      centered: true,
      children: (
        <Stack gap={4} data-testid="release-confirm-dialog" data-item={item.itemId}>
          <Text size="sm">{t('afterGuarantee.release.confirmText')}</Text>
          <Text size="sm" fw={600} data-testid="release-confirm-item">
            {nameOf(item)}
          </Text>
          {item.valueFen !== null && (
            <Text size="sm" data-testid="release-confirm-value">
              {t('afterGuarantee.release.columns.value')}: {formatFen(item.valueFen)}
            </Text>
          )}
          {item.kind !== 'GUARANTEE' && (
            <TextInput
              mt="xs"
              label={t('afterGuarantee.release.receivedBy')}
              description={t('afterGuarantee.release.receivedByHint')}
              maxLength={100}
              onChange={(e) => (receivedBy = e.currentTarget.value)}
              data-testid="release-received-by"
            />
          )}
        </Stack>
      ),
      labels: { confirm: t('afterGuarantee.release.confirm'), cancel: t('common.cancel') },
      confirmProps: { 'data-testid': 'release-confirm-ok' } as Record<string, string>,
      cancelProps: { 'data-testid': 'release-confirm-cancel' } as Record<string, string>,
      onConfirm: () => void confirm(item.itemId, receivedBy.trim()),
    });
  };
  const confirm = async (itemId: string, receivedBy: string) => {
    setBusy(itemId);
    try {
      const payload = receivedBy ? { itemId, receivedBy } : { itemId };
      const view = await sendEvent(loanId, { type: 'CONFIRM_RELEASE', expectedVersion: version, payload }, newIdempotencyKey());
      showSuccessToast(t('afterGuarantee.release.confirmed'));
      await reload(view);
    } catch (error) {
      showErrorToast(error instanceof ApiError ? error.message : t('http.systemError'));
      await reload();
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card withBorder radius="md" padding="lg" data-testid="release-panel">
      <Stack gap="xs">
        <Title order={5}>{t('afterGuarantee.release.title')}</Title>
        <Table withRowBorders verticalSpacing={4} fz="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('afterGuarantee.release.columns.item')}</Table.Th>
              <Table.Th>{t('afterGuarantee.release.columns.value')}</Table.Th>
              <Table.Th>{t('afterGuarantee.release.columns.state')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.items.map((item) => (
              <Table.Tr key={item.itemId} data-testid="release-item" data-kind={item.kind} data-state={item.state}>
                <Table.Td>
                  <Text size="xs" fw={600}>
                    {t(`afterGuarantee.release.kinds.${item.kind}`)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {item.kind === 'GUARANTEE' ? t('afterGuarantee.release.guarantee') : [item.owner, item.description].filter(Boolean).join(' · ')}
                  </Text>
                </Table.Td>
                <Table.Td>{item.valueFen === null ? '—' : formatFen(item.valueFen)}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Badge
                      size="sm"
                      color={item.state === 'RELEASED' ? 'green' : 'gray'}
                      variant="light"
                      h="auto"
                      styles={WHOLE_BADGE}
                      data-testid="release-state"
                    >
                      {t(`afterGuarantee.release.states.${item.state}`)}
                    </Badge>
                    {item.state === 'RELEASED' && (
                      <Text size="xs" c="dimmed">
                        {item.releasedByName ?? ''} {formatTime(item.releasedAt)}
                      </Text>
                    )}
                    {item.state === 'UNRESOLVED' && r.releasable && canConfirm && (
                      <Button size="compact-xs" loading={busy === item.itemId} disabled={busy !== null} onClick={() => ask(item)} data-testid="release-confirm">
                        {t('afterGuarantee.release.confirm')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}
