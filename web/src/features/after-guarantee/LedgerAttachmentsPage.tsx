import { Alert, Button, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { formatFen } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import NotFoundPage from '@/ui/NotFoundPage';
import { useCurrentRoute } from '@/navigation/current-route';
import { LOAN_ID, useWorkflowView } from '@/features/loan-node/loan-node-queries';
import { useHolds } from '@/features/premium-collateral/use-holds';
import { formatAmount } from '@/lib/format';
import { ledgerPagePath } from './after-guarantee-api';
import { useLedger } from './after-guarantee-queries';
import { LedgerAttachmentsCard } from './LedgerAttachmentsCard';
import { LedgerRepaymentsCard } from './LedgerRepaymentsCard';
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
  const mayEditAny = useHolds('sys:attachment:add-report', 'sys:attachment:reupload', 'sys:ledger:upload-repayment', 'sys:after-b:upload');
  const valid = LOAN_ID.test(loanId);
  const ledger = useLedger(loanId, valid);
  const workflow = useWorkflowView(loanId, valid);
  if (!valid || ledger.error) return <NotFoundPage />;
  const view = ledger.data;
  if (!view) return null;
  const open = editing && view.editable;

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

      {workflow.data && <RepaymentPlanPanel loanId={loanId} version={workflow.data.version} state={workflow.data.state} readOnly={!editing} />}

      <LedgerRepaymentsCard repayments={view.repayments} />

      <LedgerAttachmentsCard loanId={loanId} attachments={view.attachments} open={open} />
    </Stack>
  );
}
