import { Select } from '@mantine/core';
import { CONTRACT_TYPE_LABELS, type PayloadField } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import { pick, useLang } from '@/i18n/use-lang';
import { fieldLabel } from '../labels';
import { useBankOptions, useContractTemplates } from '../loan-node-queries';

/** The template choice that stands for "no templateId": the bank's whole contract set. */
export const WHOLE_SET = '*';

/**
 * CONTRACT_GENERATE's two fields: the bank (GET /banks/options) and, optionally, one of its enabled
 * contract templates (cleared when the bank changes). The template's first choice, the default, is the
 * whole contract set (the field is then left out of the event).
 */
export function ContractChoice({
  field,
  bankId,
  value,
  error,
  onChange,
}: {
  field: PayloadField;
  bankId: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const banks = useBankOptions(field.name === 'bankId');
  const templates = useContractTemplates(field.name === 'templateId' ? bankId : '');
  const data =
    field.name === 'bankId'
      ? (banks.data ?? []).map((bank) => ({ value: bank.id, label: bank.name }))
      : [
          { value: WHOLE_SET, label: t('loanNode.form.wholeContractSet') },
          ...(templates.data ?? []).map((tpl) => ({
            value: tpl.id,
            label: `${pick(CONTRACT_TYPE_LABELS[tpl.contractType], lang)} · ${t('loanNode.documents.version', { version: tpl.version })} · ${tpl.fileName}`,
          })),
        ];
  const wholeSetChoice = field.name === 'templateId' && !field.required;
  return (
    <Select
      label={fieldLabel(t, field.name)}
      error={error}
      withAsterisk={field.required}
      data-field={field.name}
      placeholder={t('loanNode.form.selectPlaceholder')}
      data={data}
      searchable
      disabled={field.name === 'templateId' && !bankId}
      value={value || (wholeSetChoice ? WHOLE_SET : null)}
      onChange={(next) => onChange(next === WHOLE_SET || next === null ? '' : next)}
      allowDeselect={!wholeSetChoice}
      comboboxProps={{ withinPortal: false }}
    />
  );
}
