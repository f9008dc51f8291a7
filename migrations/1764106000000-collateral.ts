import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The counter-guarantee collateral register: one row per item a loan is secured by. Money
 * in whole fen (bigint); rows change only while the loan's counterGuarantee region is pending, which
 * the server checks under a lock of the loan's workflow instance. Deleted rows are removed outright:
 * the confirmation event keeps the ids and kinds that were confirmed.
 */
export class Collateral1764106000000 implements MigrationInterface {
  name = 'Collateral1764106000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE collateral (
        id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        loan_id              uuid NOT NULL REFERENCES loan(id),
        kind                 varchar(20) NOT NULL CHECK (kind IN ('MORTGAGE', 'PLEDGE', 'OTHER')),
        owner                varchar(100) NOT NULL CHECK (length(btrim(owner)) > 0),
        description          varchar(500),
        appraised_value_fen  bigint CHECK (appraised_value_fen >= 0),
        certificate_no       varchar(100),
        created_by           uuid REFERENCES app_user(id),
        updated_by           uuid REFERENCES app_user(id),
        created_at           timestamptz NOT NULL DEFAULT now(),
        updated_at           timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX collateral_loan_idx ON collateral (loan_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE collateral`);
  }
}
