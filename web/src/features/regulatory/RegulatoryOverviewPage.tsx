import { Alert, Badge, Button, Card, Checkbox, Group, NumberInput, Pagination, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { formatFen, isAdminHolder } from '@app/workflow';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '@/api/feedback';
import { ApiError } from '@/api/http';
import { accessOf } from '@/navigation/route-filter';
import { useSession } from '@/features/auth/session';
import { fetchCompanies } from '@/features/companies/companies-api';
import { useLang } from '@/i18n/use-lang';
import { DayInput } from '@/lib/dates';
import { companyToday, formatTime } from '@/lib/format';
import {
  addGroupMember,
  createGroup,
  deleteGroup,
  EXPOSURE_SORTS,
  fetchClientClasses,
  fetchExposures,
  fetchFigures,
  fetchGroups,
  fetchSettingsHistory,
  percent,
  removeGroupMember,
  saveClientClass,
  saveSettings,
  type ExposureSort,
  type RegulatoryFigures,
} from './regulatory-api';

const PAGE_SIZE = 10;

function useIsAdmin(): boolean {
  const { user } = useSession();
  return isAdminHolder(accessOf(user ?? {}));
}

const failed = (error: unknown, fallback: string) => showErrorToast(error instanceof ApiError ? error.message : fallback);

/** /statistics/regulatory: the regulatory figures as of any day, the settings with history, the group register. */
export default function RegulatoryOverviewPage() {
  const { t } = useTranslation();
  const [asOf, setAsOf] = useState(companyToday());
  const figures = useQuery({ queryKey: ['regulatory', 'figures', asOf], queryFn: () => fetchFigures(asOf), enabled: /^\d{4}-\d{2}-\d{2}$/.test(asOf) });
  return (
    <Stack p="md" data-testid="regulatory-overview">
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" align="flex-end">
          <Title order={4}>{t('regulatory.title')}</Title>
          <DayInput label={t('regulatory.asOf')} description={t('regulatory.asOfHint')} value={asOf} onChange={setAsOf} data-testid="regulatory-as-of" />
        </Group>
      </Card>
      {figures.data && <FiguresView figures={figures.data} />}
      <SettingsCard />
      <GroupRegister />
      <ClientClasses />
    </Stack>
  );
}

function Stat({ label, value, testId, children }: { label: string; value: string; testId: string; children?: React.ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={`${testId}-value`}>
        {value}
      </Text>
      {children}
    </Card>
  );
}

function LimitBadge({ ok }: { ok: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge size="sm" color={ok ? 'green' : 'red'} variant="light">
      {ok ? t('regulatory.within') : t('regulatory.over')}
    </Badge>
  );
}

function FiguresView({ figures: f }: { figures: RegulatoryFigures }) {
  const { t } = useTranslation();
  const lang = useLang();
  const topClient = f.clients[0];
  const topGroup = f.groups[0];
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <Stat label={t('regulatory.balance')} value={formatFen(f.balanceFen)} testId="regulatory-balance">
          <Text size="xs" c="dimmed">
            {t('regulatory.loans')} {f.loanCount} · {t('regulatory.clients')} {f.clientCount}
          </Text>
        </Stat>
        <Stat label={t('regulatory.weightedBalance')} value={formatFen(f.weightedBalanceFen)} testId="regulatory-weighted" />
        <Stat label={t('regulatory.leverage')} value={f.leverage.value.toFixed(4)} testId="regulatory-leverage">
          <Group gap={4}>
            <Text size="xs" c="dimmed">
              {t('regulatory.limit')} {f.leverage.limit} · {t('regulatory.headroom')} {formatFen(f.leverage.headroomFen)}
            </Text>
            <LimitBadge ok={f.leverage.withinLimit} />
          </Group>
          <Text size="xs" c="dimmed">
            {f.leverage.relaxed
              ? t('regulatory.relaxed', { limit: f.leverage.limit })
              : t('regulatory.shares', {
                  balance: percent(f.leverage.smallMicroBalanceShareBp / 10000),
                  clients: percent(f.leverage.smallMicroClientShareBp / 10000),
                })}
          </Text>
        </Stat>
        <Stat
          label={t('regulatory.compensation')}
          value={f.compensation.available && f.compensation.rate !== null ? percent(f.compensation.rate) : t('regulatory.compensationNone')}
          testId="regulatory-compensation"
        />
        <Stat label={t('regulatory.singleClient')} value={topClient ? percent(topClient.ratio) : '—'} testId="regulatory-single">
          <Text size="xs" c="dimmed">
            {topClient?.companyName ?? ''} · {t('regulatory.limit')} {percent(f.settings.singleClientLimit)}
          </Text>
        </Stat>
        <Stat label={t('regulatory.group')} value={topGroup ? percent(topGroup.ratio) : '—'} testId="regulatory-group">
          <Text size="xs" c="dimmed">
            {topGroup?.name ?? ''} · {t('regulatory.limit')} {percent(f.settings.groupLimit)}
          </Text>
        </Stat>
        <Stat label={t('regulatory.settings.netAssets')} value={formatFen(f.settings.netAssetsFen)} testId="regulatory-net-assets" />
      </SimpleGrid>
      {f.breaches.length === 0 ? (
        <Alert color="green" data-testid="regulatory-breaches">
          {t('regulatory.noBreach')}
        </Alert>
      ) : (
        <Alert color="red" title={t('regulatory.breaches')} data-testid="regulatory-breaches">
          {f.breaches.map((b, i) => (
            <Text size="sm" key={i}>
              {t(`regulatory.limits.${b.limit}`)} {b.subject ? `· ${b.subject}` : ''}: {b.limit === 'LEVERAGE' ? b.value.toFixed(4) : percent(b.value)} &gt;{' '}
              {b.limit === 'LEVERAGE' ? b.limitValue : percent(b.limitValue)}
            </Text>
          ))}
          {f.breachCount > f.breaches.length && (
            <Text size="sm" c="dimmed" data-testid="regulatory-breaches-more">
              {t('regulatory.moreBreaches', { more: f.breachCount - f.breaches.length })}
            </Text>
          )}
        </Alert>
      )}
      <Card withBorder radius="md" padding="lg">
        <Title order={5}>{t('regulatory.weights.title')}</Title>
        <Table fz="xs" data-testid="regulatory-weights">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('regulatory.weights.class')}</Table.Th>
              <Table.Th>{t('regulatory.weights.weight')}</Table.Th>
              <Table.Th>{t('regulatory.weights.clients')}</Table.Th>
              <Table.Th>{t('regulatory.weights.balance')}</Table.Th>
              <Table.Th>{t('regulatory.weights.weighted')}</Table.Th>
              <Table.Th>{t('regulatory.weights.source')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {f.weights.map((w) => (
              <Table.Tr key={w.key} data-key={w.key}>
                <Table.Td>{lang === 'en' ? w.en : w.zh}</Table.Td>
                <Table.Td>{percent(w.weightBp / 10000)}</Table.Td>
                <Table.Td>{w.clientCount}</Table.Td>
                <Table.Td>{formatFen(w.balanceFen)}</Table.Td>
                <Table.Td>{formatFen(w.weightedFen)}</Table.Td>
                <Table.Td>
                  <Text size="xs" c="dimmed">
                    {lang === 'en' ? w.sourceEn : w.source}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      <ClientExposures asOf={f.asOf} clientCount={f.clientCount} />
      <Card withBorder radius="md" padding="lg">
        <Title order={5}>{t('regulatory.groupTable.title')}</Title>
        <Table fz="xs" data-testid="regulatory-groups">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('regulatory.groupTable.name')}</Table.Th>
              <Table.Th>{t('regulatory.groupTable.members')}</Table.Th>
              <Table.Th>{t('regulatory.groupTable.weighted')}</Table.Th>
              <Table.Th>{t('regulatory.groupTable.ratio')}</Table.Th>
              <Table.Th>{t('regulatory.headroom')}</Table.Th>
              <Table.Th>{t('regulatory.clientTable.state')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {f.groups.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6}>{t('regulatory.groupTable.empty')}</Table.Td>
              </Table.Tr>
            )}
            {f.groups.map((g) => (
              <Table.Tr key={g.groupId}>
                <Table.Td>{g.name}</Table.Td>
                <Table.Td>{g.memberCount}</Table.Td>
                <Table.Td>{formatFen(g.weightedFen)}</Table.Td>
                <Table.Td>{percent(g.ratio)}</Table.Td>
                <Table.Td>{formatFen(g.headroomFen)}</Table.Td>
                <Table.Td>
                  <LimitBadge ok={g.withinLimit} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
    </>
  );
}

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

/** Every client in force on the figures' day, a page at a time from the server (the figures carry only the largest). */
function ClientExposures({ asOf, clientCount }: { asOf: string; clientCount: number }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<ExposureSort>('weighted');
  const [page, setPage] = useState(1);
  const companyName = filter.trim();
  const exposures = useQuery({
    queryKey: ['regulatory', 'exposures', asOf, sort, companyName, page],
    queryFn: () => fetchExposures({ asOf, sort, companyName, pageNum: page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const rows = exposures.data?.list ?? [];
  const total = exposures.data?.total ?? 0;
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between">
        <Title order={5}>
          {t('regulatory.clientTable.title')}{' '}
          <Text span size="xs" c="dimmed" data-testid="regulatory-clients-total">
            {t('regulatory.clientTable.total', { shown: total, clients: clientCount })}
          </Text>
        </Title>
        <Group gap="xs">
          <Select
            size="xs"
            aria-label={t('regulatory.clientTable.sort')}
            data-testid="regulatory-clients-sort"
            allowDeselect={false}
            value={sort}
            data={EXPOSURE_SORTS.map((value) => ({ value, label: t(`regulatory.clientTable.sorts.${value}`) }))}
            onChange={(value) => {
              setSort((value as ExposureSort | null) ?? 'weighted');
              setPage(1);
            }}
          />
          <TextInput
            size="xs"
            placeholder={t('regulatory.clientTable.company')}
            data-testid="regulatory-clients-filter"
            value={filter}
            onChange={(e) => {
              setFilter(e.currentTarget.value);
              setPage(1);
            }}
          />
        </Group>
      </Group>
      <Table fz="xs" data-testid="regulatory-clients">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('regulatory.clientTable.company')}</Table.Th>
            <Table.Th>{t('regulatory.clientTable.group')}</Table.Th>
            <Table.Th>{t('regulatory.clientTable.loans')}</Table.Th>
            <Table.Th>{t('regulatory.clientTable.balance')}</Table.Th>
            <Table.Th>{t('regulatory.clientTable.weight')}</Table.Th>
            <Table.Th>{t('regulatory.clientTable.weighted')}</Table.Th>
            <Table.Th>{t('regulatory.clientTable.ratio')}</Table.Th>
            <Table.Th>{t('regulatory.clientTable.headroom')}</Table.Th>
            <Table.Th>{t('regulatory.clientTable.state')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {exposures.isSuccess && rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={9}>{t('regulatory.clientTable.empty')}</Table.Td>
            </Table.Tr>
          )}
          {rows.map((c) => (
            <Table.Tr key={c.companyId} data-testid="regulatory-client-row">
              <Table.Td>{c.companyName}</Table.Td>
              <Table.Td>{c.groupName ?? '—'}</Table.Td>
              <Table.Td>{c.loanCount}</Table.Td>
              <Table.Td>{formatFen(c.balanceFen)}</Table.Td>
              <Table.Td>{percent(c.weightBp / 10000)}</Table.Td>
              <Table.Td>{formatFen(c.weightedFen)}</Table.Td>
              <Table.Td>{percent(c.ratio)}</Table.Td>
              <Table.Td>{formatFen(c.headroomFen)}</Table.Td>
              <Table.Td>
                <LimitBadge ok={c.withinLimit} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {total > PAGE_SIZE && (
        <Pagination size="sm" mt="sm" total={Math.ceil(total / PAGE_SIZE)} value={page} onChange={setPage} data-testid="regulatory-clients-pages" />
      )}
    </Card>
  );
}

function SettingsCard() {
  const { t } = useTranslation();
  const admin = useIsAdmin();
  const client = useQueryClient();
  const history = useQuery({ queryKey: ['regulatory', 'settings-history'], queryFn: fetchSettingsHistory });
  const current = history.data?.[0];
  const [form, setForm] = useState<SettingsForm | null>(null);
  const [busy, setBusy] = useState(false);
  const values: SettingsForm | null = form ?? (current ? { ...current } : null);
  const errors = values ? settingsErrors(values) : {};
  const save = async () => {
    if (!values || Object.keys(errors).length) return;
    setBusy(true);
    try {
      await saveSettings({
        netAssets: Number(values.netAssets),
        leverageLimit: Number(values.leverageLimit),
        singleClientLimit: Number(values.singleClientLimit),
        groupLimit: Number(values.groupLimit),
      });
      showSuccessToast(t('regulatory.settings.saved'));
      setForm(null);
      await client.invalidateQueries({ queryKey: ['regulatory'] });
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
            {(history.data ?? []).map((row) => (
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
      </Stack>
    </Card>
  );
}

/** A searchable company picker over the company list (first 20 matches of the typed name). */
function CompanyPicker({ value, onChange, label }: { value: string | null; onChange: (id: string | null) => void; label: string }) {
  const [search, setSearch] = useState('');
  const companies = useQuery({
    queryKey: ['regulatory', 'company-search', search],
    queryFn: () => fetchCompanies({ name: search || undefined, pageNum: 1, pageSize: 20 }),
  });
  return (
    <Select
      searchable
      clearable
      size="xs"
      placeholder={label}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      data={(companies.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }))}
      filter={({ options }) => options}
      w={260}
    />
  );
}

function GroupRegister() {
  const { t } = useTranslation();
  const admin = useIsAdmin();
  const client = useQueryClient();
  const groups = useQuery({ queryKey: ['regulatory', 'groups'], queryFn: fetchGroups });
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [picked, setPicked] = useState<Record<string, string | null>>({});
  const refresh = () => client.invalidateQueries({ queryKey: ['regulatory'] });
  const run = async (action: () => Promise<void>, success?: string) => {
    try {
      await action();
      if (success) showSuccessToast(success);
      await refresh();
    } catch (error) {
      failed(error, t('http.systemError'));
    }
  };
  return (
    <Card withBorder radius="md" padding="lg" data-testid="regulatory-register">
      <Stack gap="sm">
        <Title order={5}>{t('regulatory.register.title')}</Title>
        {admin && (
          <Group align="flex-start">
            <TextInput
              size="xs"
              placeholder={t('regulatory.register.newGroup')}
              value={name}
              maxLength={100}
              error={nameError}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setNameError(null);
              }}
              data-testid="regulatory-group-name"
            />
            <Button
              size="xs"
              onClick={() => {
                if (!name.trim()) return setNameError(t('regulatory.register.nameRequired'));
                void run(async () => {
                  await createGroup(name.trim());
                  setName('');
                }, t('regulatory.register.added'));
              }}
              data-testid="regulatory-group-add"
            >
              {t('regulatory.register.add')}
            </Button>
          </Group>
        )}
        {groups.data?.length === 0 && <Text size="sm">{t('regulatory.register.none')}</Text>}
        {(groups.data ?? []).map((g) => (
          <Card key={g.id} withBorder padding="sm" data-testid="regulatory-group">
            <Group justify="space-between">
              <Text fw={600}>{g.name}</Text>
              {admin && (
                <Button
                  size="compact-xs"
                  color="red"
                  variant="subtle"
                  onClick={() => window.confirm(t('regulatory.register.removeConfirm', { name: g.name })) && void run(() => deleteGroup(g.id))}
                >
                  {t('regulatory.register.remove')}
                </Button>
              )}
            </Group>
            {g.members.length === 0 && (
              <Text size="xs" c="dimmed">
                {t('regulatory.register.noMembers')}
              </Text>
            )}
            {g.members.map((m) => (
              <Group key={m.companyId} gap="xs">
                <Text size="xs">
                  {m.name} ({m.creditCode})
                </Text>
                {admin && (
                  <Button size="compact-xs" variant="subtle" onClick={() => void run(() => removeGroupMember(g.id, m.companyId))}>
                    {t('regulatory.register.removeMember')}
                  </Button>
                )}
              </Group>
            ))}
            {admin && (
              <Group mt="xs">
                <CompanyPicker label={t('regulatory.register.company')} value={picked[g.id] ?? null} onChange={(id) => setPicked({ ...picked, [g.id]: id })} />
                <Button
                  size="xs"
                  disabled={!picked[g.id]}
                  onClick={() => void run(async () => addGroupMember(g.id, picked[g.id]!).then(() => setPicked({ ...picked, [g.id]: null })))}
                >
                  {t('regulatory.register.addMember')}
                </Button>
              </Group>
            )}
          </Card>
        ))}
      </Stack>
    </Card>
  );
}

function ClientClasses() {
  const { t } = useTranslation();
  const admin = useIsAdmin();
  const client = useQueryClient();
  const classes = useQuery({ queryKey: ['regulatory', 'classes'], queryFn: fetchClientClasses });
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [smallMicro, setSmallMicro] = useState(true);
  const [agricultural, setAgricultural] = useState(false);
  const save = async (id: string, sm: boolean, ag: boolean) => {
    try {
      await saveClientClass(id, sm, ag);
      showSuccessToast(t('regulatory.classes.saved'));
      await client.invalidateQueries({ queryKey: ['regulatory'] });
    } catch (error) {
      failed(error, t('http.systemError'));
    }
  };
  return (
    <Card withBorder radius="md" padding="lg" data-testid="regulatory-classes">
      <Stack gap="sm">
        <Title order={5}>{t('regulatory.classes.title')}</Title>
        <Text size="xs" c="dimmed">
          {t('regulatory.classes.hint')}
        </Text>
        {admin && (
          <Group>
            <CompanyPicker label={t('regulatory.classes.company')} value={companyId} onChange={setCompanyId} />
            <Checkbox label={t('regulatory.classes.smallMicro')} checked={smallMicro} onChange={(e) => setSmallMicro(e.currentTarget.checked)} />
            <Checkbox label={t('regulatory.classes.agricultural')} checked={agricultural} onChange={(e) => setAgricultural(e.currentTarget.checked)} />
            <Button size="xs" disabled={!companyId} onClick={() => companyId && void save(companyId, smallMicro, agricultural)}>
              {t('regulatory.classes.save')}
            </Button>
          </Group>
        )}
        {classes.data?.length === 0 && <Text size="sm">{t('regulatory.classes.none')}</Text>}
        {(classes.data ?? []).map((c) => (
          <Group key={c.companyId} gap="xs">
            <Text size="sm">{c.name}</Text>
            {c.smallMicro && <Badge size="sm">{t('regulatory.classes.smallMicro')}</Badge>}
            {c.agricultural && <Badge size="sm">{t('regulatory.classes.agricultural')}</Badge>}
            {admin && (
              <Button size="compact-xs" variant="subtle" onClick={() => void save(c.companyId, false, false)}>
                {t('regulatory.register.removeMember')}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
