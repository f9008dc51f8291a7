import { Alert, Anchor, Badge, Button, Card, FileButton, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { formatFen } from '@app/workflow';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { showSuccessToast } from '@/api/feedback';
import NotFoundPage from '@/ui/NotFoundPage';
import { useCurrentRoute } from '@/navigation/current-route';
import { LOAN_ID, useWorkflowView } from '@/features/loan-node/loan-node-queries';
import { downloadFile } from '@/lib/download';
import { useHolds } from '@/features/premium-collateral/use-holds';
import { formatAmount, formatTime } from '@/lib/format';
import { addLedgerReport, fetchLedger, ledgerAttachmentPath, ledgerPagePath, reuploadLedgerReport, type LedgerAttachment } from './ledger-attachments-api';
import { RepaymentPlanPanel } from './RepaymentPlanPanel';

/**
 * The ledger's page of one loan (ledgerList/:encryptId/:flag, and ledgerListNew/... for the
 * attachment list): balance, repayment plan, repayments and attachments. `flag` "edit" offers adding
 * a report, re-uploading one and the instalments' vouchers to those who hold them; anything else views.
 */
export default function LedgerAttachmentsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const route = useCurrentRoute();
  const { encryptId: loanId = '', flag = 'view' } = useParams();
  const finance = route?.name === 'ledgerAttachmentsFinance';
  const editing = flag === 'edit';
  const mayAdd = useHolds('sys:attachment:add-report', 'sys:after-b:upload');
  const mayReupload = useHolds('sys:attachment:reupload');
  const mayEditAny = useHolds('sys:attachment:add-report', 'sys:attachment:reupload', 'sys:ledger:upload-repayment', 'sys:after-b:upload');
  const [busy, setBusy] = useState<string | null>(null);
  const valid = LOAN_ID.test(loanId);
  const ledger = useQuery({ queryKey: ['ledger', loanId], queryFn: () => fetchLedger(loanId), enabled: valid, retry: false });
  const workflow = useWorkflowView(loanId, valid);
  if (!valid || ledger.error) return <NotFoundPage />;
  const view = ledger.data;
  if (!view) return null;
  const open = editing && view.editable;

  const upload = async (key: string, work: () => Promise<unknown>, done: 'ledgerAttachments.reuploaded' | 'ledgerAttachments.reportAdded') => {
    setBusy(key);
    try {
      await work();
      showSuccessToast(t(done));
      await ledger.refetch();
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setBusy(null);
    }
  };

  const attachmentRow = (a: LedgerAttachment) => (
    <Table.Tr key={a.id} data-testid="ledger-attachment" data-kind={a.kind}>
      <Table.Td>
        <Anchor
          size="sm"
          component="button"
          type="button"
          data-testid="ledger-attachment-view"
          onClick={() => void downloadFile(ledgerAttachmentPath(loanId, a.id), a.name)}
        >
          {a.name}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Badge size="sm" variant="light" color={a.kind === 'REPAYMENT_VOUCHER' ? 'green' : 'blue'}>
          {t(`ledgerAttachments.kinds.${a.kind}`)}
        </Badge>
      </Table.Td>
      <Table.Td>{a.instalmentSeq === null ? '—' : t('ledgerAttachments.instalment', { seq: a.instalmentSeq })}</Table.Td>
      <Table.Td>{a.uploadedByName ?? '—'}</Table.Td>
      <Table.Td>{formatTime(a.uploadedAt)}</Table.Td>
      <Table.Td>
        <Group gap={6}>
          <Button size="compact-xs" variant="subtle" onClick={() => void downloadFile(ledgerAttachmentPath(loanId, a.id), a.name)}>
            {t('ledgerAttachments.view')}
          </Button>
          {open && mayReupload && a.kind === 'AFTER_GUARANTEE' && (
            <FileButton onChange={(file) => file && void upload(a.id, () => reuploadLedgerReport(loanId, a.id, file), 'ledgerAttachments.reuploaded')}>
              {(props) => (
                <Button {...props} size="compact-xs" variant="light" loading={busy === a.id} disabled={busy !== null} data-testid="ledger-reupload">
                  {t('ledgerAttachments.reupload')}
                </Button>
              )}
            </FileButton>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );

  return (
    <Stack p="md" data-testid="ledger-attachments-page" data-mode={editing ? 'edit' : 'view'} data-stage={view.stage}>
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={4} data-testid="ledger-company">
              {view.company}
            </Title>
            <Text size="sm" c="dimmed">
              {t('ledgerAttachments.summary', { amount: formatAmount(view.amount), termMonths: view.termMonths, bank: view.bank ?? '—' })}
            </Text>
          </Stack>
          <Group gap="xs">
            {mayEditAny && (
              <SegmentedControl
                size="xs"
                data-testid="ledger-mode"
                value={editing ? 'edit' : 'view'}
                onChange={(mode) => void navigate(ledgerPagePath(loanId, mode as 'view' | 'edit', finance), { replace: true })}
                data={[
                  { value: 'view', label: t('ledgerAttachments.viewMode') },
                  { value: 'edit', label: t('ledgerAttachments.editMode') },
                ]}
              />
            )}
            <Button size="xs" variant="default" component={Link} to="/protectAfter/ledgerList">
              {t('ledgerAttachments.back')}
            </Button>
          </Group>
        </Group>
        {view.principalFen === null ? (
          <Text size="sm" mt="sm">
            {t('ledgerAttachments.notDisbursed')}
          </Text>
        ) : (
          <Group mt="sm" gap="xl">
            <Text size="sm">
              {t('ledgerAttachments.principal')}: <b>{formatFen(view.principalFen)}</b>
            </Text>
            <Text size="sm">
              {t('ledgerAttachments.repaid')}: <b>{formatFen(view.repaidFen ?? 0)}</b>
            </Text>
            <Text size="sm">
              {t('ledgerAttachments.balance')}: <b data-testid="ledger-balance">{formatFen(view.balanceFen ?? 0)}</b>
            </Text>
          </Group>
        )}
        {editing && !view.editable && (
          <Alert mt="sm" color="gray" data-testid="ledger-closed">
            {t('ledgerAttachments.closed')}
          </Alert>
        )}
      </Card>

      {workflow.data && (
        <RepaymentPlanPanel
          loanId={loanId}
          version={workflow.data.version}
          state={workflow.data.state}
          readOnly={!editing}
          onVoucherUploaded={() => void ledger.refetch()}
        />
      )}

      <Card withBorder radius="md" padding="lg">
        <Title order={5} mb="xs">
          {t('ledgerAttachments.repayments')}
        </Title>
        {view.repayments.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('ledgerAttachments.noRepayments')}
          </Text>
        ) : (
          <Table withRowBorders verticalSpacing={4} fz="sm" data-testid="ledger-repayments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ledgerAttachments.repaymentColumns.seq')}</Table.Th>
                <Table.Th>{t('ledgerAttachments.repaymentColumns.amount')}</Table.Th>
                <Table.Th>{t('ledgerAttachments.repaymentColumns.at')}</Table.Th>
                <Table.Th>{t('ledgerAttachments.repaymentColumns.actor')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.repayments.map((r) => (
                <Table.Tr key={r.seq} data-testid="ledger-repayment">
                  <Table.Td>{r.seq}</Table.Td>
                  <Table.Td>{formatFen(r.amountFen)}</Table.Td>
                  <Table.Td>{formatTime(r.at)}</Table.Td>
                  <Table.Td>{r.actorName ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>

      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" mb="xs">
          <Title order={5}>{t('ledgerAttachments.attachments')}</Title>
          {open && mayAdd && (
            <FileButton onChange={(file) => file && void upload('add', () => addLedgerReport(loanId, file), 'ledgerAttachments.reportAdded')}>
              {(props) => (
                <Button {...props} size="xs" loading={busy === 'add'} disabled={busy !== null} data-testid="ledger-add-report">
                  {t('ledgerAttachments.addReport')}
                </Button>
              )}
            </FileButton>
          )}
        </Group>
        {view.attachments.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('ledgerAttachments.noAttachments')}
          </Text>
        ) : (
          <Table withRowBorders verticalSpacing={4} fz="sm" data-testid="ledger-attachments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ledgerAttachments.columns.name')}</Table.Th>
                <Table.Th>{t('ledgerAttachments.columns.kind')}</Table.Th>
                <Table.Th>{t('ledgerAttachments.columns.instalment')}</Table.Th>
                <Table.Th>{t('ledgerAttachments.columns.uploadedBy')}</Table.Th>
                <Table.Th>{t('ledgerAttachments.columns.uploadedAt')}</Table.Th>
                <Table.Th>{t('ledgerAttachments.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{view.attachments.map(attachmentRow)}</Table.Tbody>
          </Table>
        )}
      </Card>
    </Stack>
  );
}
