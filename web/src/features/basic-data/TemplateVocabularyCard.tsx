import { Accordion, Code, Stack, Table, Text } from '@mantine/core';
import { COLLATERAL_LOOP, COLLATERAL_PLACEHOLDERS, PLACEHOLDERS } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import { pick, useLang } from '@/i18n/use-lang';

/** The vocabulary a template may use, from the same module the server checks against. */
export function TemplateVocabularyCard() {
  const { t } = useTranslation();
  const lang = useLang();
  const table = (defs: readonly { name: string; label: { zh: string; en: string }; example: string }[]) => (
    <Table withTableBorder>
      <Table.Tbody>
        {defs.map((d) => (
          <Table.Tr key={d.name}>
            <Table.Td w={200}>
              <Code>{`{${d.name}}`}</Code>
            </Table.Td>
            <Table.Td>{pick(d.label, lang)}</Table.Td>
            <Table.Td c="dimmed">{d.example}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <Accordion variant="separated" data-testid="template-vocabulary">
      <Accordion.Item value="vocabulary">
        <Accordion.Control>{t('basicData.templates.vocabulary')}</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('basicData.templates.vocabularyHint')}
            </Text>
            {table(PLACEHOLDERS)}
            <Text size="sm" fw={500}>
              {t('basicData.templates.loopTitle')} <Code>{`{#${COLLATERAL_LOOP}}`}</Code>
            </Text>
            {table(COLLATERAL_PLACEHOLDERS)}
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
