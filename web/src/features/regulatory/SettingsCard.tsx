import { Button, Card, Group, NumberInput, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatFen } from '@app/workflow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format';
import { showSuccessToast } from '@/api/feedback';
import type { RegulatorySettingsRow } from './regulatory-api';
import { failed, useIsAdmin } from './regulatory-admin';
import { useSaveSettings, useSettingsHistory } from './regulatory-queries';

interface SettingsForm {
  netAssets: number | string;
  leverageLimit: number | string;
  singleClientLimit: number | string;
  groupLimit: number | string;
}

type SettingsErrorKey = `regulatory.settings.errors.${'netAssets' | 'leverageLimit' | 'ratio' | 'groupBelowSingle'}`;

/** The form's own checks (the server checks the same and answers 400 with the field named). */
function settingsErrors(v: SettingsForm): Partial<Record<keyof SettingsForm, SettingsErrorKey>> {
  const errors: Partial<Record<keyof SettingsForm, SettingsErrorKey>> = {};
  const num = (x: number | string) => (typeof x === 'number' ? x : Number.NaN);
  const net = num(v.netAssets);
  if (!(net > 0) || Math.round(net * 100) !== net * 100) errors.netAssets = 'regulatory.settings.errors.netAssets';
  const lev = num(v.leverageLimit);
  if (!(lev >= 1 && lev <= 100)) errors.leverageLimit = 'regulatory.settings.errors.leverageLimit';
  const single = num(v.singleClientLimit);
  const group = num(v.groupLimit);
  if (!(single > 0 && single <= 1)) errors.singleClientLimit = 'regulatory.settings.errors.ratio';
  if (!(group > 0 && group <= 1)) errors.groupLimit = 'regulatory.settings.errors.ratio';
  else if (group < single) errors.groupLimit = 'regulatory.settings.errors.groupBelowSingle';
  return errors;
}

/** The settings the figures are computed with (administrators change them), with every earlier version. */
export function SettingsCard() {
  const { t } = useTranslation();
  const admin = useIsAdmin();
  const history = useSettingsHistory();
  const saving = useSaveSettings();
  const current = history.data?.[0];
  const [form, setForm] = useState<SettingsForm | null>(null);
  const [busy, setBusy] = useState(false);
  const values: SettingsForm | null = form ?? (current ? { ...current } : null);
  const errors = values ? settingsErrors(values) : {};
  const save = async () => {
    if (!values || Object.keys(errors).length) return;
    setBusy(true);
    try {
      await saving.mutateAsync({
        netAssets: Number(values.netAssets),
        leverageLimit: Number(values.leverageLimit),
        singleClientLimit: Number(values.singleClientLimit),
        groupLimit: Number(values.groupLimit),
      });
      showSuccessToast(t('regulatory.settings.saved'));
      setForm(null);
    } catch (error) {
      failed(error, t('http.systemError'));
    } finally {
      setBusy(false);
    }
  };
  const field = (name: keyof SettingsForm, decimals: number) => (
    <NumberInput
      label={t(`regulatory.settings.${name}`)}
      value={values?.[name] ?? ''}
      decimalScale={decimals}
      thousandSeparator={name === 'netAssets' ? ',' : undefined}
      disabled={!admin}
      error={errors[name] ? t(errors[name]!) : undefined}
      onChange={(value) => values && setForm({ ...values, [name]: value })}
      data-testid={`regulatory-setting-${name}`}
    />
  );
  return (
    <Card withBorder radius="md" padding="lg" data-testid="regulatory-settings">
      <Stack gap="sm">
        <Title order={5}>{t('regulatory.settings.title')}</Title>
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          {field('netAssets', 2)}
          {field('leverageLimit', 4)}
          {field('singleClientLimit', 4)}
          {field('groupLimit', 4)}
        </SimpleGrid>
        {admin && (
          <Group>
            <Button onClick={() => void save()} loading={busy} disabled={Object.keys(errors).length > 0} data-testid="regulatory-settings-save">
              {t('regulatory.settings.save')}
            </Button>
          </Group>
        )}
        <Text fw={600} size="sm">
          {t('regulatory.settings.history')}
        </Text>
        <SettingsHistoryTable rows={history.data ?? []} />
      </Stack>
    </Card>
  );
}

function SettingsHistoryTable({ rows }: { rows: RegulatorySettingsRow[] }) {
  const { t } = useTranslation();
  return (
    <Table fz="xs" data-testid="regulatory-settings-history">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('regulatory.settings.changedAt')}</Table.Th>
          <Table.Th>{t('regulatory.settings.changedBy')}</Table.Th>
          <Table.Th>{t('regulatory.settings.netAssets')}</Table.Th>
          <Table.Th>{t('regulatory.settings.leverageLimit')}</Table.Th>
          <Table.Th>{t('regulatory.settings.singleClientLimit')}</Table.Th>
          <Table.Th>{t('regulatory.settings.groupLimit')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>{formatTime(row.changedAt)}</Table.Td>
            <Table.Td>{row.changedByName ?? t('regulatory.settings.initial')}</Table.Td>
            <Table.Td>{formatFen(row.netAssetsFen)}</Table.Td>
            <Table.Td>{row.leverageLimit}</Table.Td>
            <Table.Td>{row.singleClientLimit}</Table.Td>
            <Table.Td>{row.groupLimit}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
