/**
 * The action buttons: computed in the browser from the same machine the server runs (so the page
 * knows what the signed-in user may do without asking), checked against the server's own list.
 */
import { useSelector, useActorRef } from '@xstate/react';
import {
  guaranteeMachine,
  isMeetingLibraryEvent,
  legalActions,
  MACHINE_VERSION,
  type Actor,
  type GuaranteeSnapshot,
  type LegalAction,
  type PersistedSnapshot,
} from '@app/workflow';
import type { Snapshot } from 'xstate';
import type { CurrentUser } from '@/features/auth/types';
import type { ServerLegalAction } from './loan-node-api';

/** The machine's actor (who acts) for the signed-in user, as the server builds it. */
export function actorOfUser(user: Pick<CurrentUser, 'id' | 'roles' | 'authorityList'>): Actor {
  return { id: String(user.id), roles: user.roles, authorityList: user.authorityList };
}

/** agree / disagree: both lists were compared; otherVersion: the loan runs a machine this page lacks. */
export type Agreement = 'agree' | 'disagree' | 'otherVersion';

export interface ReconciledActions {
  /** What the buttons show: the browser's list when both agree, otherwise the server's. */
  actions: ServerLegalAction[];
  agreement: Agreement;
}

const sameTypes = (a: readonly { type: string }[], b: readonly { type: string }[]) => {
  const left = a.map((x) => x.type).sort();
  const right = b.map((x) => x.type).sort();
  return left.length === right.length && left.every((type, i) => type === right[i]);
};

/**
 * The server decides: when the browser's machine is another version, or its answer differs, the
 * server's list is shown (and the caller warns in the console).
 */
export function reconcileActions(client: readonly LegalAction[] | null, server: readonly ServerLegalAction[]): ReconciledActions {
  if (client === null) return { actions: [...server], agreement: 'otherVersion' };
  if (!sameTypes(client, server)) return { actions: [...server], agreement: 'disagree' };
  // the document a step stands on (and whether it is there) only the server knows: kept from its list
  const documents = new Map(server.map((a) => [a.type, a.document]));
  return {
    actions: client.map((a) => {
      const document = documents.get(a.type);
      return document ? { type: a.type, permission: a.permission, label: a.label, document } : { type: a.type, permission: a.permission, label: a.label };
    }),
    agreement: 'agree',
  };
}

const sameActionList = (a: LegalAction[], b: LegalAction[]) => a.length === b.length && a.every((x, i) => x.type === b[i].type);

/** True when this bundle carries the machine version the loan runs on. */
export const runsInBrowser = (machineVersion: number) => machineVersion === MACHINE_VERSION;

/**
 * legalActions over an xstate actor restored from the persisted snapshot (no entry actions run).
 * Only for a loan on this bundle's machine version (`runsInBrowser`). Mount it under a key that
 * changes with the loan's version: the actor is made from the snapshot it first sees.
 */
export function useMachineLegalActions(snapshot: PersistedSnapshot, actor: Actor): LegalAction[] {
  const { loanId, amount, termMonths, aPostOfficerId, bPostOfficerId } = snapshot.context;
  // The input is what the loan was created with; with a snapshot given, xstate restores instead.
  const actorRef = useActorRef(guaranteeMachine, {
    snapshot: snapshot as unknown as Snapshot<unknown>,
    input: { loanId, amount, termMonths, aPostOfficerId, bPostOfficerId },
  });
  // The same list the server answers: meeting-wide events belong to the meeting library, not this page.
  return useSelector(actorRef, (live) => legalActions(live as GuaranteeSnapshot, actor).filter((a) => !isMeetingLibraryEvent(a.type)), sameActionList);
}
