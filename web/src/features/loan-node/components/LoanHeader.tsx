import { ActionIcon, Badge, Card, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoanDetail, WorkflowView } from '../loan-node-api';
import { pick, useLang } from '@/i18n/use-lang';
import { formatCurrency } from '@/lib/format';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div" data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

/** Who the loan is for and where it stands: company, money, term, bank, stage and status. */
export function LoanHeader({
  view,
  loan,
  detailRefused,
  refreshing,
  onRefresh,
}: {
  view: WorkflowView;
  loan: LoanDetail | undefined;
  detailRefused: boolean;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const labels = view.statusLabels;
  const context = view.snapshot.context;
  const unknown = t('loanNode.header.unknown');
  const amount = context.amount;
  const term = context.termMonths;
  const discontinued = labels.project.key === 'DISCONTINUE';

  return (
    <Card withBorder radius="md" padding="lg" data-testid="loan-header">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={6}>
          <Title order={3} data-testid="loan-company">
            {loan?.companyName ?? (detailRefused ? t('routes.pages.companyNode') : unknown)}
          </Title>
          <Group gap="xs">
            {/* The spec's process code (DKHT…) is for whoever reads the spec: a tooltip, not the badge. */}
            <Tooltip label={labels.stage.code ?? ''} disabled={!labels.stage.code}>
              <Badge size="lg" variant="filled" data-testid="loan-stage" data-code={labels.stage.code ?? undefined}>
                {pick(labels.stage, lang)}
              </Badge>
            </Tooltip>
            <Badge size="lg" variant="light" color={discontinued ? 'red' : 'teal'} data-testid="loan-status">
              {pick(labels.status, lang)}
            </Badge>
            {/* A closed or discontinued loan's stage already says so. */}
            {pick(labels.project, lang) !== pick(labels.stage, lang) && (
              <Badge size="lg" variant="outline" color={discontinued ? 'red' : 'gray'} data-testid="loan-project">
                {pick(labels.project, lang)}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" data-testid="loan-step">
            {t('loanNode.header.step')}: {pick(labels.step, lang)}
          </Text>
        </Stack>
        <Tooltip label={t('loanNode.refresh')}>
          <ActionIcon variant="default" size="lg" onClick={onRefresh} loading={refreshing} aria-label={t('loanNode.refresh')}>
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>

      <SimpleGrid cols={{ base: 2, sm: 4 }} mt="md" spacing="md">
        <Field label={t('loanNode.header.amount')} testId="loan-amount">
          {formatCurrency(amount, lang)}
        </Field>
        <Field label={t('loanNode.header.term')} testId="loan-term">
          {t('loanNode.header.termValue', { count: term })}
        </Field>
        <Field label={t('loanNode.header.bank')} testId="loan-bank">
          {loan?.bank || unknown}
        </Field>
        <Field label={t('loanNode.header.loanType')}>{loan?.loanType || unknown}</Field>
      </SimpleGrid>

      <LoanRegions regions={labels.regions} />

      {detailRefused && (
        <Text size="xs" c="dimmed" mt="sm">
          {t('loanNode.header.noDetail')}
        </Text>
      )}
    </Card>
  );
}

/** A parallel stage's regions, each with the step it is at. */
function LoanRegions({ regions }: { regions: WorkflowView['statusLabels']['regions'] }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (regions.length === 0) return null;
  return (
    <Group gap="xs" mt="md">
      <Text size="xs" c="dimmed">
        {t('loanNode.header.regions')}
      </Text>
      {regions.map((region) => (
        <Badge key={region.region} variant={region.done ? 'filled' : 'light'} color={region.done ? 'teal' : 'blue'}>
          {pick(region.label, lang)}: {pick(region.step, lang)}
        </Badge>
      ))}
    </Group>
  );
}
