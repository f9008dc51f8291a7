import { Alert, Button, Card, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconDownload, IconPlus, IconSearch } from '@tabler/icons-react';
import { formatBasisPoints } from '@app/workflow';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { ApiError } from '@/api/http';
import { AppDataTable } from '@/app/components/AppDataTable';
import { downloadFile, today } from '@/features/meetings/download';
import { PAGE_SIZES } from '@/features/meetings/labels';
import { Can, useCan } from '@/features/permissions/Can';
import { formatTime } from '@/lib/format';
import { filterFormValues, filterParams, usePagedList } from '@/lib/use-paged-list';
import { deleteLoanType, fetchLoanTypes, saveLoanType, type LoanTypeRow } from './basic-data-api';
import { loanTypeFormErrors, toLoanTypeDto, type LoanTypeFormErrors, type LoanTypeFormValues } from './basic-data-form';

interface Filters extends Record<string, string | null> {
  name: string;
}
const EMPTY: Filters = { name: '' };
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
  const form = useForm<Filters>({ mode: 'controlled', initialValues: filterFormValues(EMPTY, list.filters) });
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
        <form onSubmit={form.onSubmit((values) => list.search(filterParams(values)))}>
          <Group mb="md" gap="sm" align="flex-end">
            <TextInput
              label={t('basicData.loanTypes.columns.name')}
              placeholder={t('basicData.loanTypes.searchPlaceholder')}
              leftSection={<IconSearch size={16} />}
              w={220}
              {...form.getInputProps('name')}
            />
            <Button type="submit">{t('common.search')}</Button>
            <Button
              variant="default"
              onClick={() => {
                form.setValues(EMPTY);
                list.reset();
              }}
            >
              {t('common.reset')}
            </Button>
            <Group gap="sm" ml="auto">
              <Button variant="light" leftSection={<IconDownload size={16} />} loading={list.exporting} onClick={() => void list.exportList()}>
                {t('basicData.export')}
              </Button>
              <Can perms={['sys:loan-type:add']}>
                <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="loan-type-add">
                  {t('basicData.add')}
                </Button>
              </Can>
            </Group>
          </Group>
        </form>
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
  const [values, setValues] = useState<LoanTypeFormValues>({
    name: loanType?.name ?? '',
    feeRate: loanType ? Number(formatBasisPoints(loanType.feeRateBp)) : '',
    repaymentReminderDays: loanType?.repaymentReminderDays ?? 7,
    maturityReminderDays: loanType?.maturityReminderDays ?? 30,
    maturityReminderOffsets: (loanType?.maturityReminderOffsets ?? [30, 15, 7, 1]).join(', '),
  });
  const [errors, setErrors] = useState<LoanTypeFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useMutation({ mutationFn: () => saveLoanType(loanType?.id ?? null, toLoanTypeDto(values)) });
  const set = (field: keyof LoanTypeFormValues) => (value: string | number) => setValues((v) => ({ ...v, [field]: value }));
  const error = (field: keyof LoanTypeFormValues) => (errors[field] ? t(`basicData.loanTypes.errors.${errors[field]}`) : undefined);
  const submit = async () => {
    const found = loanTypeFormErrors(values);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync();
      showSuccessToast(t('basicData.saved'));
      onSaved();
      onClose();
    } catch (e) {
      setServerError(e instanceof ApiError ? e.message : t('http.systemError'));
    }
  };
  return (
    <form
      noValidate
      data-testid="loan-type-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        {serverError && (
          <Alert color="red" variant="light">
            {serverError}
          </Alert>
        )}
        <TextInput
          label={t('basicData.loanTypes.columns.name')}
          withAsterisk
          value={values.name}
          onChange={(e) => set('name')(e.currentTarget.value)}
          error={error('name')}
          data-testid="loan-type-name"
        />
        <NumberInput
          label={t('basicData.loanTypes.columns.feeRate')}
          withAsterisk
          min={0}
          max={100}
          decimalScale={2}
          step={0.1}
          value={values.feeRate}
          onChange={set('feeRate')}
          error={error('feeRate')}
          data-testid="loan-type-rate"
        />
        <NumberInput
          label={t('basicData.loanTypes.columns.repaymentReminderDays')}
          withAsterisk
          min={0}
          max={365}
          allowDecimal={false}
          value={values.repaymentReminderDays}
          onChange={set('repaymentReminderDays')}
          error={error('repaymentReminderDays')}
        />
        <NumberInput
          label={t('basicData.loanTypes.columns.maturityReminderDays')}
          withAsterisk
          min={0}
          max={365}
          allowDecimal={false}
          value={values.maturityReminderDays}
          onChange={set('maturityReminderDays')}
          error={error('maturityReminderDays')}
        />
        <TextInput
          label={t('basicData.loanTypes.columns.maturityReminderOffsets')}
          value={values.maturityReminderOffsets ?? ''}
          onChange={(e) => set('maturityReminderOffsets')(e.currentTarget.value)}
          error={error('maturityReminderOffsets')}
          data-testid="loan-type-maturity-offsets"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="loan-type-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
