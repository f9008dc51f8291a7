import { type GuaranteeEvent, isSevereClassification, type PersistedSnapshot, RISK_CLASSIFICATIONS, type RiskClassification } from '@app/workflow';
import type { EntityManager } from 'typeorm';
import { companyDay } from '../common/company-time';

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

export async function latestClassification(em: EntityManager, loanId: string): Promise<RiskClassification | null> {
  const [row] = await em.query(`SELECT classification FROM visit_record WHERE loan_id = $1 ORDER BY seq DESC LIMIT 1`, [loanId]);
  return row?.classification ?? null;
}

/**
 * VISIT_SUBMIT_REPORT's row: the round's classification, reason and the next visit's due day they set
 * (the writer of the event, also run by the demo seed so its loans hold what the API would have written).
 */
export async function writeVisitReport(em: EntityManager, loanId: string, event: GuaranteeEvent, snapshot: PersistedSnapshot): Promise<void> {
  if (event.type !== 'VISIT_SUBMIT_REPORT' || !event.classification) return; // the preparer asks for one on every new report
  const previous = await latestClassification(em, loanId);
  const [{ version }] = await em.query(`SELECT version FROM workflow_instance WHERE loan_id = $1`, [loanId]);
  const round = (snapshot.context as { visitReport?: { round?: number } | null }).visitReport?.round ?? (snapshot.context as { visitRound: number }).visitRound;
  await em.query(
    `INSERT INTO visit_record (loan_id, seq, round, kind, classification, previous_classification, downgraded, reason, next_visit_due_on,
                               submitted_by, submitted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, ($9::date + $10::interval)::date, $11, $12)`,
    [
      loanId,
      version,
      round,
      event.kind,
      event.classification,
      previous,
      isDowngrade(previous, event.classification),
      hasText(event.reason) ? event.reason.trim() : null,
      companyDay(new Date(event.at)),
      NEXT_VISIT_INTERVAL[event.classification],
      event.actorId,
      event.at,
    ],
  );
}

/** VISIT_APPROVE / VISIT_RETURN: the leader's answer on the submitted round. */
export async function writeVisitDecision(em: EntityManager, loanId: string, event: GuaranteeEvent): Promise<void> {
  if (event.type !== 'VISIT_APPROVE' && event.type !== 'VISIT_RETURN') return;
  await em.query(`UPDATE visit_record SET state = $2, decided_by = $3, decided_at = $4, decision_reason = $5 WHERE loan_id = $1 AND state = 'SUBMITTED'`, [
    loanId,
    event.type === 'VISIT_APPROVE' ? 'APPROVED' : 'RETURNED',
    event.actorId,
    event.at,
    event.type === 'VISIT_RETURN' ? event.reason : null,
  ]);
}
