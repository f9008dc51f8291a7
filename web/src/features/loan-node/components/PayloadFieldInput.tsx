import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { COLLATERAL_KINDS, type GuaranteeContext, type PayloadField } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import { DayInput } from '@/lib/dates';
import { companyToday } from '@/lib/format';
import { TypedNumberInput } from '@/lib/typed-number-input';
import { enumLabel, fieldLabel } from '../labels';
import { choicesFor, type CollateralRow, type FieldValue, type RuleDraft } from '../payload-form';
import type { OpenAction } from './ActionFormModal';

type Errors = Record<string, string>;

/** One payload field of an action's form, by its kind (text, id, amount, date, enum, vote rule, collateral...). */
export function PayloadFieldInput({
  field,
  type,
  value,
  error,
  errors,
  context,
  onChange,
}: {
  field: PayloadField;
  type: OpenAction['action']['type'];
  value: FieldValue | undefined;
  error: string | undefined;
  errors: Errors;
  context: GuaranteeContext | null;
  onChange: (value: FieldValue) => void;
}) {
  const { t } = useTranslation();
  const label = fieldLabel(t, field.name);
  const common = { label, error, withAsterisk: field.required, 'data-field': field.name };

  switch (field.kind) {
    case 'text':
      return (
        <Textarea
          {...common}
          autosize
          minRows={field.name === 'reason' ? 3 : 2}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'id': {
      const choices = choicesFor(type, field, context);
      if (choices) {
        return (
          <Select
            {...common}
            placeholder={t('loanNode.form.selectPlaceholder')}
            data={choices.map((choice) => ({ value: choice, label: enumLabel(t, field.name, choice) }))}
            value={typeof value === 'string' && value !== '' ? value : null}
            onChange={(next) => onChange(next ?? '')}
            comboboxProps={{ withinPortal: false }}
          />
        );
      }
      return <TextInput {...common} value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value)} />;
    }
    case 'amount':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' || typeof value === 'string' ? value : ''}
          onChange={(next) => onChange(next)}
          thousandSeparator=","
          hideControls
          allowNegative
        />
      );
    case 'fen':
    case 'fenOrZero':
      return (
        <TypedNumberInput
          {...common}
          description={t('loanNode.form.yuanHint')}
          value={typeof value === 'number' || typeof value === 'string' ? value : ''}
          onChange={(next) => onChange(next)}
          thousandSeparator=","
        />
      );
    case 'date':
      return (
        <DayInput
          {...common}
          // a day ahead (a new maturity) after today; any other day today at the latest
          {...(field.future ? { minDate: companyToday() } : { maxDate: companyToday() })}
          value={typeof value === 'string' ? value : ''}
          onChange={(next) => onChange(next)}
          popoverProps={{ withinPortal: false }}
        />
      );
    case 'ids':
      return (
        <TagsInput
          {...common}
          description={t('loanNode.form.attendeesHint')}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(next) => onChange(next)}
          comboboxProps={{ withinPortal: false }}
        />
      );
    case 'enum':
      return (
        <Radio.Group {...common} value={typeof value === 'string' ? value : null} onChange={(next) => onChange(next)}>
          <Group mt={6}>
            {(field.values ?? []).map((option) => (
              <Radio key={option} value={option} label={enumLabel(t, field.name, option)} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'enumList':
      return (
        <MultiSelect
          {...common}
          data={(field.values ?? []).map((option) => ({ value: option, label: enumLabel(t, field.name, option) }))}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(next) => onChange(next)}
          comboboxProps={{ withinPortal: false }}
          clearable
        />
      );
    case 'voteRule':
      return <RuleInput draft={value as RuleDraft} errors={errors} error={error} onChange={onChange} />;
    case 'collateral':
      return <CollateralInput rows={Array.isArray(value) ? (value as CollateralRow[]) : []} error={error} onChange={onChange} />;
    case 'flag':
      return <Checkbox label={label} checked={value === true} error={error} data-field={field.name} onChange={(e) => onChange(e.currentTarget.checked)} />;
    case 'stateValue':
      // OPERATOR_MOVE's target: never a pipeline action on this page (the operations console picks it)
      return null;
  }
}

function RuleInput({ draft, errors, error, onChange }: { draft: RuleDraft; errors: Errors; error?: string; onChange: (value: RuleDraft) => void }) {
  const { t } = useTranslation();
  const set = (patch: Partial<RuleDraft>) => onChange({ ...draft, ...patch });
  const options = (field: 'base' | 'passWhen' | 'onTie', values: readonly string[]) => values.map((value) => ({ value, label: enumLabel(t, field, value) }));
  return (
    <Stack gap="xs">
      <Switch label={t('loanNode.form.customRule')} checked={draft.custom} onChange={(e) => set({ custom: e.currentTarget.checked })} />
      {draft.custom && (
        <SimpleGrid cols={2} spacing="xs">
          <NumberInput
            label={fieldLabel(t, 'quorum')}
            value={draft.quorum}
            onChange={(quorum) => set({ quorum })}
            step={0.05}
            decimalScale={4}
            error={errors.quorum}
          />
          <NumberInput
            label={fieldLabel(t, 'passThreshold')}
            value={draft.passThreshold}
            onChange={(passThreshold) => set({ passThreshold })}
            step={0.05}
            decimalScale={4}
            error={errors.passThreshold}
          />
          <Select
            label={fieldLabel(t, 'base')}
            data={options('base', ['cast', 'attendees'])}
            value={draft.base}
            onChange={(base) => set({ base: base ?? draft.base })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
          />
          <Select
            label={fieldLabel(t, 'passWhen')}
            data={options('passWhen', ['above', 'atLeast'])}
            value={draft.passWhen}
            onChange={(passWhen) => set({ passWhen: passWhen ?? draft.passWhen })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
          />
          <Select
            label={fieldLabel(t, 'onTie')}
            data={options('onTie', ['FAIL', 'PENGING_RESOLUTION'])}
            value={draft.onTie}
            onChange={(onTie) => set({ onTie: onTie ?? draft.onTie })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
          />
        </SimpleGrid>
      )}
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function CollateralInput({ rows, error, onChange }: { rows: CollateralRow[]; error?: string; onChange: (rows: CollateralRow[]) => void }) {
  const { t } = useTranslation();
  const update = (index: number, patch: Partial<CollateralRow>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {fieldLabel(t, 'collateral')}
      </Text>
      {rows.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('loanNode.form.noItems')}
        </Text>
      )}
      {rows.map((row, index) => (
        <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
          <TextInput label={fieldLabel(t, 'collateralId')} value={row.id} onChange={(e) => update(index, { id: e.currentTarget.value })} style={{ flex: 1 }} />
          <Select
            label={fieldLabel(t, 'collateralKind')}
            data={COLLATERAL_KINDS.map((kind) => ({ value: kind, label: enumLabel(t, 'collateralKind', kind) }))}
            value={row.kind}
            onChange={(kind) => update(index, { kind })}
            comboboxProps={{ withinPortal: false }}
            w={140}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('loanNode.form.removeItem')}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => onChange([...rows, { id: '', kind: null }])} w="fit-content">
        {t('loanNode.form.addItem')}
      </Button>
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}
