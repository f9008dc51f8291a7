/**
 * The steps that stand on an uploaded document: one declared table beside the events (like
 * STATE_WINDOWS), read by the server (which refuses the step while the document of its current round
 * is missing, and tells each legal action where to upload it) and by the web (whose action dialog
 * holds the file picker).
 *
 * | event                   | document (kind)       | 中文         |
 * |-------------------------|-----------------------|--------------|
 * | CONTRACT_ARCHIVE_UPLOAD | BANK_CONTRACT         | 归档合同     |
 * | COUNTER_GUARANTEE_UPLOAD| COUNTER_GUARANTEE     | 反担保附件   |
 * | LETTER_UPLOAD_SEALED    | SEALED_LETTER         | 盖章保函     |
 * | VOUCHER_UPLOAD          | DISBURSEMENT_VOUCHER  | 放款凭证     |
 * | RECORD_REPAYMENT        | REPAYMENT_VOUCHER     | 还款凭证     |
 * | VISIT_SUBMIT_REPORT     | AFTER_GUARANTEE       | 走访报告附件 |
 * | COMPENSATION_PAY        | COMPENSATION_VOUCHER  | 代偿付款凭证 |
 * | RECOVERY_WRITE_OFF_APPROVE | WRITE_OFF_RULING   | 判决书或执行裁定 |
 *
 * A round: a document counts for the step only when it was uploaded after the step's round began,
 * which is the latest of (a) the last time the loan ENTERED a state where the step is possible (an
 * event whose state before did not allow it and whose state after does: the first arrival, a return,
 * a new visit round), and (b) the last time the step itself was taken (a step consumes its document:
 * re-uploading an archive, the next repayment). A file uploaded before the loan was sent back does
 * not count for the next round.
 */

import type { EventType } from '../events';
import type { Label } from '../labels';
import { guaranteeMachine, type GuaranteeMachine } from '../machine';
import { possibleEventTypes } from './state-windows';

export const EVIDENCE_KINDS = [
  'BANK_CONTRACT',
  'COUNTER_GUARANTEE',
  'SEALED_LETTER',
  'DISBURSEMENT_VOUCHER',
  'REPAYMENT_VOUCHER',
  'AFTER_GUARANTEE',
  'COMPENSATION_VOUCHER',
  'WRITE_OFF_RULING',
] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

export const EVENT_EVIDENCE: Readonly<Partial<Record<EventType, EvidenceKind>>> = {
  CONTRACT_ARCHIVE_UPLOAD: 'BANK_CONTRACT',
  COUNTER_GUARANTEE_UPLOAD: 'COUNTER_GUARANTEE',
  LETTER_UPLOAD_SEALED: 'SEALED_LETTER',
  VOUCHER_UPLOAD: 'DISBURSEMENT_VOUCHER',
  RECORD_REPAYMENT: 'REPAYMENT_VOUCHER',
  VISIT_SUBMIT_REPORT: 'AFTER_GUARANTEE',
  // the bad-loan path: finance pays the bank on the payment voucher; a loss is written off on the judgment or ruling
  COMPENSATION_PAY: 'COMPENSATION_VOUCHER',
  RECOVERY_WRITE_OFF_APPROVE: 'WRITE_OFF_RULING',
};

/** The document in words (refusals, dialogs, the documents list). */
export const EVIDENCE_LABELS: Readonly<Record<EvidenceKind, Label>> = {
  BANK_CONTRACT: { zh: '归档合同', en: 'archived contract' },
  COUNTER_GUARANTEE: { zh: '反担保附件', en: 'counter-guarantee file' },
  SEALED_LETTER: { zh: '盖章保函', en: 'sealed guarantee letter' },
  DISBURSEMENT_VOUCHER: { zh: '放款凭证', en: 'disbursement voucher' },
  REPAYMENT_VOUCHER: { zh: '还款凭证', en: 'repayment voucher' },
  AFTER_GUARANTEE: { zh: '走访报告附件', en: 'visit report file' },
  COMPENSATION_VOUCHER: { zh: '代偿付款凭证', en: 'compensation payment voucher' },
  WRITE_OFF_RULING: { zh: '判决书或执行裁定', en: 'judgment or enforcement ruling' },
};

/** The document the event stands on, or null. */
export function evidenceOf(type: string): EvidenceKind | null {
  return (EVENT_EVIDENCE as Record<string, EvidenceKind | undefined>)[type] ?? null;
}

/** One logged event as the round needs it: its number, type, and the state values before and after. */
export interface RoundEvent {
  seq: number;
  type: string;
  from: unknown;
  to: unknown;
}

/**
 * The seq of the event that began the current round of `type` (0: the loan's creation), from the
 * loan's events NEWEST FIRST; `done` is true when the answer was found within the events given (a
 * caller that passed only the latest few may ask again with more).
 */
export function evidenceRoundStart(
  type: EventType,
  newestFirst: readonly RoundEvent[],
  machine: GuaranteeMachine = guaranteeMachine,
): { seq: number; done: boolean } {
  for (const e of newestFirst) {
    if (e.type === type) return { seq: e.seq, done: true };
    const after = possibleEventTypes({ value: e.to }, machine).has(type);
    const before = possibleEventTypes({ value: e.from }, machine).has(type);
    if (after && !before) return { seq: e.seq, done: true };
  }
  return { seq: 0, done: false };
}
