import { Button, Card, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import { formatBasisPoints } from '@app/workflow';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { AppDataTable } from '@/ui/AppDataTable';
import { ListFilterBar } from '@/ui/ListFilterBar';
import { downloadFile, today } from '@/lib/download';
import { PAGE_SIZES } from '@/features/meetings/labels';
import { Can, useCan } from '@/features/permissions/Can';
import { formatTime } from '@/lib/format';
import { FormErrorAlert, useAppForm } from '@/lib/app-form';
import { usePagedList } from '@/lib/use-paged-list';
import { deleteLoanType, fetchLoanTypes, saveLoanType, type LoanTypeRow } from './basic-data-api';
import { loanTypeFormErrors, toLoanTypeDto, type LoanTypeFormValues } from './basic-data-form';

const FILTER_KEYS = ['name'] as const;
type LoanTypeQuery = Parameters<typeof fetchLoanTypes>[0];

/** /basicData/typeList (companyLoanType): loan types with their guarantee fee rate and reminder lead days. */
export default function LoanTypeListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<LoanTypeRow | 'new' | null>(null);
  const list = usePagedList({
    queryKey: ['loanTypes', 'list'],
    filterKeys: FILTER_KEYS,
    pageSizes: PAGE_SIZES,
    defaultSort: { sort: 'createdAt', order: 'desc' },
    sortable: ['name', 'feeRate', 'createdAt'],
    fetch: (query) => fetchLoanTypes(query as LoanTypeQuery),
    exportRows: async (query) => void (await downloadFile('/loan-types/export', `${t('basicData.loanTypes.exportName')}-${today()}.xlsx`, query)),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['loanTypes'] });
  const remove = useMutation({ mutationFn: (row: LoanTypeRow) => deleteLoanType(row.id) });
  const confirmRemove = (row: LoanTypeRow) =>
    modals.openConfirmModal({
      title: t('basicData.delete'),
      centered: true,
      children: <Text size="sm">{t('basicData.loanTypes.confirmDelete', { name: row.name })}</Text>,
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void remove.mutateAsync(row).then(
          () => {
            showSuccessToast(t('basicData.deleted'));
            refresh();
          },
          () => undefined,
        ),
    });

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
          columns={[
            { accessor: 'name', title: t('basicData.loanTypes.columns.name'), sortable: true },
            {
              accessor: 'feeRate',
              title: t('basicData.loanTypes.columns.feeRate'),
              sortable: true,
              textAlign: 'right',
              render: (r) => formatBasisPoints(r.feeRateBp),
            },
            { accessor: 'repaymentReminderDays', title: t('basicData.loanTypes.columns.repaymentReminderDays'), textAlign: 'right' },
            { accessor: 'maturityReminderDays', title: t('basicData.loanTypes.columns.maturityReminderDays'), textAlign: 'right' },
            { accessor: 'loanCount', title: t('basicData.loanTypes.columns.loans'), textAlign: 'right' },
            { accessor: 'createdAt', title: t('basicData.loanTypes.columns.createdAt'), sortable: true, width: 150, render: (r) => formatTime(r.createdAt) },
            {
              accessor: 'actions',
              title: t('common.actions'),
              width: 140,
              render: (r) => (
                <Group gap={4} wrap="nowrap">
                  {can(['sys:loan-type:edit']) && (
                    <Button size="compact-xs" variant="subtle" onClick={() => setEditing(r)}>
                      {t('basicData.edit')}
                    </Button>
                  )}
                  {can(['sys:loan-type:delete']) && (
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => confirmRemove(r)}>
                      {t('basicData.delete')}
                    </Button>
                  )}
                </Group>
              ),
            },
          ]}
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
          <LoanTypeForm
            key={editing === 'new' ? 'new' : editing.id}
            loanType={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
            onSaved={refresh}
          />
        )}
      </Modal>
    </Stack>
  );
}

function LoanTypeForm({ loanType, onClose, onSaved }: { loanType: LoanTypeRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
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
      await saveLoanType(loanType?.id ?? null, toLoanTypeDto(values));
      showSuccessToast(t('basicData.saved'));
      onSaved();
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
