import { Anchor, Badge, Button, FileButton, Stack, Table } from '@mantine/core';
import { formatFen } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '@/lib/download';
import { instalmentVoucherPath, type RepaymentPlan } from './after-guarantee-api';

/** The plan's instalments, each with its state, its voucher and (to those who may) the voucher's upload. */
export function InstalmentsTable({
  loanId,
  plan,
  canUpload,
  busy,
  onUpload,
}: {
  loanId: string;
  plan: RepaymentPlan;
  canUpload: boolean;
  busy: string | null;
  onUpload: (instalmentId: string, file: File | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table withRowBorders verticalSpacing={4} fz="xs" data-testid="repayment-plan-instalments">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('afterGuarantee.plan.columns.seq')}</Table.Th>
          <Table.Th>{t('afterGuarantee.plan.columns.dueOn')}</Table.Th>
          <Table.Th>{t('afterGuarantee.plan.columns.principal')}</Table.Th>
          <Table.Th>{t('afterGuarantee.plan.columns.interest')}</Table.Th>
          <Table.Th>{t('afterGuarantee.plan.columns.repaid')}</Table.Th>
          <Table.Th>{t('afterGuarantee.plan.columns.state')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {plan.instalments.map((i) => (
          <Table.Tr key={i.id} data-testid="repayment-instalment" data-seq={i.seq} data-state={i.state}>
            <Table.Td>{i.seq}</Table.Td>
            <Table.Td>{i.dueOn}</Table.Td>
            <Table.Td>{formatFen(i.principalFen)}</Table.Td>
            <Table.Td>{i.interestFen === null ? '—' : formatFen(i.interestFen)}</Table.Td>
            <Table.Td>{formatFen(i.repaidFen)}</Table.Td>
            <Table.Td>
              <Stack gap={2}>
                <Badge size="sm" color={i.state === 'REPAID' ? 'green' : 'orange'} variant="light">
                  {t(`afterGuarantee.plan.states.${i.state}`)}
                </Badge>
                {i.voucher && (
                  <Anchor
                    size="xs"
                    component="button"
                    type="button"
                    data-testid="instalment-voucher"
                    onClick={() => void downloadFile(instalmentVoucherPath(loanId, i.id), i.voucher!.name)}
                  >
                    {i.voucher.name}
                  </Anchor>
                )}
                {canUpload && i.state === 'DUE' && (
                  <FileButton onChange={(file) => onUpload(i.id, file)}>
                    {(props) => (
                      <Button
                        {...props}
                        size="compact-xs"
                        variant="light"
                        loading={busy === i.id}
                        disabled={busy !== null}
                        data-testid="instalment-voucher-upload"
                      >
                        {t('afterGuarantee.plan.attachVoucher')}
                      </Button>
                    )}
                  </FileButton>
                )}
              </Stack>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
