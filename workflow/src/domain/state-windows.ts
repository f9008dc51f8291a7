/**
 * When the things done beside the events (document uploads, register edits, reminders) may be done:
 * one declared table, next to the loan-data editability table (loan-data.ts DATA_EDIT_WINDOWS),
 * answered by the machine itself. A window is open while one of its events has a transition from the
 * loan's current state, so a change to the machine moves the windows with it.
 *
 * | window                     | open while the machine may take                          |
 * |----------------------------|----------------------------------------------------------|
 * | SIGNED_CONTRACT_UPLOAD     | CONTRACT_SUBMIT_REVIEW (the generated set awaits review) |
 * | SEALED_LETTER_UPLOAD       | LETTER_UPLOAD_SEALED                                     |
 * | DISBURSEMENT_VOUCHER_UPLOAD| VOUCHER_UPLOAD                                           |
 * | COLLATERAL_EDIT            | COUNTER_GUARANTEE_CONFIRM (B-post has not confirmed)     |
 * | PREMIUM_VOUCHER_UPLOAD     | PREMIUM_ADD, PREMIUM_EDIT, PREMIUM_SUBMIT, PREMIUM_CONFIRM|
 * | DISBURSEMENT_REMINDER      | VOUCHER_UPLOAD, VOUCHER_CONFIRM (the loan awaits lending) |
 *
 * Guards are not asked (they depend on who acts and on payloads): the window is about the state only;
 * the permission and the actor are checked by whoever does the thing.
 */

import { getNextTransitions, type StateValue } from 'xstate';
import type { EventType } from '../events';
import { guaranteeMachine, type GuaranteeMachine, type GuaranteeSnapshot } from '../machine';

export const STATE_WINDOW_KEYS = [
  'SIGNED_CONTRACT_UPLOAD',
  'SEALED_LETTER_UPLOAD',
  'DISBURSEMENT_VOUCHER_UPLOAD',
  'COLLATERAL_EDIT',
  'PREMIUM_VOUCHER_UPLOAD',
  'DISBURSEMENT_REMINDER',
] as const;
export type StateWindowKey = (typeof STATE_WINDOW_KEYS)[number];

export const STATE_WINDOWS: Readonly<Record<StateWindowKey, readonly EventType[]>> = {
  SIGNED_CONTRACT_UPLOAD: ['CONTRACT_SUBMIT_REVIEW'],
  SEALED_LETTER_UPLOAD: ['LETTER_UPLOAD_SEALED'],
  DISBURSEMENT_VOUCHER_UPLOAD: ['VOUCHER_UPLOAD'],
  COLLATERAL_EDIT: ['COUNTER_GUARANTEE_CONFIRM'],
  PREMIUM_VOUCHER_UPLOAD: ['PREMIUM_ADD', 'PREMIUM_EDIT', 'PREMIUM_SUBMIT', 'PREMIUM_CONFIRM'],
  DISBURSEMENT_REMINDER: ['VOUCHER_UPLOAD', 'VOUCHER_CONFIRM'],
};

/** A snapshot as the server stores it or the web receives it: the state value, maybe the status. */
export interface WindowSnapshotLike {
  value: unknown;
  status?: string;
}

/** The event types with a transition from the snapshot's state (guards not evaluated); none once finished. */
export function possibleEventTypes(snapshot: WindowSnapshotLike | null | undefined, machine: GuaranteeMachine = guaranteeMachine): Set<EventType> {
  if (!snapshot || snapshot.value === null || snapshot.value === undefined) return new Set();
  if (snapshot.status !== undefined && snapshot.status !== 'active') return new Set();
  let live: GuaranteeSnapshot;
  try {
    // Transitions without their guards need no context; resolveState runs no actions.
    live = machine.resolveState({ value: snapshot.value as StateValue, context: {} as GuaranteeSnapshot['context'] }) as GuaranteeSnapshot;
  } catch {
    return new Set(); // not a state of this machine
  }
  return new Set(getNextTransitions(live).map((t) => t.eventType as EventType));
}

/** Whether the window is open for a loan standing in `snapshot`. */
export function windowOpen(key: StateWindowKey, snapshot: WindowSnapshotLike | null | undefined, machine?: GuaranteeMachine): boolean {
  const possible = possibleEventTypes(snapshot, machine);
  return STATE_WINDOWS[key].some((type) => possible.has(type));
}

/** Every open window of a snapshot (for views that show several buttons). */
export function openWindows(snapshot: WindowSnapshotLike | null | undefined, machine?: GuaranteeMachine): StateWindowKey[] {
  const possible = possibleEventTypes(snapshot, machine);
  return STATE_WINDOW_KEYS.filter((key) => STATE_WINDOWS[key].some((type) => possible.has(type)));
}
