import { type GuaranteeEvent, isSevereClassification, type PersistedSnapshot, RISK_CLASSIFICATIONS, type RiskClassification } from '@app/workflow';
import type { EntityManager } from 'typeorm';
import { companyDay } from '../common/company-time';
import {
  currentClassification,
  decideSubmittedVisit,
  guaranteedBalanceFen,
  insertClassificationChange,
  insertVisitRecord,
  instanceVersion,
  latestClassification,
} from './visits.repository';

// The visit records' writers, apart from the service (no decorators here): the seeds import them as they are.

/** How long until the next visit, by the classification of the last one (a PostgreSQL interval). */
export const NEXT_VISIT_INTERVAL: Readonly<Record<RiskClassification, string>> = {
  NORMAL: '3 months',
  SPECIAL_MENTION: '1 month',
  SUBSTANDARD: '14 days',
  DOUBTFUL: '14 days',
  LOSS: '14 days',
};

export const hasText = (value: unknown): value is string => typeof value === 'string' && value.trim().length > 0;
const rank = (value: RiskClassification) => RISK_CLASSIFICATIONS.indexOf(value);
export const isClassification = (value: unknown): value is RiskClassification => (RISK_CLASSIFICATIONS as readonly unknown[]).includes(value);

/** A downgrade the leaders hear of: to substandard or worse, from a better level (none before counts as normal). */
export function isDowngrade(previous: RiskClassification | null, next: RiskClassification): boolean {
  return isSevereClassification(next) && rank(next) > rank(previous ?? 'NORMAL');
}

/**
 * VISIT_SUBMIT_REPORT's row: the round's classification, reason and the next visit's due day they set
 * (the writer of the event, also run by the demo seed so its loans hold what the API would have written).
 */
export async function writeVisitReport(em: EntityManager, loanId: string, event: GuaranteeEvent, snapshot: PersistedSnapshot): Promise<void> {
  if (event.type !== 'VISIT_SUBMIT_REPORT' || !event.classification) return; // the preparer asks for one on every new report
  const previous = await latestClassification(em, loanId);
  const version = await instanceVersion(em, loanId);
  const round = (snapshot.context as { visitReport?: { round?: number } | null }).visitReport?.round ?? (snapshot.context as { visitRound: number }).visitRound;
  await insertVisitRecord(em, {
    loanId,
    seq: version,
    round,
    kind: event.kind,
    classification: event.classification,
    previous,
    downgraded: isDowngrade(previous, event.classification),
    reason: hasText(event.reason) ? event.reason.trim() : null,
    submittedDay: companyDay(new Date(event.at)),
    nextVisitInterval: NEXT_VISIT_INTERVAL[event.classification],
    submittedBy: event.actorId,
    submittedAt: event.at,
  });
}

/**
 * VISIT_APPROVE / VISIT_RETURN: the leader's answer on the submitted round. An approved round's
 * classification is the loan's from then on: when it differs from the one before (none: unclassified),
 * the change is kept with who reported and approved it, when, why and the loan's guaranteed balance then.
 */
export async function writeVisitDecision(em: EntityManager, loanId: string, event: GuaranteeEvent): Promise<void> {
  if (event.type !== 'VISIT_APPROVE' && event.type !== 'VISIT_RETURN') return;
  const decided = await decideSubmittedVisit(em, loanId, {
    state: event.type === 'VISIT_APPROVE' ? 'APPROVED' : 'RETURNED',
    decidedBy: event.actorId,
    decidedAt: event.at,
    reason: event.type === 'VISIT_RETURN' ? event.reason : null,
  });
  if (event.type !== 'VISIT_APPROVE') return;
  for (const round of decided) {
    const before = await currentClassification(em, loanId);
    if (before === round.classification) continue;
    await insertClassificationChange(em, {
      loanId,
      visitRecordId: round.id,
      from: before,
      to: round.classification,
      reportedBy: round.submittedBy,
      changedBy: event.actorId,
      changedAt: event.at,
      reason: round.reason,
      balanceFen: await guaranteedBalanceFen(em, loanId, event.at),
    });
  }
}
