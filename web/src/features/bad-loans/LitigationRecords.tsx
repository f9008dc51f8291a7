import { ActionIcon, Button, Table, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import { formatFen } from '@app/workflow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { useHolds } from '@/features/premium-collateral/use-holds';
import type { BadLoanFee, BadLoanRecords, BadLoanSeizure } from './bad-loans-api';
import { useDeleteLitigationFee, useDeleteSeizure } from './bad-loans-queries';
import { LitigationFeeModal, SeizureModal } from './LitigationRecordModals';
import { NamedTable, wordOr } from './NamedTable';

const yuan = (fen: number) => (Number.isSafeInteger(fen) ? formatFen(fen) : '—');

/**
 * The litigation fees and seized assets of a loan in recovery: read-only to everyone who may see them,
 * recorded and deleted (after a confirmation that names the row) by holders of sys:recovery:record while
 * the loan is in recovery (`editable`). The server checks both again; each change reloads the tables.
 */
export function LitigationRecords({ loanId, records }: { loanId: string; records: BadLoanRecords }) {
  const { t } = useTranslation();
  const mayRecord = useHolds('sys:recovery:record') && records.editable;
  const [adding, setAdding] = useState<'fee' | 'seizure' | null>(null);
  const removeFee = useDeleteLitigationFee(loanId);
  const removeSeizure = useDeleteSeizure(loanId);
  const { fees, seizures } = records;

  const confirmDelete = (words: string, testId: string, remove: () => Promise<unknown>) =>
    modals.openConfirmModal({
      title: t('badLoans.records.deleteTitle'),
      centered: true,
      children: (
        <Text size="sm" data-testid="record-delete-words">
          {words}
        </Text>
      ),
      labels: { confirm: t('badLoans.records.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': testId } as never,
      onConfirm: () => void remove().then(() => showSuccessToast(t('badLoans.records.deleted'))),
    });
  const deleteFee = (fee: BadLoanFee) =>
    confirmDelete(
      t('badLoans.records.confirmDeleteFee', {
        type: wordOr(t, `badLoans.panel.feeTypes.${fee.feeType}`, fee.feeType),
        amount: yuan(fee.amountFen),
        day: fee.paidOn,
      }),
      'fee-delete-confirm',
      () => removeFee.mutateAsync(fee.id),
    );
  const deleteSeizure = (s: BadLoanSeizure) =>
    confirmDelete(t('badLoans.records.confirmDeleteSeizure', { asset: s.asset, court: s.court, day: s.expiresOn }), 'seizure-delete-confirm', () =>
      removeSeizure.mutateAsync(s.id),
    );
  const deleteButton = (label: string, testId: string, onClick: () => void) => (
    <Table.Td>
      <Tooltip label={label}>
        <ActionIcon variant="subtle" color="red" size="sm" aria-label={label} onClick={onClick} data-testid={testId}>
          <IconTrash size={14} />
        </ActionIcon>
      </Tooltip>
    </Table.Td>
  );
  const actionsHead = mayRecord ? [t('common.actions')] : [];
  const saved = () => {
    setAdding(null);
    showSuccessToast(t('badLoans.records.saved'));
  };

  return (
    <>
      {(fees.length > 0 || mayRecord) && (
        <NamedTable
          title={t('badLoans.panel.fees')}
          testId="bad-loan-fees"
          head={[
            t('badLoans.panel.columns.type'),
            t('badLoans.panel.columns.amount'),
            t('badLoans.panel.columns.day'),
            t('badLoans.panel.columns.note'),
            ...actionsHead,
          ]}
          action={
            mayRecord && (
              <Button size="compact-xs" variant="light" onClick={() => setAdding('fee')} data-testid="fee-add">
                {t('badLoans.records.addFee')}
              </Button>
            )
          }
        >
          {fees.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={5} c="dimmed">
                {t('badLoans.records.noFees')}
              </Table.Td>
            </Table.Tr>
          ) : (
            fees.map((fee) => (
              <Table.Tr key={fee.id} data-testid="bad-loan-fee">
                <Table.Td>{wordOr(t, `badLoans.panel.feeTypes.${fee.feeType}`, fee.feeType)}</Table.Td>
                <Table.Td>{yuan(fee.amountFen)}</Table.Td>
                <Table.Td>{fee.paidOn}</Table.Td>
                <Table.Td>{fee.note ?? ''}</Table.Td>
                {mayRecord && deleteButton(t('badLoans.records.deleteFee'), 'fee-delete', () => deleteFee(fee))}
              </Table.Tr>
            ))
          )}
        </NamedTable>
      )}
      {(seizures.length > 0 || mayRecord) && (
        <NamedTable
          title={t('badLoans.panel.seizures')}
          testId="bad-loan-seizures"
          head={[
            t('badLoans.panel.columns.court'),
            t('badLoans.panel.columns.asset'),
            t('badLoans.panel.columns.kind'),
            t('badLoans.panel.columns.seizedOn'),
            t('badLoans.panel.columns.expiresOn'),
            t('badLoans.panel.columns.note'),
            ...actionsHead,
          ]}
          action={
            mayRecord && (
              <Button size="compact-xs" variant="light" onClick={() => setAdding('seizure')} data-testid="seizure-add">
                {t('badLoans.records.addSeizure')}
              </Button>
            )
          }
        >
          {seizures.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={7} c="dimmed">
                {t('badLoans.records.noSeizures')}
              </Table.Td>
            </Table.Tr>
          ) : (
            seizures.map((s) => (
              <Table.Tr key={s.id} data-testid="bad-loan-seizure">
                <Table.Td>{s.court}</Table.Td>
                <Table.Td>{s.asset}</Table.Td>
                <Table.Td>{wordOr(t, `badLoans.panel.seizureKinds.${s.seizureKind}`, s.seizureKind)}</Table.Td>
                <Table.Td>{s.seizedOn}</Table.Td>
                <Table.Td>{s.expiresOn}</Table.Td>
                <Table.Td>{s.note ?? ''}</Table.Td>
                {mayRecord && deleteButton(t('badLoans.records.deleteSeizure'), 'seizure-delete', () => deleteSeizure(s))}
              </Table.Tr>
            ))
          )}
        </NamedTable>
      )}
      {adding === 'fee' && <LitigationFeeModal loanId={loanId} onClose={() => setAdding(null)} onSaved={saved} />}
      {adding === 'seizure' && <SeizureModal loanId={loanId} onClose={() => setAdding(null)} onSaved={saved} />}
    </>
  );
}
