import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Keyset pagination of the loan lists: every sort key paired with the loan id (the tie-breaker the
 * cursor carries), so that "the rows after (value, id)" is one index range however deep the page.
 * The single-column indexes they replace stay for the filters that use them.
 */
export class ListKeyset1764121000000 implements MigrationInterface {
  name = 'ListKeyset1764121000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX loan_created_keyset_idx ON loan (created_at, id) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX workflow_instance_amount_keyset_idx ON workflow_instance (amount_fen, loan_id)`);
    await q.query(`CREATE INDEX workflow_instance_updated_keyset_idx ON workflow_instance (updated_at, loan_id)`);
    // A stage filter with the default sort: the stage's loans in creation order would need the loan
    // table; the instance's own (stage, amount) and (stage, updated) pairs serve the stage lists' sorts.
    await q.query(`CREATE INDEX workflow_instance_stage_amount_keyset_idx ON workflow_instance (stage, amount_fen, loan_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const index of [
      'workflow_instance_stage_amount_keyset_idx',
      'workflow_instance_updated_keyset_idx',
      'workflow_instance_amount_keyset_idx',
      'loan_created_keyset_idx',
    ]) {
      await q.query(`DROP INDEX ${index}`);
    }
  }
}
