import { NumberInput, SegmentedControl, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { STAGE_KEYS, STATE_LABELS } from '@app/workflow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BatchDto } from '@/api/schema.gen';
import { showSuccessToast } from '@/api/feedback';
import { pick, useLang } from '@/i18n/use-lang';
import { ConfirmReasonDialog } from './ConfirmReasonDialog';
import type { Batch } from './operations-api';
import { useCreateBatch, useMoveTargets } from './operations-queries';
import { stateName, targetOf, type Picks } from './state-names';
import { TargetPicker } from './TargetPicker';

/**
 * The actions the server's BatchDto offers, each worded in operations.batches.actions (which also
 * names RESEND_TODOS and RECLASSIFY): a new action in the regenerated client fails this check until it is listed.
 */
const ACTIONS = { MOVE: true, RETRY: true, RESEND_TODOS: true, RECLASSIFY: true } satisfies Record<BatchDto['action'], true>;
const ACTION_LIST = Object.keys(ACTIONS) as BatchDto['action'][];
const FINAL = new Set(['closed', 'discontinued']);

/** A new batch: by hand (the loans ticked on the stuck list) or by filter, one action, a reason, a confirm saying how many. */
export function BatchCreateDialog({
  opened,
  loanIds,
  onClose,
  onCreated,
}: {
  opened: boolean;
  loanIds: string[];
  onClose: () => void;
  onCreated: (batch: Batch) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const targets = useMoveTargets();
  const create = useCreateBatch();
  const [by, setBy] = useState<'hand' | 'filter'>(loanIds.length ? 'hand' : 'filter');
  const [action, setAction] = useState<BatchDto['action']>('MOVE');
  const [stage, setStage] = useState<string | null>(null);
  const [picks, setPicks] = useState<Picks>({});
  const [filterStage, setFilterStage] = useState<string | null>(null);
  const [olderThan, setOlderThan] = useState<number | string>('');
  const [bank, setBank] = useState('');
  const [officerId, setOfficerId] = useState('');
  const node = targets.data?.find((n) => n.key === stage) ?? null;
  const target = action === 'MOVE' ? (node ? targetOf(node, picks) : null) : undefined;
  const byHand = by === 'hand' && loanIds.length > 0;
  const actionName = t(`operations.batches.actions.${action}`);
  const targetText = target ? t('operations.batches.summaryTarget', { target: stateName(target, lang) }) : '';
  const ready = target !== null;
  const summary = !ready
    ? null
    : byHand
      ? t('operations.batches.summary', { count: loanIds.length, action: actionName, target: targetText })
      : t('operations.batches.summaryFilter', { action: actionName, target: targetText });

  const filter = (): BatchDto['filter'] => ({
    ...(filterStage ? { stage: filterStage as NonNullable<BatchDto['filter']>['stage'] } : {}),
    ...(typeof olderThan === 'number' ? { olderThanHours: olderThan } : {}),
    ...(bank.trim() ? { bank: bank.trim() } : {}),
    ...(officerId.trim() ? { officerId: officerId.trim() } : {}),
  });

  return (
    <ConfirmReasonDialog
      opened={opened}
      title={t('operations.batches.createTitle')}
      summary={summary}
      confirmLabel={t('operations.batches.confirm')}
      onClose={onClose}
      onConfirm={async (reason) => {
        const body: BatchDto = {
          action,
          reason,
          ...(target ? { target: target as BatchDto['target'] } : {}),
          ...(byHand ? { loanIds } : { filter: filter() }),
        };
        const batch = await create.mutateAsync(body);
        showSuccessToast(t('operations.batches.created'));
        onCreated(batch);
      }}
      testId="ops-batch-create"
    >
      <SegmentedControl
        data={[
          { value: 'hand', label: t('operations.batches.byHand', { count: loanIds.length }), disabled: loanIds.length === 0 },
          { value: 'filter', label: t('operations.batches.byFilter') },
        ]}
        value={byHand ? 'hand' : 'filter'}
        onChange={(v) => setBy(v as 'hand' | 'filter')}
      />
      {!byHand && (
        <SimpleGrid cols={2}>
          <Select
            label={t('operations.stuck.stage')}
            placeholder={t('operations.stuck.allStages')}
            clearable
            data={STAGE_KEYS.filter((s) => !FINAL.has(s)).map((s) => ({ value: s, label: STATE_LABELS[s] ? pick(STATE_LABELS[s], lang) : s }))}
            value={filterStage}
            onChange={setFilterStage}
          />
          <NumberInput label={t('operations.batches.olderThanHours')} min={1} max={87600} allowDecimal={false} value={olderThan} onChange={setOlderThan} />
          <TextInput label={t('operations.batches.bankName')} value={bank} maxLength={100} onChange={(e) => setBank(e.currentTarget.value)} />
          <TextInput label={t('operations.batches.officerId')} value={officerId} onChange={(e) => setOfficerId(e.currentTarget.value)} />
        </SimpleGrid>
      )}
      <Stack gap="xs">
        <Select
          label={t('operations.batches.action')}
          required
          data={ACTION_LIST.map((a) => ({ value: a, label: t(`operations.batches.actions.${a}`) }))}
          value={action}
          onChange={(v) => v && setAction(v as BatchDto['action'])}
          allowDeselect={false}
          data-testid="ops-batch-action"
        />
        {action === 'MOVE' && (
          <TargetPicker targets={targets.data ?? []} stage={stage} picks={picks} onStage={setStage} onPicks={setPicks} testId="ops-batch" />
        )}
      </Stack>
    </ConfirmReasonDialog>
  );
}
