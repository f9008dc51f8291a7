import { Button, Card, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { showSuccessToast } from '@/api/feedback';
import { AppDataTable } from '@/ui/AppDataTable';
import { ListFilterBar } from '@/ui/ListFilterBar';
import { enumData, enumWords } from '@/features/companies/enum-labels';
import { downloadFile, today } from '@/lib/download';
import { PAGE_SIZES } from '@/features/meetings/labels';
import { Can, useCan } from '@/features/permissions/Can';
import { useLang } from '@/i18n/use-lang';
import { formatTime } from '@/lib/format';
import { FormErrorAlert, useAppForm } from '@/lib/app-form';
import { usePagedList } from '@/lib/use-paged-list';
import { deleteBank, fetchBanks, saveBank, type BankRow } from './basic-data-api';
import { bankFormErrors, toBankDto, type BankFormValues } from './basic-data-form';

const FILTER_KEYS = ['name', 'category'] as const;
type BankQuery = Parameters<typeof fetchBanks>[0];

/** /basicData/bankList: the banks, each with its contract templates. */
export default function BankListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<BankRow | 'new' | null>(null);
  const list = usePagedList({
    queryKey: ['banks', 'list'],
    filterKeys: FILTER_KEYS,
    pageSizes: PAGE_SIZES,
    defaultSort: { sort: 'createdAt', order: 'desc' },
    sortable: ['name', 'category', 'createdAt', 'templateCount'],
    fetch: (query) => fetchBanks(query as BankQuery),
    exportRows: async (query) => void (await downloadFile('/banks/export', `${t('basicData.banks.exportName')}-${today()}.xlsx`, query)),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['banks'] });
  const remove = useMutation({ mutationFn: (row: BankRow) => deleteBank(row.id) });

  const confirmRemove = (row: BankRow) =>
    modals.openConfirmModal({
      title: t('basicData.delete'),
      centered: true,
      children: <Text size="sm">{t('basicData.banks.confirmDelete', { name: row.name })}</Text>,
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'bank-delete-confirm' } as never,
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
          columns={[
            { accessor: 'name', title: t('basicData.banks.columns.name'), sortable: true },
            { accessor: 'category', title: t('basicData.banks.columns.category'), sortable: true, render: (r) => enumWords('bankCategory', r.category, lang) },
            { accessor: 'phone', title: t('basicData.banks.columns.phone') },
            { accessor: 'address', title: t('basicData.banks.columns.address') },
            {
              accessor: 'templateCount',
              title: t('basicData.banks.columns.templates'),
              sortable: true,
              textAlign: 'right',
              render: (r) => `${r.templateCount}（${r.enabledTypes}）`,
            },
            { accessor: 'loanCount', title: t('basicData.banks.columns.loans'), textAlign: 'right' },
            { accessor: 'createdAt', title: t('basicData.banks.columns.createdAt'), sortable: true, width: 150, render: (r) => formatTime(r.createdAt) },
            {
              accessor: 'actions',
              title: t('common.actions'),
              width: 200,
              render: (r) => (
                <Group gap={4} wrap="nowrap">
                  {can(['template_list']) && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => navigate(`/basicData/bankContractList?bankId=${encodeURIComponent(r.id)}`)}
                      data-testid="bank-templates"
                    >
                      {t('basicData.banks.templates')}
                    </Button>
                  )}
                  {can(['sys:bank:edit']) && (
                    <Button size="compact-xs" variant="subtle" onClick={() => setEditing(r)}>
                      {t('basicData.edit')}
                    </Button>
                  )}
                  {can(['sys:bank:delete']) && (
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => confirmRemove(r)} data-testid="bank-delete">
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
        title={editing === 'new' ? t('basicData.banks.addTitle') : editing ? t('basicData.banks.editTitle', { name: editing.name }) : ''}
        centered
        closeOnClickOutside={false}
      >
        {editing !== null && (
          <BankForm key={editing === 'new' ? 'new' : editing.id} bank={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={refresh} />
        )}
      </Modal>
    </Stack>
  );
}

function BankForm({ bank, onClose, onSaved }: { bank: BankRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { form, formError, submitting, onSubmit } = useAppForm<BankFormValues>({
    initialValues: { name: bank?.name ?? '', category: bank?.category ?? null, phone: bank?.phone ?? '', address: bank?.address ?? '' },
    validate: (values) => {
      const found = bankFormErrors(values);
      return Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(`basicData.banks.errors.${key}`)]));
    },
    submit: async (values) => {
      await saveBank(bank?.id ?? null, toBankDto(values));
      showSuccessToast(t('basicData.saved'));
      onSaved();
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
