import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The disbursement day and the amount lent (VOUCHER_CONFIRM, context.disbursedOn and
 * context.disbursedAmountFen) as list columns of the workflow instance, beside amount_fen: the loan
 * list, voucherList and the ledger show, sort and export them. Null until the loan is disbursed. The
 * application writes them with every event (workflow.repository); existing rows are filled here in SQL.
 */
export class DisbursementColumns1764109100000 implements MigrationInterface {
  name = 'DisbursementColumns1764109100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE workflow_instance ADD COLUMN disbursed_on date, ADD COLUMN disbursed_amount_fen bigint`);
    await q.query(`
      UPDATE workflow_instance SET
        disbursed_on = CASE WHEN snapshot->'context'->>'disbursedOn' ~ '^\\d{4}-\\d{2}-\\d{2}$' THEN (snapshot->'context'->>'disbursedOn')::date END,
        disbursed_amount_fen = CASE WHEN jsonb_typeof(snapshot->'context'->'disbursedAmountFen') = 'number'
                                    THEN (snapshot->'context'->>'disbursedAmountFen')::numeric::bigint END
       WHERE snapshot->'context' ? 'disbursedOn' OR snapshot->'context' ? 'disbursedAmountFen'`);
    await q.query(`CREATE INDEX workflow_instance_disbursed_on_idx ON workflow_instance (disbursed_on)`);
    await q.query(`CREATE INDEX workflow_instance_disbursed_amount_idx ON workflow_instance (disbursed_amount_fen)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX workflow_instance_disbursed_amount_idx`);
    await q.query(`DROP INDEX workflow_instance_disbursed_on_idx`);
    await q.query(`ALTER TABLE workflow_instance DROP COLUMN disbursed_amount_fen, DROP COLUMN disbursed_on`);
  }
}
