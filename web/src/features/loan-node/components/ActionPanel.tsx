import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconPlayerPlay } from '@tabler/icons-react';
import { MACHINE_VERSION, type Actor } from '@app/workflow';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/features/auth/session';
import { actorOfUser, reconcileActions, runsInBrowser, useMachineLegalActions, type ReconciledActions } from '../legal-actions';
import type { ServerLegalAction, WorkflowView } from '../loan-node-api';
import { pick, useLang } from '@/i18n/use-lang';
import { ActionFormModal, type OpenAction } from './ActionFormModal';

function ActionButtons({ view, reconciled, onPick }: { view: WorkflowView; reconciled: ReconciledActions; onPick: (action: ServerLegalAction) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { actions, agreement } = reconciled;

  useEffect(() => {
    if (agreement === 'disagree') {
      console.warn('[loan-node] the browser machine and the server disagree on the legal actions; showing the server list', {
        loanId: view.loanId,
        version: view.version,
        server: view.legalActions.map((a) => a.type),
      });
    } else if (agreement === 'otherVersion') {
      console.warn(`[loan-node] loan ${view.loanId} runs machine v${view.machineVersion}, this page has v${MACHINE_VERSION}; showing the server list`);
    }
  }, [agreement, view.loanId, view.version, view.machineVersion, view.legalActions]);

  const finished = view.snapshot.status !== 'active';
  return (
    <Stack gap="xs" data-testid="action-panel" data-agreement={agreement}>
      {agreement !== 'agree' && (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={16} />} p="xs">
          <Text size="xs">
            {agreement === 'otherVersion'
              ? t('loanNode.actions.machineVersion', { client: MACHINE_VERSION, server: view.machineVersion })
              : t('loanNode.actions.disagree')}
          </Text>
        </Alert>
      )}
      {actions.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="no-actions">
          {finished ? t('loanNode.actions.finished') : t('loanNode.actions.none')}
        </Text>
      ) : (
        actions.map((action) => (
          <Button
            key={action.type}
            variant={/(DISCONTINUE|REJECT|RETURN)/.test(action.type) ? 'light' : 'filled'}
            color={/DISCONTINUE/.test(action.type) ? 'red' : /(REJECT|RETURN)/.test(action.type) ? 'orange' : undefined}
            leftSection={<IconPlayerPlay size={14} />}
            justify="flex-start"
            fullWidth
            data-testid="action-button"
            data-action={action.type}
            onClick={() => onPick(action)}
          >
            {pick(action.label, lang)}
          </Button>
        ))
      )}
    </Stack>
  );
}

/** The browser's own answer, from an xstate actor over this version's snapshot. */
function MachineActions({ view, actor, onPick }: { view: WorkflowView; actor: Actor; onPick: (action: ServerLegalAction) => void }) {
  const client = useMachineLegalActions(view.snapshot, actor);
  const reconciled = useMemo(() => reconcileActions(client, view.legalActions), [client, view.legalActions]);
  return <ActionButtons view={view} reconciled={reconciled} onPick={onPick} />;
}

/** A button for each action the signed-in user may take now, each opening its form. */
export function ActionPanel({ view }: { view: WorkflowView }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [open, setOpen] = useState<OpenAction | null>(null);
  const actor = useMemo(() => (user ? actorOfUser(user) : null), [user]);

  const onPick = (action: ServerLegalAction) => setOpen({ action, version: view.version, context: view.snapshot.context });
  // The shell loads the user before any page shows, so only the machine version can stand in the way.
  const canRunHere = actor !== null && runsInBrowser(view.machineVersion);

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={5} mb="sm">
        {t('loanNode.actions.title')}
      </Title>
      {canRunHere ? (
        // A new actor for every version of the loan: it is restored from that version's snapshot.
        <MachineActions key={`${view.loanId}@${view.version}`} view={view} actor={actor} onPick={onPick} />
      ) : (
        <ActionButtons view={view} reconciled={reconcileActions(null, view.legalActions)} onPick={onPick} />
      )}
      <ActionFormModal loanId={view.loanId} open={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
