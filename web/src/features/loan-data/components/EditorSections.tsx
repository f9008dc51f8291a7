import { Grid, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { SectionCompleteness, SectionSpec } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import { SectionCard, SectionForm, SectionNav, SectionView, type SectionFormProps } from './sections';

/**
 * The perfection page's body: the navigator (with completeness markers and locks) beside the chosen
 * section, as a form when the user edits it, read-only otherwise.
 */
export function EditorSections({
  sections,
  completeness,
  section,
  onSelect,
  editable,
  content,
  onField,
  errorOf,
  lang,
}: SectionFormProps & {
  sections: readonly SectionSpec[];
  completeness: readonly SectionCompleteness[];
  onSelect: (key: string) => void;
  /** Sections the user edits (none: the whole page is read-only). */
  editable: readonly string[];
}) {
  const { t } = useTranslation();
  const readOnly = editable.length === 0;
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 3, xl: 2 }}>
        <Paper withBorder radius="md" p="xs" pos="sticky" top={8}>
          <ScrollArea.Autosize mah="calc(100vh - 220px)">
            <SectionNav sections={sections} completeness={completeness} active={section.key} onSelect={onSelect} editable={editable} lang={lang} />
          </ScrollArea.Autosize>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9, xl: 10 }}>
        <SectionCard section={section} lang={lang}>
          {editable.includes(section.key) ? (
            <SectionForm section={section} content={content} onField={onField} errorOf={errorOf} lang={lang} />
          ) : (
            <Stack gap="sm">
              {!readOnly && (
                <Text size="sm" c="dimmed" data-testid="section-locked">
                  <IconLock size={14} /> {t('loanData.readOnly.section')}
                </Text>
              )}
              <SectionView section={section} content={content} lang={lang} />
            </Stack>
          )}
        </SectionCard>
      </Grid.Col>
    </Grid>
  );
}
