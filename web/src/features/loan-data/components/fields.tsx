/**
 * One field of a data type, as an input (perfection forms) or as text (detail pages), built from its
 * FieldSpec in @app/workflow. Tables are rows of the same inputs; the financial statements have
 * their own editor (FinancialsEditor).
 */
import { ActionIcon, Button, Group, MultiSelect, Radio, Select, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { formatFigure, optionLabel, TEXTAREA_MAX, TEXT_MAX, type FieldSpec } from '@app/workflow';
import { useEffect, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { type Lang, pick } from '@/i18n/use-lang';
import { numberText, parseNumberText } from '../form-state';
import { DayInput } from '@/lib/dates';

export interface FieldInputProps {
  field: FieldSpec;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Path of the value (`section.field`, `section.table.0.column`): test ids and error lookup. */
  path: string;
  errorOf: (path: string) => string | undefined;
  lang: Lang;
  /** Inside a table row: no label (the column header names it). */
  bare?: boolean;
}

/** A number typed as text: what is typed stays on screen; the value is a number, null, or the text when it is not one. */
export function NumberText({
  value,
  onChange,
  ...rest
}: { value: unknown; onChange: (value: number | string | null) => void } & Omit<ComponentProps<typeof TextInput>, 'value' | 'onChange'>) {
  const [text, setText] = useState(numberText(value));
  // A value set from outside (a restored draft, a prefill) replaces what is shown.
  useEffect(() => {
    setText((current) => (sameNumber(parseNumberText(current), value) ? current : numberText(value)));
  }, [value]);
  return (
    <TextInput
      {...rest}
      inputMode="decimal"
      value={text}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        onChange(parseNumberText(next));
      }}
    />
  );
}

function sameNumber(a: unknown, b: unknown): boolean {
  return (a ?? null) === (b ?? null);
}

export function FieldInput({ field, value, onChange, path, errorOf, lang, bare }: FieldInputProps) {
  const { t } = useTranslation();
  const label = bare ? undefined : pick(field, lang);
  const common = {
    label,
    'aria-label': bare ? pick(field, lang) : undefined,
    error: errorOf(path),
    withAsterisk: !bare && field.required,
    'data-testid': `field-${path}`,
    size: bare ? ('xs' as const) : ('sm' as const),
  };
  switch (field.kind) {
    case 'text': {
      const max = field.maxLength ?? TEXT_MAX;
      return (
        <TextInput
          {...common}
          value={typeof value === 'string' ? value : ''}
          placeholder={field.pattern ? pick(field.pattern.hint, lang) : undefined}
          onChange={(e) => onChange(e.currentTarget.value)}
          data-max={max}
        />
      );
    }
    case 'textarea': {
      const max = field.maxLength ?? TEXTAREA_MAX;
      const text = typeof value === 'string' ? value : '';
      return (
        <Textarea
          {...common}
          autosize
          minRows={bare ? 1 : 3}
          maxRows={14}
          value={text}
          description={bare ? undefined : t('loanData.form.counter', { count: [...text].length, max })}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    }
    case 'number':
    case 'integer':
      return (
        <NumberText
          {...common}
          value={value}
          onChange={onChange}
          rightSection={
            field.unit && !bare ? (
              <Text size="xs" c="dimmed">
                {pick(field.unit, lang)}
              </Text>
            ) : undefined
          }
          rightSectionWidth={field.unit ? 56 : undefined}
        />
      );
    case 'date':
      return <DayInput {...common} value={typeof value === 'string' ? value : ''} onChange={(day) => onChange(day || null)} />;
    case 'enum':
      return (
        <Select
          {...common}
          data={(field.options ?? []).map((o) => ({ value: o.value, label: pick(o, lang) }))}
          value={typeof value === 'string' && value ? value : null}
          onChange={(v) => onChange(v)}
          placeholder={t('loanData.form.choose')}
          clearable
          searchable
        />
      );
    case 'enumList':
      return (
        <MultiSelect
          {...common}
          data={(field.options ?? []).map((o) => ({ value: o.value, label: pick(o, lang) }))}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(v) => onChange(v)}
          placeholder={t('loanData.form.choose')}
          clearable
        />
      );
    case 'boolean':
      return (
        <Radio.Group {...common} value={value === true ? 'yes' : value === false ? 'no' : ''} onChange={(v) => onChange(v === 'yes')}>
          <Group gap="md" mt={bare ? 0 : 6}>
            <Radio value="yes" label={t('loanData.form.yes')} size="xs" data-testid={`field-${path}-yes`} />
            <Radio value="no" label={t('loanData.form.no')} size="xs" data-testid={`field-${path}-no`} />
          </Group>
        </Radio.Group>
      );
    case 'table':
      return <TableInput field={field} value={value} onChange={onChange} path={path} errorOf={errorOf} lang={lang} />;
    case 'financials':
      return null;
  }
}

function TableInput({ field, value, onChange, path, errorOf, lang }: Omit<FieldInputProps, 'bare'>) {
  const { t } = useTranslation();
  const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  const columns = field.columns ?? [];
  const max = field.maxRows ?? 50;
  const setCell = (i: number, key: string, v: unknown) => onChange(rows.map((row, j) => (j === i ? { ...row, [key]: v } : row)));
  const tableError = errorOf(path);
  return (
    <Stack gap={4} data-testid={`field-${path}`}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {pick(field, lang)}
          {field.required && (
            <Text span c="red">
              {' '}
              *
            </Text>
          )}
        </Text>
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={rows.length >= max}
          onClick={() => onChange([...rows, {}])}
          data-testid={`add-row-${path}`}
        >
          {t('loanData.form.addRow')}
        </Button>
      </Group>
      <Table withTableBorder withColumnBorders verticalSpacing={4} horizontalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>#</Table.Th>
            {columns.map((c) => (
              <Table.Th key={c.key}>
                {pick(c, lang)}
                {c.required && (
                  <Text span c="red">
                    {' '}
                    *
                  </Text>
                )}
              </Table.Th>
            ))}
            <Table.Th w={44} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            <Table.Tr key={i}>
              <Table.Td>{i + 1}</Table.Td>
              {columns.map((c) => (
                <Table.Td key={c.key}>
                  <FieldInput
                    field={c}
                    value={row?.[c.key]}
                    onChange={(v) => setCell(i, c.key, v)}
                    path={`${path}.${i}.${c.key}`}
                    errorOf={errorOf}
                    lang={lang}
                    bare
                  />
                </Table.Td>
              ))}
              <Table.Td>
                <ActionIcon variant="subtle" color="red" aria-label={t('loanData.form.removeRow')} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
          {!rows.length && (
            <Table.Tr>
              <Table.Td colSpan={columns.length + 2}>
                <Text size="sm" c="dimmed" ta="center">
                  {t('loanData.form.noRows')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {tableError && (
        <Text size="xs" c="red">
          {tableError}
        </Text>
      )}
    </Stack>
  );
}

/** A field's value as text (detail pages). */
export function FieldValue({ field, value, lang }: { field: FieldSpec; value: unknown; lang: Lang }) {
  const { t } = useTranslation();
  const empty = value === null || value === undefined || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && !value.length);
  if (field.kind === 'table') {
    const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
    if (!rows.length) return <Text c="dimmed">{t('loanData.form.noRows')}</Text>;
    return (
      <Table withTableBorder withColumnBorders verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>#</Table.Th>
            {(field.columns ?? []).map((c) => (
              <Table.Th key={c.key}>{pick(c, lang)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            <Table.Tr key={i}>
              <Table.Td>{i + 1}</Table.Td>
              {(field.columns ?? []).map((c) => (
                <Table.Td key={c.key}>
                  <FieldValue field={c} value={row?.[c.key]} lang={lang} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  if (empty) return <Text c="dimmed">—</Text>;
  switch (field.kind) {
    case 'number':
      return (
        <Text>
          {typeof value === 'number' ? `${formatFigure(value, field.decimals ?? 2)}${field.unit ? ` ${pick(field.unit, lang)}` : ''}` : String(value)}
        </Text>
      );
    case 'integer':
      return <Text>{`${String(value)}${field.unit ? ` ${pick(field.unit, lang)}` : ''}`}</Text>;
    case 'boolean':
      return <Text>{value === true ? t('loanData.form.yes') : value === false ? t('loanData.form.no') : String(value)}</Text>;
    case 'enum':
      return <Text>{pick(optionLabel(field, value), lang)}</Text>;
    case 'enumList':
      return <Text>{(Array.isArray(value) ? value : [value]).map((v) => pick(optionLabel(field, v), lang)).join(lang === 'zh' ? '、' : ', ')}</Text>;
    default:
      return <Text style={{ whiteSpace: 'pre-wrap' }}>{String(value)}</Text>;
  }
}
