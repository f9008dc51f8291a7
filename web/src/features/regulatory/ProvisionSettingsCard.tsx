import { Button, Card, Group, NumberInput, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { DayInput } from '@/lib/dates';
import { companyToday, formatTime } from '@/lib/format';
import { percent, type ProvisionSettings, type ProvisionSettingsInput } from './regulatory-api';
import { failed, useIsAdmin } from './regulatory-admin';
import { useAddProvisionSettings, useProvisionHistory } from './regulatory-queries';

/** The form: the day the rates apply from, and each rate in percent (the wire carries basis points). */
export interface ProvisionForm {
  validFrom: string;
  unearnedPremiumRate: number | string;
  compensationReserveRate: number | string;
  compensationReserveCap: number | string;
}

type RateField = Exclude<keyof ProvisionForm, 'validFrom'>;
const RATE_FIELDS: RateField[] = ['unearnedPremiumRate', 'compensationReserveRate', 'compensationReserveCap'];

export type ProvisionErrorKey = `regulatory.provisions.errors.${'validFrom' | 'rate' | 'capBelowRate'}`;

/** A percent with at most two decimals, 0 to 100, as basis points; null otherwise. */
export function percentToBp(value: number | string): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 100) return null;
  const bp = Math.round(value * 100);
  return Math.abs(bp - value * 100) < 1e-6 ? bp : null;
}

/** The form's own checks (the server checks the same: 400 naming the field). */
export function provisionErrors(v: ProvisionForm): Partial<Record<keyof ProvisionForm, ProvisionErrorKey>> {
  const errors: Partial<Record<keyof ProvisionForm, ProvisionErrorKey>> = {};
  const day = /^\d{4}-\d{2}-\d{2}$/.test(v.validFrom) ? new Date(`${v.validFrom}T00:00:00Z`) : null;
  if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== v.validFrom) errors.validFrom = 'regulatory.provisions.errors.validFrom';
  for (const field of RATE_FIELDS) if (percentToBp(v[field]) === null) errors[field] = 'regulatory.provisions.errors.rate';
  const rate = percentToBp(v.compensationReserveRate);
  const cap = percentToBp(v.compensationReserveCap);
  if (rate !== null && cap !== null && cap < rate) errors.compensationReserveCap = 'regulatory.provisions.errors.capBelowRate';
  return errors;
}

export function toProvisionInput(v: ProvisionForm): ProvisionSettingsInput {
  return {
    validFrom: v.validFrom,
    unearnedPremiumRateBp: percentToBp(v.unearnedPremiumRate)!,
    compensationReserveRateBp: percentToBp(v.compensationReserveRate)!,
    compensationReserveCapBp: percentToBp(v.compensationReserveCap)!,
  };
}

const formOf = (s: ProvisionSettings | undefined): ProvisionForm => ({
  validFrom: companyToday(),
  unearnedPremiumRate: s ? s.unearnedPremiumRateBp / 100 : '',
  compensationReserveRate: s ? s.compensationReserveRateBp / 100 : '',
  compensationReserveCap: s ? s.compensationReserveCapBp / 100 : '',
});

/**
 * The provision rates (未到期责任准备金, 担保赔偿准备金 and its cap), each version valid from a day:
 * administrators add a version after a confirmation naming the change; everyone reads every version.
 */
export function ProvisionSettingsCard() {
  const { t } = useTranslation();
  const admin = useIsAdmin();
  const history = useProvisionHistory();
  const adding = useAddProvisionSettings();
  const latest = history.data?.[0];
  const [form, setForm] = useState<ProvisionForm | null>(null);
  const values = form ?? formOf(latest);
  const errors = provisionErrors(values);
  const invalid = Object.keys(errors).length > 0;

  const save = async (input: ProvisionSettingsInput) => {
    try {
      await adding.mutateAsync(input);
      showSuccessToast(t('regulatory.provisions.saved'));
      setForm(null);
    } catch (error) {
      failed(error, t('http.systemError'));
    }
  };
  const confirm = () => {
    if (invalid) return;
    const input = toProvisionInput(values);
    const bp = (n: number) => percent(n / 10000);
    modals.openConfirmModal({
      title: t('regulatory.provisions.confirmTitle'),
      centered: true,
      children: (
        <Text size="sm" data-testid="provision-confirm-text">
          {t('regulatory.provisions.confirm', {
            validFrom: input.validFrom,
            unearned: bp(input.unearnedPremiumRateBp),
            rate: bp(input.compensationReserveRateBp),
            cap: bp(input.compensationReserveCapBp),
            before: latest
              ? t('regulatory.provisions.before', {
                  unearned: bp(latest.unearnedPremiumRateBp),
                  rate: bp(latest.compensationReserveRateBp),
                  cap: bp(latest.compensationReserveCapBp),
                })
              : '',
          })}
        </Text>
      ),
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { 'data-testid': 'provision-confirm' } as never,
      onConfirm: () => void save(input),
    });
  };

  const rateInput = (name: RateField) => (
    <NumberInput
      label={t(`regulatory.provisions.${name}`)}
      value={values[name]}
      min={0}
      max={100}
      decimalScale={2}
      suffix="%"
      disabled={!admin}
      error={errors[name] ? t(errors[name]!) : undefined}
      onChange={(value) => setForm({ ...values, [name]: value })}
      data-testid={`provision-${name}`}
    />
  );
  return (
    <Card withBorder radius="md" padding="lg" data-testid="regulatory-provisions">
      <Stack gap="sm">
        <Title order={5}>{t('regulatory.provisions.title')}</Title>
        <Text size="xs" c="dimmed">
          {t('regulatory.provisions.hint')}
        </Text>
        {admin && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 4 }}>
              <DayInput
                label={t('regulatory.provisions.validFrom')}
                value={values.validFrom}
                error={errors.validFrom ? t(errors.validFrom) : undefined}
                onChange={(validFrom) => setForm({ ...values, validFrom })}
                data-testid="provision-validFrom"
              />
              {RATE_FIELDS.map((name) => (
                <div key={name}>{rateInput(name)}</div>
              ))}
            </SimpleGrid>
            <Group>
              <Button onClick={confirm} loading={adding.isPending} disabled={invalid} data-testid="provision-save">
                {t('regulatory.provisions.save')}
              </Button>
            </Group>
          </>
        )}
        <Text fw={600} size="sm">
          {t('regulatory.provisions.history')}
        </Text>
        <ProvisionHistoryTable rows={history.data ?? []} />
      </Stack>
    </Card>
  );
}

function ProvisionHistoryTable({ rows }: { rows: ProvisionSettings[] }) {
  const { t } = useTranslation();
  return (
    <Table fz="xs" data-testid="provision-history">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('regulatory.provisions.validFrom')}</Table.Th>
          <Table.Th>{t('regulatory.provisions.unearnedPremiumRate')}</Table.Th>
          <Table.Th>{t('regulatory.provisions.compensationReserveRate')}</Table.Th>
          <Table.Th>{t('regulatory.provisions.compensationReserveCap')}</Table.Th>
          <Table.Th>{t('regulatory.settings.changedBy')}</Table.Th>
          <Table.Th>{t('regulatory.settings.changedAt')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>{row.validFrom}</Table.Td>
            <Table.Td>{percent(row.unearnedPremiumRateBp / 10000)}</Table.Td>
            <Table.Td>{percent(row.compensationReserveRateBp / 10000)}</Table.Td>
            <Table.Td>{percent(row.compensationReserveCapBp / 10000)}</Table.Td>
            <Table.Td>{row.changedByName ?? t('regulatory.settings.initial')}</Table.Td>
            <Table.Td>{formatTime(row.changedAt)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
