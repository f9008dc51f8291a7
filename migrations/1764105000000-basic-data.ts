import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Basic data: banks, their Word contract templates (versions per bank and contract type,
 * at most one enabled), and loan types with their guarantee fee rate in basis points (1.5 % = 150:
 * exact, never a float). Loans still name their bank and loan type as text; a bank or loan type a
 * live loan names cannot be deleted (checked by the server under a row lock).
 */
export class BasicData1764105000000 implements MigrationInterface {
  name = 'BasicData1764105000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE bank (
        id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name        varchar(100) NOT NULL CHECK (length(btrim(name)) > 0),
        category    varchar(40) NOT NULL CHECK (category IN ('STATE_OWNED', 'JOINT_STOCK', 'LOCAL_COMMERCIAL', 'RURAL_FINANCIAL')),
        phone       varchar(30),
        address     varchar(200),
        created_by  uuid REFERENCES app_user(id),
        updated_by  uuid REFERENCES app_user(id),
        deleted_by  uuid REFERENCES app_user(id),
        created_at  timestamptz NOT NULL DEFAULT now(),
        updated_at  timestamptz NOT NULL DEFAULT now(),
        deleted_at  timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX bank_name_live_idx ON bank (name) WHERE deleted_at IS NULL`);
    await q.query(`
      CREATE TABLE bank_template (
        id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        bank_id        uuid NOT NULL REFERENCES bank(id),
        contract_type  varchar(30) NOT NULL CHECK (contract_type IN
                         ('BANK_LOAN', 'BANK_GUARANTEE', 'COUNTER_GUARANTEE', 'ENTRUSTED_GUARANTEE', 'MORTGAGE', 'PLEDGE', 'GUARANTEE_LETTER')),
        version        integer NOT NULL CHECK (version > 0),
        file_name      varchar(255) NOT NULL,
        stored_name    varchar(100) NOT NULL UNIQUE,
        size           integer NOT NULL CHECK (size > 0),
        sha256         char(64) NOT NULL,
        placeholders   text[] NOT NULL DEFAULT '{}',
        enabled        boolean NOT NULL DEFAULT true,
        created_by     uuid REFERENCES app_user(id),
        created_at     timestamptz NOT NULL DEFAULT now(),
        updated_at     timestamptz NOT NULL DEFAULT now(),
        deleted_by     uuid REFERENCES app_user(id),
        deleted_at     timestamptz,
        UNIQUE (bank_id, contract_type, version)
      )`);
    // the template a contract of this type is generated from: one per bank and type
    await q.query(`CREATE UNIQUE INDEX bank_template_enabled_idx ON bank_template (bank_id, contract_type) WHERE enabled AND deleted_at IS NULL`);
    await q.query(`
      CREATE TABLE loan_type (
        id                       uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name                     varchar(100) NOT NULL UNIQUE CHECK (length(btrim(name)) > 0),
        fee_rate_bp              integer NOT NULL CHECK (fee_rate_bp BETWEEN 0 AND 10000),
        repayment_reminder_days  integer NOT NULL CHECK (repayment_reminder_days BETWEEN 0 AND 365),
        maturity_reminder_days   integer NOT NULL CHECK (maturity_reminder_days BETWEEN 0 AND 365),
        created_by               uuid REFERENCES app_user(id),
        updated_by               uuid REFERENCES app_user(id),
        created_at               timestamptz NOT NULL DEFAULT now(),
        updated_at               timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX loan_bank_idx ON loan (bank) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX loan_loan_type_idx ON loan (loan_type) WHERE deleted_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX loan_loan_type_idx`);
    await q.query(`DROP INDEX loan_bank_idx`);
    await q.query(`DROP TABLE loan_type`);
    await q.query(`DROP TABLE bank_template`);
    await q.query(`DROP TABLE bank`);
  }
}
