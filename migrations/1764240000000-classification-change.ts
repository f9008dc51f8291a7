import { MigrationInterface, QueryRunner } from 'typeorm';

const BACKFILL_COLUMNS = 'loan_id, visit_record_id, from_classification, to_classification, reported_by, changed_by, changed_at, reason, balance_fen';

/**
 * The changes the approved visit rounds made, in the columns above: each approved round, in the order
 * of approval, whose classification differs from the approved round's before it (none: unclassified),
 * with the loan's guaranteed balance at its approval. Exported for the test that holds it to the writer.
 */
export const BACKFILL_SELECT = `
  SELECT a.loan_id, a.id, a.before, a.classification, a.submitted_by, a.decided_by, a.decided_at, a.reason,
         GREATEST(0, COALESCE(wi.disbursed_amount_fen, 0) - COALESCE((
           SELECT sum(round((e.payload->>'amount')::numeric * 100))
             FROM workflow_event e
            WHERE e.loan_id = a.loan_id AND e.type = 'RECORD_REPAYMENT' AND e.at <= a.decided_at), 0))::bigint
    FROM (SELECT v.*, lag(v.classification) OVER (PARTITION BY v.loan_id ORDER BY v.decided_at, v.seq) AS before
            FROM visit_record v
           WHERE v.state = 'APPROVED' AND v.decided_at IS NOT NULL AND v.decided_by IS NOT NULL) a
    JOIN workflow_instance wi ON wi.loan_id = a.loan_id
   WHERE a.before IS DISTINCT FROM a.classification`;

/**
 * Every change of a loan's risk classification: a visit report's classification counts when the
 * leader approves it (VISIT_APPROVE), and when it differs from the loan's classification before
 * (none: unclassified) a row keeps from, to, who reported it, who approved it, when, why, and the
 * loan's guaranteed balance in fen at that moment (the amount lent less the repayments recorded by
 * then, never below zero). The statistics' migration matrix reads the latest row on or before a day.
 * Backfilled from the visit rounds approved before this table: each approved round, in the order of
 * approval, that changed the classification of the approved round before it.
 */
export class ClassificationChange1764240000000 implements MigrationInterface {
  name = 'ClassificationChange1764240000000';

  async up(q: QueryRunner): Promise<void> {
    const levels = `('NORMAL', 'SPECIAL_MENTION', 'SUBSTANDARD', 'DOUBTFUL', 'LOSS')`;
    await q.query(`
      CREATE TABLE classification_change (
        id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        loan_id              uuid NOT NULL REFERENCES loan(id),
        visit_record_id      uuid UNIQUE REFERENCES visit_record(id),
        from_classification  varchar(20) CHECK (from_classification IN ${levels}),
        to_classification    varchar(20) NOT NULL CHECK (to_classification IN ${levels}),
        reported_by          uuid REFERENCES app_user(id),
        changed_by           uuid NOT NULL REFERENCES app_user(id),
        changed_at           timestamptz NOT NULL,
        reason               varchar(1000),
        balance_fen          bigint NOT NULL CHECK (balance_fen >= 0),
        CHECK (from_classification IS DISTINCT FROM to_classification)
      )`);
    // the loan's latest change on or before a day (the matrix), and a loan's history
    await q.query(`CREATE INDEX classification_change_loan_idx ON classification_change (loan_id, changed_at DESC, id)`);
    await q.query(`INSERT INTO classification_change (${BACKFILL_COLUMNS}) ${BACKFILL_SELECT}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE classification_change`);
  }
}
