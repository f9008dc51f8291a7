import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * After-guarantee visits: one row per VISIT_SUBMIT_REPORT, written in the event's
 * transaction, with the round's five-level risk classification and its reason, the classification
 * before it, whether it was a downgrade to substandard or worse (the leaders are told), and the next
 * visit's due day it sets. The leader's answer (VISIT_APPROVE / VISIT_RETURN) updates the row's
 * state. `seq` is the event's place in the loan's history, so the downgrade job finds its row.
 * The machine's context keeps none of this (its shape is unchanged).
 */
export class VisitRecords1764112000000 implements MigrationInterface {
  name = 'VisitRecords1764112000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE visit_record (
        id                       uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        loan_id                  uuid NOT NULL REFERENCES loan(id),
        seq                      integer NOT NULL,
        round                    smallint NOT NULL CHECK (round BETWEEN 1 AND 6),
        kind                     varchar(20) NOT NULL CHECK (kind IN ('REPORT', 'MATERIAL')),
        classification           varchar(20) NOT NULL
                                   CHECK (classification IN ('NORMAL', 'SPECIAL_MENTION', 'SUBSTANDARD', 'DOUBTFUL', 'LOSS')),
        previous_classification  varchar(20)
                                   CHECK (previous_classification IN ('NORMAL', 'SPECIAL_MENTION', 'SUBSTANDARD', 'DOUBTFUL', 'LOSS')),
        downgraded               boolean NOT NULL,
        reason                   varchar(1000),
        next_visit_due_on        date NOT NULL,
        state                    varchar(20) NOT NULL DEFAULT 'SUBMITTED' CHECK (state IN ('SUBMITTED', 'APPROVED', 'RETURNED')),
        submitted_by             uuid NOT NULL REFERENCES app_user(id),
        submitted_at             timestamptz NOT NULL,
        decided_by               uuid REFERENCES app_user(id),
        decided_at               timestamptz,
        decision_reason          varchar(1000),
        UNIQUE (loan_id, seq)
      )`);
    await q.query(`CREATE INDEX visit_record_loan_idx ON visit_record (loan_id, submitted_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE visit_record`);
  }
}
