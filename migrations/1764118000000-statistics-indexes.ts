import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The statistics read every loan's repayments out of the event log (RECORD_REPAYMENT) for
 * the released amounts: a partial index of those events keeps that read off the rest of the log.
 */
export class StatisticsIndexes1764118000000 implements MigrationInterface {
  name = 'StatisticsIndexes1764118000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX workflow_event_repayment_idx ON workflow_event (loan_id, seq) WHERE type = 'RECORD_REPAYMENT'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX workflow_event_repayment_idx`);
  }
}
