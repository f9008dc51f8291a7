import { Card, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayInput } from '@/lib/dates';
import { companyToday } from '@/lib/format';
import { ClientClasses } from './ClientClasses';
import { FiguresHistoryCard } from './FiguresHistoryCard';
import { FiguresView } from './FiguresView';
import { GroupRegister } from './GroupRegister';
import { useFigures } from './regulatory-queries';
import { ProvisionSettingsCard } from './ProvisionSettingsCard';
import { SettingsCard } from './SettingsCard';

/** /statistics/regulatory: the regulatory figures as of any day, the history of the nightly snapshots, the settings and provision rates with history, the group register. */
export default function RegulatoryOverviewPage() {
  const { t } = useTranslation();
  const [asOf, setAsOf] = useState(companyToday());
  const figures = useFigures(asOf);
  return (
    <Stack p="md" data-testid="regulatory-overview">
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" align="flex-end">
          <Title order={4}>{t('regulatory.title')}</Title>
          <DayInput label={t('regulatory.asOf')} description={t('regulatory.asOfHint')} value={asOf} onChange={setAsOf} data-testid="regulatory-as-of" />
        </Group>
      </Card>
      {figures.data && <FiguresView figures={figures.data} />}
      {/* keyed by the day: a new day starts the period again at the 90 days up to it */}
      {/^\d{4}-\d{2}-\d{2}$/.test(asOf) && <FiguresHistoryCard key={asOf} asOf={asOf} />}
      <SettingsCard />
      <ProvisionSettingsCard />
      <GroupRegister />
      <ClientClasses />
    </Stack>
  );
}
