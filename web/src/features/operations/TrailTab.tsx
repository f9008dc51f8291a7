import { Button, Code, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLang } from '@/i18n/use-lang';
import { downloadFile, today } from '@/lib/download';
import { formatTime } from '@/lib/format';
import { AppDataTable } from '@/ui/AppDataTable';
import type { TrailRow } from './operations-api';
import { useTrail } from './operations-queries';
import { Pager } from './StuckTab';
import { trailValueText } from './state-names';

const TRAIL_ACTIONS = ['MOVE', 'RETRY', 'RESEND_TODOS', 'RECLASSIFY', 'BATCH_CREATE', 'BATCH_CANCEL', 'SETTINGS', 'QUEUE_PAGE'] as const;
const SETTINGS = ['limits', 'custody', 'overdue-buckets', 'regulatory-limits', 'provisions'] as const;

/** Which setting a SETTINGS row changed: `detail.setting`, or the stuck limits (their rows carry none). */
function settingOf(detail: unknown): (typeof SETTINGS)[number] {
  const named = detail && typeof detail === 'object' ? (detail as { setting?: unknown }).setting : undefined;
  return SETTINGS.find((s) => s === named) ?? 'limits';
}
const PAGE_SIZE = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function Value({ action, value }: { action: string; value: unknown }) {
  const lang = useLang();
  const text = trailValueText(action, value, lang);
  return text ? (
    <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxWidth: 320 }}>
      {text}
    </Code>
  ) : null;
}

/** Every operator action, newest first (who, when, what, why, before, after), by pages; the export writes the same rows. */
export function TrailTab() {
  const { t } = useTranslation();
  const [action, setAction] = useState<string | null>(null);
  // the loan filter as typed, and as applied once it is a loan id
  const [loanInput, setLoanInput] = useState('');
  const [loanId, setLoanId] = useState<string | undefined>(undefined);
  const loanInvalid = loanInput.trim() !== '' && !UUID.test(loanInput.trim());
  const [befores, setBefores] = useState<(string | undefined)[]>([undefined]);
  const params = { action: action ?? undefined, loanId, pageSize: PAGE_SIZE, beforeId: befores[befores.length - 1] };
  const trail = useTrail(params);
  const rows = trail.data?.list ?? [];
  return (
    <Stack gap="sm">
      <Group align="flex-end">
        <Select
          label={t('operations.trail.action')}
          placeholder={t('operations.trail.allActions')}
          clearable
          data={TRAIL_ACTIONS.map((a) => ({ value: a, label: t(`operations.trail.actions.${a}`) }))}
          value={action}
          onChange={(v) => {
            setAction(v);
            setBefores([undefined]);
          }}
          w={200}
          data-testid="ops-trail-action"
        />
        <TextInput
          label={t('operations.trail.loanId')}
          value={loanInput}
          error={loanInvalid ? t('operations.trail.loanIdInvalid') : undefined}
          onChange={(e) => {
            const text = e.currentTarget.value;
            setLoanInput(text);
            const id = text.trim();
            if (id === '' || UUID.test(id)) {
              setLoanId(id || undefined);
              setBefores([undefined]);
            }
          }}
          w={340}
          data-testid="ops-trail-loan"
        />
        <Button variant="default" onClick={() => void trail.refetch()}>
          {t('operations.refresh')}
        </Button>
        <Button
          ml="auto"
          variant="light"
          leftSection={<IconDownload size={16} />}
          onClick={() =>
            void downloadFile('/operations/trail/export', `${t('operations.trail.exportName')}-${today()}.xlsx`, { action: action ?? undefined, loanId })
          }
          data-testid="ops-trail-export"
        >
          {t('operations.trail.export')}
        </Button>
      </Group>
      <AppDataTable<TrailRow>
        minHeight={rows.length ? undefined : 160}
        records={rows}
        fetching={trail.isFetching}
        idAccessor="id"
        customRowAttributes={(r) => ({ 'data-testid': 'ops-trail-row', 'data-action': r.action, 'data-loan': r.loanId ?? undefined })}
        columns={[
          { accessor: 'at', title: t('operations.trail.at'), render: (r) => formatTime(r.at) },
          { accessor: 'actorName', title: t('operations.trail.actor') },
          {
            accessor: 'action',
            title: t('operations.trail.action'),
            render: (r) =>
              r.action === 'SETTINGS'
                ? `${t('operations.trail.actions.SETTINGS')}: ${t(`operations.trail.settings.${settingOf(r.detail)}`)}`
                : t(`operations.trail.actions.${r.action}`, { defaultValue: r.action }),
          },
          {
            accessor: 'loanId',
            title: t('operations.trail.loan'),
            render: (r) => r.loanId && <Link to={`/company/node/${r.loanId}`}>{r.loanId.slice(0, 8)}</Link>,
          },
          { accessor: 'reason', title: t('operations.trail.reason'), render: (r) => <Text size="sm">{r.reason}</Text> },
          { accessor: 'before', title: t('operations.trail.before'), render: (r) => <Value action={r.action} value={r.before} /> },
          { accessor: 'after', title: t('operations.trail.after'), render: (r) => <Value action={r.action} value={r.after} /> },
        ]}
      />
      <Pager
        page={befores.length}
        hasPrev={befores.length > 1}
        next={trail.data?.nextBeforeId ?? null}
        onPrev={() => setBefores(befores.slice(0, -1))}
        onNext={(id) => setBefores([...befores, id])}
      />
    </Stack>
  );
}
