import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The statistics and the regulatory figures read every repayment (RECORD_REPAYMENT) with its day,
 * amount and the state it led to. The partial index of 1764118000000 found them, but each was then
 * fetched from the event log's heap, one random page per repayment; this one carries those columns
 * (the log is append-only, so its pages stay all-visible and the read stays in the index). It
 * replaces the narrower one: same key, same predicate.
 */
export class RepaymentCoverIndex1764124000003 implements MigrationInterface {
  name = 'RepaymentCoverIndex1764124000003';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX workflow_event_repayment_cover_idx ON workflow_event (loan_id, seq) INCLUDE (at, payload, state_to) WHERE type = 'RECORD_REPAYMENT'`,
    );
    await q.query(`DROP INDEX workflow_event_repayment_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX workflow_event_repayment_idx ON workflow_event (loan_id, seq) WHERE type = 'RECORD_REPAYMENT'`);
    await q.query(`DROP INDEX workflow_event_repayment_cover_idx`);
  }
}
