import { Button, Card, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { AppDataTable } from '@/ui/AppDataTable';
import { ListFilterBar } from '@/ui/ListFilterBar';
import { enumData } from '@/features/companies/enum-labels';
import { downloadFile, today } from '@/lib/download';
import { PAGE_SIZES } from '@/features/meetings/labels';
import { Can } from '@/features/permissions/Can';
import { useLang } from '@/i18n/use-lang';
import { FormErrorAlert, useAppForm } from '@/lib/app-form';
import type { BankRow } from './basic-data-api';
import { useBankList, useDeleteBank, useSaveBank } from './basic-data-queries';
import { useBankColumns } from './BankColumns';
import { bankFormErrors, riskSharePercent, toBankDto, type BankFormValues } from './basic-data-form';

const FILTER_KEYS = ['name', 'category'] as const;

/** /basicData/bankList: the banks, each with its contract templates. */
export default function BankListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [editing, setEditing] = useState<BankRow | 'new' | null>(null);
  const list = useBankList({
    filterKeys: FILTER_KEYS,
    pageSizes: PAGE_SIZES,
    defaultSort: { sort: 'createdAt', order: 'desc' },
    sortable: ['name', 'category', 'createdAt', 'templateCount'],
    exportRows: async (query) => void (await downloadFile('/banks/export', `${t('basicData.banks.exportName')}-${today()}.xlsx`, query)),
  });
  const remove = useDeleteBank();

  const confirmRemove = (row: BankRow) =>
    modals.openConfirmModal({
      title: t('basicData.delete'),
      centered: true,
      children: <Text size="sm">{t('basicData.banks.confirmDelete', { name: row.name })}</Text>,
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'bank-delete-confirm' } as never,
      onConfirm: () =>
        void remove.mutateAsync(row).then(
          () => showSuccessToast(t('basicData.deleted')),
          () => undefined,
        ),
    });
  const columns = useBankColumns({ onEdit: setEditing, onDelete: confirmRemove });

  return (
    <Stack p="md" data-testid="bank-list">
      <Card withBorder radius="md" padding="lg">
        <ListFilterBar
          fields={[
            { kind: 'text', key: 'name', label: t('basicData.banks.columns.name'), placeholder: t('basicData.banks.searchPlaceholder') },
            {
              kind: 'select',
              key: 'category',
              label: t('basicData.banks.columns.category'),
              placeholder: t('basicData.banks.allCategories'),
              data: enumData('bankCategory', lang),
              width: 200,
            },
          ]}
          list={list}
          exportLabel={t('basicData.export')}
          actions={
            <Can perms={['sys:bank:add']}>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="bank-add">
                {t('basicData.add')}
              </Button>
            </Can>
          }
        />
        <AppDataTable<BankRow>
          minHeight={list.records.length ? undefined : 180}
          records={list.records}
          customRowAttributes={(r) => ({ 'data-testid': 'bank-row', 'data-name': r.name })}
          {...list.table}
          sortStatus={list.sortStatus as never}
          onSortStatusChange={list.onSortStatusChange}
          columns={columns}
        />
      </Card>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('basicData.banks.addTitle') : editing ? t('basicData.banks.editTitle', { name: editing.name }) : ''}
        centered
        closeOnClickOutside={false}
      >
        {editing !== null && (
          <BankForm key={editing === 'new' ? 'new' : editing.id} bank={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        )}
      </Modal>
    </Stack>
  );
}

function BankForm({ bank, onClose }: { bank: BankRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const save = useSaveBank(bank?.id ?? null);
  const { form, formError, submitting, onSubmit } = useAppForm<BankFormValues>({
    initialValues: {
      name: bank?.name ?? '',
      category: bank?.category ?? null,
      phone: bank?.phone ?? '',
      address: bank?.address ?? '',
      riskShare: riskSharePercent(bank?.riskShareBp ?? 0),
    },
    validate: (values) => {
      const found = bankFormErrors(values);
      return Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(`basicData.banks.errors.${key}`)]));
    },
    submit: async (values) => {
      await save.mutateAsync(toBankDto(values));
      showSuccessToast(t('basicData.saved'));
      onClose();
    },
  });
  return (
    <form noValidate data-testid="bank-form" onSubmit={onSubmit}>
      <Stack gap="sm">
        <FormErrorAlert message={formError} testId="bank-form-error" />
        <TextInput label={t('basicData.banks.columns.name')} withAsterisk data-testid="bank-name" {...form.getInputProps('name')} />
        <Select
          label={t('basicData.banks.columns.category')}
          withAsterisk
          data={enumData('bankCategory', lang)}
          comboboxProps={{ withinPortal: false }}
          data-testid="bank-category"
          {...form.getInputProps('category')}
        />
        <TextInput label={t('basicData.banks.columns.phone')} {...form.getInputProps('phone')} />
        <TextInput label={t('basicData.banks.columns.address')} {...form.getInputProps('address')} />
        <NumberInput
          label={t('basicData.banks.columns.riskShare')}
          description={t('basicData.banks.riskShareHint')}
          min={0}
          max={100}
          decimalScale={2}
          suffix="%"
          data-testid="bank-risk-share"
          {...form.getInputProps('riskShare')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={submitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={submitting} data-testid="bank-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
