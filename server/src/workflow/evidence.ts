import { HttpStatus } from '@nestjs/common';
import * as engine from '@app/workflow';
import type { EntityManager } from 'typeorm';
import { AppError, CODES } from '../common/errors';
import {
  documentStoredSince,
  eventsBefore,
  instanceVersion,
  latestEventsOf,
  newestAttachmentsOf,
  newestDocumentsOf,
  openInstalmentId,
  openInstalmentsOf,
} from './evidence.repository';

/**
 * The one check of the steps that stand on a document (workflow EVENT_EVIDENCE) and what the legal
 * actions say about it. A file's round is the loan's workflow version when it was stored (the
 * `workflow_version` column, filled by a trigger on every insert); the step's round begins at the
 * event evidenceRoundStart names, so a file stored before the loan was sent back does not count.
 */

/** Where each kind is kept: the loan's documents (letters, vouchers) or its attachments (archive). */
const DOCUMENT_TABLE: Readonly<Record<engine.EvidenceKind, 'loan_document' | 'attachment'>> = {
  BANK_CONTRACT: 'attachment',
  COUNTER_GUARANTEE: 'attachment',
  SEALED_LETTER: 'loan_document',
  DISBURSEMENT_VOUCHER: 'loan_document',
  REPAYMENT_VOUCHER: 'attachment',
  AFTER_GUARANTEE: 'attachment',
  COMPENSATION_VOUCHER: 'attachment',
  WRITE_OFF_RULING: 'attachment',
};

/** The upload route of each kind, under /server (RECORD_REPAYMENT's names the open instalment). */
const UPLOAD_PATH: Readonly<Record<engine.EvidenceKind, (loanId: string, instalmentId: string | null) => string>> = {
  BANK_CONTRACT: (id) => `/server/loans/${id}/contract-archive`,
  COUNTER_GUARANTEE: (id) => `/server/loans/${id}/counter-guarantee`,
  SEALED_LETTER: (id) => `/server/loans/${id}/sealed-letter`,
  DISBURSEMENT_VOUCHER: (id) => `/server/loans/${id}/disbursement-voucher`,
  REPAYMENT_VOUCHER: (id, instalment) => (instalment ? `/server/loans/${id}/instalments/${instalment}/voucher` : `/server/loans/${id}/instalments`),
  AFTER_GUARANTEE: (id) => `/server/loans/${id}/visits/attachments`,
  COMPENSATION_VOUCHER: (id) => `/server/loans/${id}/bad-loan/compensation-voucher`,
  WRITE_OFF_RULING: (id) => `/server/loans/${id}/bad-loan/write-off-ruling`,
};

export interface ActionDocument {
  kind: engine.EvidenceKind;
  upload: string;
  present: boolean;
}

const PAGE = 50;

/** The seq that began the current round of `type` among the loan's events before `beforeSeq`. */
export async function roundStart(em: EntityManager, loanId: string, type: engine.EventType, beforeSeq = 2 ** 31 - 1): Promise<number> {
  let below = beforeSeq;
  for (;;) {
    const events = await eventsBefore(em, loanId, below, PAGE);
    const found = engine.evidenceRoundStart(type, events);
    if (found.done || events.length < PAGE) return found.seq;
    below = events[events.length - 1].seq;
  }
}

/** Whether the document of `type` was stored in its current round (at or after the event that began it). */
export async function evidencePresent(em: EntityManager, loanId: string, type: engine.EventType, beforeSeq?: number): Promise<boolean> {
  const kind = engine.evidenceOf(type);
  if (!kind) return true;
  const start = await roundStart(em, loanId, type, beforeSeq);
  return documentStoredSince(em, DOCUMENT_TABLE[kind], loanId, kind, start);
}

/** The document in the request's words, for messages. */
export function documentWords(kind: engine.EvidenceKind): engine.Label {
  const label = engine.EVIDENCE_LABELS[kind];
  return { zh: label.zh, en: label.en };
}

/**
 * The writer every evidence-bearing event runs first, in its transaction after the machine accepted it
 * (the instance row is then locked by the step, and uploads lock it too, so the two do not cross):
 * 409 naming the document while none was stored for the current round.
 */
export async function requireEvidence(em: EntityManager, loanId: string, type: engine.EventType): Promise<void> {
  const kind = engine.evidenceOf(type);
  if (!kind) return;
  // the step is already written: its own seq is the instance's version, the round is judged before it
  if (await evidencePresent(em, loanId, type, await instanceVersion(em, loanId))) return;
  throw new AppError(
    HttpStatus.CONFLICT,
    CODES.evidenceMissing,
    'evidenceMissing',
    { document: documentWords(kind) },
    { document: { kind, upload: UPLOAD_PATH[kind](loanId, kind === 'REPAYMENT_VOUCHER' ? await openInstalmentId(em, loanId) : null), present: false } },
    'EvidenceMissing',
  );
}

/**
 * Adds `document: { kind, upload, present }` to each legal action that stands on a document, for every
 * view given (a loan page, a worklist page); the others are left as they are. A page costs the same four
 * queries whatever its length: the latest events of its loans, their newest file of each kind, and the
 * open instalment of those that repay.
 */
export async function describeEvidence<A extends { type: string }>(em: EntityManager, views: readonly { loanId: string; legalActions: A[] }[]): Promise<void> {
  const wanted = views.flatMap((view) =>
    view.legalActions.flatMap((action, index) => {
      const kind = engine.evidenceOf(action.type);
      return kind ? [{ view, index, action, kind, type: action.type as engine.EventType }] : [];
    }),
  );
  if (!wanted.length) return;
  const loanIds = [...new Set(wanted.map((w) => w.view.loanId))];
  const [events, attachments, documents, instalments] = await Promise.all([
    latestEventsOf(em, loanIds, PAGE),
    newestAttachmentsOf(em, loanIds),
    newestDocumentsOf(em, loanIds),
    wanted.some((w) => w.kind === 'REPAYMENT_VOUCHER') ? openInstalmentsOf(em, loanIds) : Promise.resolve([]),
  ]);
  const eventsOf = new Map<string, engine.RoundEvent[]>();
  for (const e of events) eventsOf.set(e.loanId, [...(eventsOf.get(e.loanId) ?? []), e]);
  const newest = new Map<string, number>();
  for (const f of [...attachments, ...documents]) newest.set(`${f.loanId}/${f.kind}`, Number(f.newest));
  const openInstalment = new Map(instalments.map((i) => [i.loanId, i.id]));
  for (const { view, index, action, kind, type } of wanted) {
    const recent = (eventsOf.get(view.loanId) ?? []).sort((a, b) => b.seq - a.seq);
    const found = engine.evidenceRoundStart(type, recent);
    // a round that began before the latest events read: asked again over the whole log
    const start = found.done || recent.length < PAGE ? found.seq : await roundStart(em, view.loanId, type);
    const stored = newest.get(`${view.loanId}/${kind}`);
    const document: ActionDocument = {
      kind,
      upload: UPLOAD_PATH[kind](view.loanId, openInstalment.get(view.loanId) ?? null),
      present: stored !== undefined && stored >= start,
    };
    // a copy: the machine's answers may be shared between views
    view.legalActions[index] = { ...action, document };
  }
}
