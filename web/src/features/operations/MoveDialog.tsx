import { showSuccessToast } from '@/api/feedback';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '@/features/loan-node/idempotency';
import { useLang } from '@/i18n/use-lang';
import { ConfirmReasonDialog } from './ConfirmReasonDialog';
import type { StuckRow } from './operations-api';
import { useMoveLoan, useMoveTargets } from './operations-queries';
import { stateName, targetOf, type Picks } from './state-names';
import { TargetPicker } from './TargetPicker';

/** OPERATOR_MOVE of one loan: the target from the machine's tree, a reason, and the sentence of what will happen. */
export function MoveDialog({ row, onClose }: { row: StuckRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const targets = useMoveTargets();
  const move = useMoveLoan();
  const [stage, setStage] = useState<string | null>(null);
  const [picks, setPicks] = useState<Picks>({});
  // one key per dialog: a double click sends the move once
  const [key, setKey] = useState(newIdempotencyKey);
  const node = targets.data?.find((n) => n.key === stage) ?? null;
  const target = node ? targetOf(node, picks) : null;
  const close = () => {
    setStage(null);
    setPicks({});
    setKey(newIdempotencyKey());
    onClose();
  };
  return (
    <ConfirmReasonDialog
      opened={row !== null}
      title={t('operations.move.title')}
      summary={
        row && target !== null ? t('operations.move.summary', { loan: row.company, from: stateName(row.state, lang), to: stateName(target, lang) }) : null
      }
      confirmLabel={t('operations.move.confirm')}
      onClose={close}
      onConfirm={async (reason) => {
        await move.mutateAsync({ loanId: row!.loanId, version: row!.version, target: target!, reason, key });
        showSuccessToast(t('operations.move.done'));
      }}
      testId="ops-move"
    >
      <TargetPicker targets={targets.data ?? []} stage={stage} picks={picks} onStage={setStage} onPicks={setPicks} testId="ops-move" />
    </ConfirmReasonDialog>
  );
}
