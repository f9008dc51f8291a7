import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The regulatory figures of loans that went bad. Risk sharing: a bank's default share of the risk
 * (basis points) and each loan's own share, recorded with its contract (copied from the bank at
 * CONTRACT_GENERATE, changeable until the contract is sealed). The provision rates as settings with a
 * history by the day they are valid from (the rate in force on a day is the row with the latest
 * valid_from on or before it). The daily snapshots of the figures, for their charts: the nightly job
 * writes them; the table is created here too (IF NOT EXISTS) so either migration may run first.
 */
export class RegulatoryBadLoans1764230000000 implements MigrationInterface {
  name = 'RegulatoryBadLoans1764230000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE bank ADD COLUMN risk_share_bp integer NOT NULL DEFAULT 0 CHECK (risk_share_bp BETWEEN 0 AND 10000)`);
    // NULL: no contract generated yet (the company carries the whole risk).
    await q.query(`ALTER TABLE loan ADD COLUMN risk_share_bp integer CHECK (risk_share_bp BETWEEN 0 AND 10000)`);
    await q.query(`
      CREATE TABLE regulatory_provision_settings (
        id                             bigserial PRIMARY KEY,
        valid_from                     date NOT NULL,
        unearned_premium_rate_bp       integer NOT NULL CHECK (unearned_premium_rate_bp BETWEEN 0 AND 10000),
        compensation_reserve_rate_bp   integer NOT NULL CHECK (compensation_reserve_rate_bp BETWEEN 0 AND 10000),
        compensation_reserve_cap_bp    integer NOT NULL CHECK (compensation_reserve_cap_bp BETWEEN 0 AND 10000),
        changed_by                     uuid REFERENCES app_user(id),
        changed_at                     timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX regulatory_provision_settings_valid_idx ON regulatory_provision_settings (valid_from DESC, id DESC)`);
    // The regulator's rates: 50% of the year's premium income, 1% of the year-end liability balance up to 10%.
    await q.query(
      `INSERT INTO regulatory_provision_settings (valid_from, unearned_premium_rate_bp, compensation_reserve_rate_bp, compensation_reserve_cap_bp)
       VALUES ('1900-01-01', 5000, 100, 1000)`,
    );
    await q.query(
      `CREATE TABLE IF NOT EXISTS regulatory_snapshot (day date PRIMARY KEY, figures jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
    );
    // The bad-loan events the figures sum by type (recoveries, payments, write-offs): one index for the three.
    await q.query(
      `CREATE INDEX workflow_event_bad_loan_idx ON workflow_event (type, loan_id)
        WHERE type IN ('COMPENSATION_PAY', 'RECOVERY_RECORD', 'RECOVERY_WRITE_OFF_APPROVE', 'PREMIUM_CONFIRM')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS workflow_event_bad_loan_idx`);
    // regulatory_snapshot is shared with the nightly job's migration: left in place.
    await q.query(`DROP TABLE regulatory_provision_settings`);
    await q.query(`ALTER TABLE loan DROP COLUMN risk_share_bp`);
    await q.query(`ALTER TABLE bank DROP COLUMN risk_share_bp`);
  }
}
