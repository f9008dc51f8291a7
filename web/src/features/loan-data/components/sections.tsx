/**
 * A section of a data type: its navigator entry (with a completeness marker), its form, and its
 * read-only view. Sections 5 and 6 of the report show tables computed from section 4.
 */
import { Badge, Box, Grid, NavLink, Paper, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconLock, IconPencil } from '@tabler/icons-react';
import type { FieldSpec, LoanDataContent, SectionCompleteness, SectionSpec } from '@app/workflow';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Lang, pick } from '@/i18n/use-lang';
import { sectionOf } from '../form-state';
import { FieldInput, FieldValue } from './fields';
import { CashFlowTable, FinancialsEditor, RatioTable, StatementsView } from './financials';

const WIDE: ReadonlySet<FieldSpec['kind']> = new Set(['textarea', 'table', 'financials']);

export interface SectionNavProps {
  sections: readonly SectionSpec[];
  completeness: readonly SectionCompleteness[];
  active: string;
  onSelect: (key: string) => void;
  /** Sections the user edits (others show a lock); omitted on read-only pages. */
  editable?: readonly string[];
  lang: Lang;
}

export function SectionNav({ sections, completeness, active, onSelect, editable, lang }: SectionNavProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} data-testid="section-nav">
      {sections.map((section) => {
        const state = completeness.find((c) => c.key === section.key);
        const complete = state?.complete ?? false;
        const locked = editable !== undefined && !editable.includes(section.key);
        const marker = complete ? (
          <Tooltip label={t('loanData.nav.complete')}>
            <Badge color="teal" variant="light" size="sm" circle>
              <IconCheck size={12} />
            </Badge>
          </Tooltip>
        ) : state && state.missing.length ? (
          <Tooltip label={t('loanData.nav.missing', { count: state.missing.length })}>
            <Badge color={section.required ? 'orange' : 'gray'} variant="light" size="sm">
              {state.missing.length}
            </Badge>
          </Tooltip>
        ) : null;
        return (
          <NavLink
            key={section.key}
            active={active === section.key}
            onClick={() => onSelect(section.key)}
            label={pick(section, lang)}
            description={section.required ? undefined : t('loanData.nav.optional')}
            leftSection={locked ? <IconLock size={14} /> : editable ? <IconPencil size={14} /> : undefined}
            rightSection={marker}
            data-testid={`nav-${section.key}`}
            data-complete={complete || undefined}
            data-locked={locked || undefined}
            styles={{ label: { fontSize: 13 } }}
          />
        );
      })}
    </Stack>
  );
}

export interface SectionFormProps {
  section: SectionSpec;
  content: LoanDataContent;
  onField: (field: string, value: unknown) => void;
  errorOf: (path: string) => string | undefined;
  lang: Lang;
}

function statementsOf(content: LoanDataContent): unknown {
  return sectionOf(content, 'financials').statements;
}

export function SectionForm({ section, content, onField, errorOf, lang }: SectionFormProps) {
  const value = sectionOf(content, section.key);
  const fields = section.fields.filter((f) => f.kind !== 'financials');
  const statementsField = section.fields.find((f) => f.kind === 'financials');
  const input = (field: FieldSpec) => (
    <FieldInput
      key={field.key}
      field={field}
      value={value[field.key]}
      onChange={(v) => onField(field.key, v)}
      path={`${section.key}.${field.key}`}
      errorOf={errorOf}
      lang={lang}
    />
  );
  const short = fields.filter((f) => !WIDE.has(f.kind));
  const wide = fields.filter((f) => WIDE.has(f.kind));
  const rest = (
    <Stack gap="sm">
      {short.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm">
          {short.map(input)}
        </SimpleGrid>
      )}
      {wide.map(input)}
    </Stack>
  );
  if (statementsField) {
    return (
      <Grid gap="md" data-testid={`section-form-${section.key}`}>
        <Grid.Col span={{ base: 12, xl: 7 }}>
          <Stack gap="md">
            <FinancialsEditor
              value={value[statementsField.key]}
              onChange={(v) => onField(statementsField.key, v)}
              path={`${section.key}.${statementsField.key}`}
              errorOf={errorOf}
              lang={lang}
            />
            {rest}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 5 }}>
          <Box pos="sticky" top={8}>
            <RatioTable statements={value[statementsField.key]} lang={lang} />
          </Box>
        </Grid.Col>
      </Grid>
    );
  }
  return (
    <Stack gap="md" data-testid={`section-form-${section.key}`}>
      {section.computed === 'ratios' && <RatioTable statements={statementsOf(content)} lang={lang} />}
      {section.computed === 'cashFlow' && <CashFlowTable statements={statementsOf(content)} lang={lang} />}
      {rest}
    </Stack>
  );
}

/** A section as text (detail pages, and sections the user may not edit). */
export function SectionView({ section, content, lang }: { section: SectionSpec; content: LoanDataContent; lang: Lang }) {
  const value = sectionOf(content, section.key);
  return (
    <Stack gap="sm" data-testid={`section-view-${section.key}`}>
      {section.computed === 'ratios' && <RatioTable statements={statementsOf(content)} lang={lang} />}
      {section.computed === 'cashFlow' && <CashFlowTable statements={statementsOf(content)} lang={lang} />}
      {section.fields.map((field) =>
        field.kind === 'financials' ? (
          <Grid key={field.key} gap="md">
            <Grid.Col span={{ base: 12, xl: 7 }}>
              <StatementsView value={value[field.key]} lang={lang} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xl: 5 }}>
              <RatioTable statements={value[field.key]} lang={lang} />
            </Grid.Col>
          </Grid>
        ) : (
          <Box key={field.key}>
            <Text size="sm" c="dimmed">
              {pick(field, lang)}
            </Text>
            <FieldValue field={field} value={value[field.key]} lang={lang} />
          </Box>
        ),
      )}
    </Stack>
  );
}

export function SectionCard({ section, lang, children, id }: { section: SectionSpec; lang: Lang; children: ReactNode; id?: string }) {
  return (
    <Paper withBorder radius="md" p="lg" id={id}>
      <Title order={4} mb="md">
        {pick(section, lang)}
      </Title>
      {children}
    </Paper>
  );
}
