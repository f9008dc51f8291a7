/**
 * The three-year financial statements: an editable table of the line items (full statements or the
 * summary set), and the ratio analysis beside it, computed live by @app/workflow's computeRatios (the
 * same function the server's preview and PDF use). Ratios are never typed.
 */
import { Alert, Badge, Group, Paper, SegmentedControl, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  computeRatios,
  defaultYears,
  emptyStatements,
  formatFigure,
  formatRatio,
  linesOfForm,
  RATIO_GROUPS,
  safeDivide,
  STATEMENT_FORMS,
  STATEMENT_GROUPS,
  STATEMENT_UNITS,
  STATEMENT_YEARS,
  statementLine,
  unbalancedYears,
  type FinancialStatements,
  type StatementForm,
  type StatementUnit,
} from '@app/workflow';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Lang, pick } from '@/i18n/use-lang';
import { numberText, parseNumberText } from '../form-state';

/** What the editor works on: the stored value, or empty statements for the three years before this one. */
export function statementsOrDefault(value: unknown): FinancialStatements {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const v = value as Partial<FinancialStatements>;
    return {
      unit: v.unit ?? 'TEN_THOUSAND_YUAN',
      form: v.form ?? 'SUMMARY',
      years: Array.isArray(v.years) ? v.years : [null, null, null],
      lines: v.lines && typeof v.lines === 'object' ? v.lines : {},
    };
  }
  return emptyStatements(defaultYears(new Date().getFullYear()));
}

/** One cell: typed text kept as typed; the value is a number, null when empty, or the text when it is not a number. */
function Cell({
  value,
  onChange,
  testId,
  label,
  error,
}: {
  value: unknown;
  onChange: (v: number | string | null) => void;
  testId: string;
  label: string;
  error?: string;
}) {
  const [text, setText] = useState(numberText(value));
  useEffect(() => {
    setText((current) => ((parseNumberText(current) ?? null) === (value ?? null) ? current : numberText(value)));
  }, [value]);
  return (
    <TextInput
      size="xs"
      inputMode="decimal"
      aria-label={label}
      data-testid={testId}
      value={text}
      error={error ? true : undefined}
      title={error}
      styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
      onChange={(e) => {
        setText(e.currentTarget.value);
        onChange(parseNumberText(e.currentTarget.value));
      }}
    />
  );
}

function yearLabel(year: unknown, lang: Lang): string {
  return typeof year === 'number' ? (lang === 'zh' ? `${year}年` : String(year)) : '—';
}

export interface FinancialsEditorProps {
  value: unknown;
  onChange: (value: FinancialStatements) => void;
  /** Path of the statements in the content (`financials.statements`): test ids and errors. */
  path: string;
  errorOf: (path: string) => string | undefined;
  lang: Lang;
}

export function FinancialsEditor({ value, onChange, path, errorOf, lang }: FinancialsEditorProps) {
  const { t } = useTranslation();
  const statements = statementsOrDefault(value);
  const lines = linesOfForm(statements.form);
  const unbalanced = unbalancedYears(statements);

  const setCell = (key: string, year: number, v: number | string | null) => {
    const row = [...(statements.lines[key] ?? Array(STATEMENT_YEARS).fill(null))];
    row[year] = v as number | null;
    onChange({ ...statements, lines: { ...statements.lines, [key]: row } });
  };
  const setYear = (i: number, v: number | string | null) => {
    const years = [...statements.years];
    years[i] = v as number | null;
    onChange({ ...statements, years });
  };

  return (
    <Stack gap="xs" data-testid="financials-editor">
      <Group gap="md" align="flex-end" wrap="wrap">
        <Select
          label={t('loanData.financials.unit')}
          size="xs"
          w={120}
          data={Object.entries(STATEMENT_UNITS).map(([key, label]) => ({ value: key, label: pick(label, lang) }))}
          value={statements.unit}
          allowDeselect={false}
          onChange={(unit) => unit && onChange({ ...statements, unit: unit as StatementUnit })}
        />
        <Stack gap={2}>
          <Text size="xs" fw={500}>
            {t('loanData.financials.form')}
          </Text>
          <SegmentedControl
            size="xs"
            data-testid="financials-form"
            data={Object.entries(STATEMENT_FORMS).map(([key, label]) => ({ value: key, label: pick(label, lang) }))}
            value={statements.form}
            onChange={(form) => onChange({ ...statements, form: form as StatementForm })}
          />
        </Stack>
      </Group>
      {errorOf(path) && (
        <Text size="xs" c="red">
          {errorOf(path)}
        </Text>
      )}
      {unbalanced.length > 0 && (
        <Alert color="yellow" icon={<IconAlertTriangle size={16} />} p="xs" data-testid="financials-unbalanced">
          {t('loanData.financials.unbalanced', { years: unbalanced.map((y) => yearLabel(statements.years[y], lang)).join(', ') })}
        </Alert>
      )}
      <Table withTableBorder withColumnBorders verticalSpacing={2} horizontalSpacing={6} stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('loanData.financials.item')}</Table.Th>
            {Array.from({ length: STATEMENT_YEARS }, (_, i) => (
              <Table.Th key={i} w={130}>
                <Cell
                  value={statements.years[i]}
                  onChange={(v) => setYear(i, v)}
                  testId={`fin-year-${i}`}
                  label={t('loanData.financials.year', { index: i + 1 })}
                  error={errorOf(`${path}.years.${i}`)}
                />
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {STATEMENT_GROUPS.map((group) => {
            const rows = lines.filter((l) => l.group === group.key);
            if (!rows.length) return null;
            return [
              <Table.Tr key={group.key} bg="var(--mantine-color-blue-light)">
                <Table.Td colSpan={STATEMENT_YEARS + 1}>
                  <Text size="xs" fw={600}>
                    {pick(group, lang)}
                  </Text>
                </Table.Td>
              </Table.Tr>,
              ...rows.map((line) => (
                <Table.Tr key={line.key}>
                  <Table.Td>
                    <Text size="xs" fw={line.total ? 600 : 400}>
                      {pick(line, lang)}
                      {line.summary && (
                        <Text span c="red">
                          {' '}
                          *
                        </Text>
                      )}
                    </Text>
                  </Table.Td>
                  {Array.from({ length: STATEMENT_YEARS }, (_, i) => (
                    <Table.Td key={i}>
                      <Cell
                        value={statements.lines[line.key]?.[i] ?? null}
                        onChange={(v) => setCell(line.key, i, v)}
                        testId={`fin-${line.key}-${i}`}
                        label={`${pick(line, lang)} ${yearLabel(statements.years[i], lang)}`}
                        error={errorOf(`${path}.lines.${line.key}.${i}`)}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              )),
            ];
          })}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        {t('loanData.financials.summaryHint')}
      </Text>
    </Stack>
  );
}

/** The statements as a read-only table (detail pages). */
export function StatementsView({ value, lang }: { value: unknown; lang: Lang }) {
  const { t } = useTranslation();
  if (!value || typeof value !== 'object') return <Text c="dimmed">—</Text>;
  const statements = statementsOrDefault(value);
  const lines = linesOfForm(statements.form);
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {`${t('loanData.financials.unit')}: ${pick(STATEMENT_UNITS[statements.unit] ?? STATEMENT_UNITS.TEN_THOUSAND_YUAN, lang)} · ${t('loanData.financials.form')}: ${pick(STATEMENT_FORMS[statements.form] ?? STATEMENT_FORMS.SUMMARY, lang)}`}
      </Text>
      <Table withTableBorder withColumnBorders verticalSpacing={2}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('loanData.financials.item')}</Table.Th>
            {statements.years.map((y, i) => (
              <Table.Th key={i} ta="right">
                {yearLabel(y, lang)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {STATEMENT_GROUPS.map((group) => {
            const rows = lines.filter((l) => l.group === group.key);
            if (!rows.length) return null;
            return [
              <Table.Tr key={group.key} bg="var(--mantine-color-blue-light)">
                <Table.Td colSpan={STATEMENT_YEARS + 1}>
                  <Text size="xs" fw={600}>
                    {pick(group, lang)}
                  </Text>
                </Table.Td>
              </Table.Tr>,
              ...rows.map((line) => (
                <Table.Tr key={line.key}>
                  <Table.Td fw={line.total ? 600 : 400}>{pick(line, lang)}</Table.Td>
                  {Array.from({ length: STATEMENT_YEARS }, (_, i) => {
                    const v = statements.lines[line.key]?.[i];
                    return (
                      <Table.Td key={i} ta="right" ff="monospace">
                        {typeof v === 'number' ? formatFigure(v, line.decimals ?? 2) : '—'}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              )),
            ];
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** The ratio analysis of the statements, live; "—" where a ratio cannot be computed. */
export function RatioTable({ statements, lang }: { statements: unknown; lang: Lang }) {
  const { t } = useTranslation();
  const analysis = useMemo(() => computeRatios(statementsOrDefault(statements)), [statements]);
  return (
    <Paper withBorder p="sm" radius="md" data-testid="ratio-table">
      <Group justify="space-between" mb={6}>
        <Title order={5}>{t('loanData.financials.ratios')}</Title>
        <Badge variant="light" size="sm">
          {t('loanData.financials.computed')}
        </Badge>
      </Group>
      <Table withTableBorder withColumnBorders verticalSpacing={2} horizontalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('loanData.financials.ratio')}</Table.Th>
            {analysis.years.map((y, i) => (
              <Table.Th key={i} ta="right">
                {yearLabel(y, lang)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {RATIO_GROUPS.map((group) => [
            <Table.Tr key={group.key} bg="var(--mantine-color-gray-light)">
              <Table.Td colSpan={STATEMENT_YEARS + 1}>
                <Text size="xs" fw={600}>
                  {pick(group, lang)}
                </Text>
              </Table.Td>
            </Table.Tr>,
            ...group.ratios.map((ratio) => (
              <Table.Tr key={ratio.key}>
                <Table.Td title={pick(ratio.formula, lang)}>
                  <Text size="xs">{pick(ratio, lang)}</Text>
                </Table.Td>
                {analysis.values[ratio.key].map((v, i) => (
                  <Table.Td key={i} ta="right" data-testid={`ratio-${ratio.key}-${i}`}>
                    <Text size="xs" ff="monospace">
                      {formatRatio(v, ratio.unit)}
                    </Text>
                  </Table.Td>
                ))}
              </Table.Tr>
            )),
          ])}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt={6}>
        {t('loanData.financials.ratiosHint')}
      </Text>
    </Paper>
  );
}

/** The cash-flow lines of the statements and operating cash flow over net profit (section 6). */
export function CashFlowTable({ statements, lang }: { statements: unknown; lang: Lang }) {
  const { t } = useTranslation();
  const s = statementsOrDefault(statements);
  const keys = ['netOperatingCashFlow', 'netInvestingCashFlow', 'netFinancingCashFlow', 'netProfit'];
  const cell = (key: string, i: number) => {
    const v = s.lines[key]?.[i];
    return typeof v === 'number' && typeof s.years[i] === 'number' ? v : null;
  };
  return (
    <Paper withBorder p="sm" radius="md" data-testid="cash-flow-table">
      <Group justify="space-between" mb={6}>
        <Title order={5}>{t('loanData.financials.cashFlow')}</Title>
        <Badge variant="light" size="sm">
          {t('loanData.financials.computed')}
        </Badge>
      </Group>
      <Table withTableBorder withColumnBorders verticalSpacing={2}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('loanData.financials.item')}</Table.Th>
            {s.years.map((y, i) => (
              <Table.Th key={i} ta="right">
                {yearLabel(y, lang)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => (
            <Table.Tr key={key}>
              <Table.Td>
                <Text size="xs">{pick(statementLine(key) ?? { zh: key, en: key }, lang)}</Text>
              </Table.Td>
              {Array.from({ length: STATEMENT_YEARS }, (_, i) => (
                <Table.Td key={i} ta="right" ff="monospace">
                  <Text size="xs">{formatFigure(cell(key, i))}</Text>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td>
              <Text size="xs" fw={600}>
                {t('loanData.financials.cashToProfit')}
              </Text>
            </Table.Td>
            {Array.from({ length: STATEMENT_YEARS }, (_, i) => (
              <Table.Td key={i} ta="right" data-testid={`cash-to-profit-${i}`}>
                <Text size="xs" ff="monospace">
                  {formatRatio(safeDivide(cell('netOperatingCashFlow', i), cell('netProfit', i)), 'times')}
                </Text>
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
