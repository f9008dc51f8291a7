import { Button, Card, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import { formatBasisPoints } from '@app/workflow';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { AppDataTable } from '@/ui/AppDataTable';
import { ListFilterBar } from '@/ui/ListFilterBar';
import { downloadFile, today } from '@/lib/download';
import { PAGE_SIZES } from '@/features/meetings/labels';
import { Can } from '@/features/permissions/Can';
import { FormErrorAlert, useAppForm } from '@/lib/app-form';
import type { LoanTypeRow } from './basic-data-api';
import { useDeleteLoanType, useLoanTypeList, useSaveLoanType } from './basic-data-queries';
import { useLoanTypeColumns } from './LoanTypeColumns';
import { loanTypeFormErrors, toLoanTypeDto, type LoanTypeFormValues } from './basic-data-form';

const FILTER_KEYS = ['name'] as const;

/** /basicData/typeList (companyLoanType): loan types with their guarantee fee rate and reminder lead days. */
export default function LoanTypeListPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<LoanTypeRow | 'new' | null>(null);
  const list = useLoanTypeList({
    filterKeys: FILTER_KEYS,
    pageSizes: PAGE_SIZES,
    defaultSort: { sort: 'createdAt', order: 'desc' },
    sortable: ['name', 'feeRate', 'createdAt'],
    exportRows: async (query) => void (await downloadFile('/loan-types/export', `${t('basicData.loanTypes.exportName')}-${today()}.xlsx`, query)),
  });
  const remove = useDeleteLoanType();
  const confirmRemove = (row: LoanTypeRow) =>
    modals.openConfirmModal({
      title: t('basicData.delete'),
      centered: true,
      children: <Text size="sm">{t('basicData.loanTypes.confirmDelete', { name: row.name })}</Text>,
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void remove.mutateAsync(row).then(
          () => showSuccessToast(t('basicData.deleted')),
          () => undefined,
        ),
    });
  const columns = useLoanTypeColumns({ onEdit: setEditing, onDelete: confirmRemove });

  return (
    <Stack p="md" data-testid="loan-type-list">
      <Card withBorder radius="md" padding="lg">
        <ListFilterBar
          fields={[{ kind: 'text', key: 'name', label: t('basicData.loanTypes.columns.name'), placeholder: t('basicData.loanTypes.searchPlaceholder') }]}
          list={list}
          exportLabel={t('basicData.export')}
          actions={
            <Can perms={['sys:loan-type:add']}>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="loan-type-add">
                {t('basicData.add')}
              </Button>
            </Can>
          }
        />
        <AppDataTable<LoanTypeRow>
          minHeight={list.records.length ? undefined : 180}
          records={list.records}
          customRowAttributes={(r) => ({ 'data-testid': 'loan-type-row', 'data-name': r.name })}
          {...list.table}
          sortStatus={list.sortStatus as never}
          onSortStatusChange={list.onSortStatusChange}
          columns={columns}
        />
      </Card>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('basicData.loanTypes.addTitle') : editing ? t('basicData.loanTypes.editTitle', { name: editing.name }) : ''}
        centered
        closeOnClickOutside={false}
      >
        {editing !== null && (
          <LoanTypeForm key={editing === 'new' ? 'new' : editing.id} loanType={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        )}
      </Modal>
    </Stack>
  );
}

function LoanTypeForm({ loanType, onClose }: { loanType: LoanTypeRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveLoanType(loanType?.id ?? null);
  const { form, formError, submitting, onSubmit } = useAppForm<LoanTypeFormValues>({
    initialValues: {
      name: loanType?.name ?? '',
      feeRate: loanType ? Number(formatBasisPoints(loanType.feeRateBp)) : '',
      repaymentReminderDays: loanType?.repaymentReminderDays ?? 7,
      maturityReminderDays: loanType?.maturityReminderDays ?? 30,
      maturityReminderOffsets: (loanType?.maturityReminderOffsets ?? [30, 15, 7, 1]).join(', '),
    },
    validate: (values) => {
      const found = loanTypeFormErrors(values);
      return Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(`basicData.loanTypes.errors.${key}`)]));
    },
    submit: async (values) => {
      await save.mutateAsync(toLoanTypeDto(values));
      showSuccessToast(t('basicData.saved'));
      onClose();
    },
  });
  return (
    <form noValidate data-testid="loan-type-form" onSubmit={onSubmit}>
      <Stack gap="sm">
        <FormErrorAlert message={formError} testId="loan-type-form-error" />
        <TextInput label={t('basicData.loanTypes.columns.name')} withAsterisk data-testid="loan-type-name" {...form.getInputProps('name')} />
        <NumberInput
          label={t('basicData.loanTypes.columns.feeRate')}
          withAsterisk
          min={0}
          max={100}
          decimalScale={2}
          step={0.1}
          data-testid="loan-type-rate"
          {...form.getInputProps('feeRate')}
        />
        <NumberInput
          label={t('basicData.loanTypes.columns.repaymentReminderDays')}
          withAsterisk
          min={0}
          max={365}
          allowDecimal={false}
          {...form.getInputProps('repaymentReminderDays')}
        />
        <NumberInput
          label={t('basicData.loanTypes.columns.maturityReminderDays')}
          withAsterisk
          min={0}
          max={365}
          allowDecimal={false}
          {...form.getInputProps('maturityReminderDays')}
        />
        <TextInput
          label={t('basicData.loanTypes.columns.maturityReminderOffsets')}
          data-testid="loan-type-maturity-offsets"
          {...form.getInputProps('maturityReminderOffsets')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={submitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={submitting} data-testid="loan-type-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
