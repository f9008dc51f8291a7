import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Custody of the certificates of each confirmed collateral item (他项权证, 不动产权证, 质押登记证明, …):
 * `custody_certificate` holds where each one is now (awaiting deposit, in the vault, lent out, out at
 * release, cancelled), `custody_move` every move, append-only (the application may not update or
 * delete one, and the database refuses to). A certificate lent out has return reminders (kind
 * CERT_RETURN), an item its revaluation reminder (kind REVALUATION); `collateral_valuation` keeps each
 * new appraised value with its day; `custody_setting` the administrator's revaluation intervals and
 * loan-to-value threshold as a history (the newest row in force); `custody_ltv_alert` the loans whose
 * officers and leader were told their loan-to-value rose above the threshold (once per loan).
 */
export class Custody1764260000000 implements MigrationInterface {
  name = 'Custody1764260000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE custody_certificate (
        id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        loan_id           uuid NOT NULL REFERENCES loan(id),
        collateral_id     uuid NOT NULL REFERENCES collateral(id),
        kind              varchar(24) NOT NULL CHECK (kind IN ('OTHER_RIGHTS', 'REAL_ESTATE', 'PLEDGE_REGISTRATION', 'OTHER')),
        number            varchar(100) NOT NULL,
        issuer            varchar(200) NOT NULL,
        holder            varchar(200) NOT NULL,
        scan_file_id      uuid REFERENCES uploaded_file(id),
        state             varchar(20) NOT NULL DEFAULT 'AWAITING_DEPOSIT'
                            CHECK (state IN ('AWAITING_DEPOSIT', 'IN_VAULT', 'LENT', 'RELEASED', 'CANCELLED')),
        deposited         boolean NOT NULL DEFAULT false,
        lent_to           uuid REFERENCES app_user(id),
        lent_reason       varchar(500),
        return_due_on     date,
        released_to       varchar(100),
        state_changed_at  timestamptz NOT NULL DEFAULT now(),
        created_by        uuid NOT NULL REFERENCES app_user(id),
        created_at        timestamptz NOT NULL DEFAULT now(),
        CHECK ((state = 'LENT') = (lent_to IS NOT NULL AND return_due_on IS NOT NULL)),
        CHECK (state IN ('AWAITING_DEPOSIT', 'CANCELLED') OR deposited)
      )`);
    await q.query(`CREATE UNIQUE INDEX custody_certificate_number_idx ON custody_certificate (kind, number) WHERE state <> 'CANCELLED'`);
    await q.query(`CREATE INDEX custody_certificate_loan_idx ON custody_certificate (loan_id, created_at)`);
    await q.query(`CREATE INDEX custody_certificate_item_idx ON custody_certificate (collateral_id)`);
    // the inventory's keyset: by last move, then id, within a state or across them
    await q.query(`CREATE INDEX custody_certificate_inventory_idx ON custody_certificate (state_changed_at DESC, id DESC)`);
    await q.query(`CREATE INDEX custody_certificate_state_idx ON custody_certificate (state, state_changed_at DESC, id DESC)`);
    await q.query(`CREATE INDEX custody_certificate_due_idx ON custody_certificate (return_due_on, id) WHERE state = 'LENT'`);

    await q.query(`
      CREATE TABLE custody_move (
        id             bigserial PRIMARY KEY,
        certificate_id uuid NOT NULL REFERENCES custody_certificate(id),
        loan_id        uuid NOT NULL REFERENCES loan(id),
        kind           varchar(12) NOT NULL CHECK (kind IN ('REGISTER', 'DEPOSIT', 'LEND', 'RETURN', 'RELEASE', 'CANCEL')),
        from_state     varchar(20),
        to_state       varchar(20) NOT NULL,
        actor_id       uuid NOT NULL REFERENCES app_user(id),
        at             timestamptz NOT NULL DEFAULT now(),
        reason         varchar(500),
        counterparty   varchar(100),
        counterparty_id uuid REFERENCES app_user(id),
        receiver_confirmed boolean NOT NULL DEFAULT false,
        return_due_on  date,
        event_seq      integer
      )`);
    await q.query(`CREATE INDEX custody_move_certificate_idx ON custody_move (certificate_id, id)`);
    await q.query(`CREATE INDEX custody_move_loan_idx ON custody_move (loan_id, id)`);
    await q.query(`
      CREATE FUNCTION custody_move_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'custody_move is append-only (% refused)', TG_OP;
      END $$`);
    await q.query(`
      CREATE TRIGGER custody_move_no_change BEFORE UPDATE OR DELETE ON custody_move
      FOR EACH ROW EXECUTE FUNCTION custody_move_append_only()`);
    await q.query(`
      DO $$ BEGIN
        IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'guarantee_app') THEN
          REVOKE UPDATE, DELETE, TRUNCATE ON custody_move FROM guarantee_app;
        END IF;
      END $$`);

    await q.query(`
      CREATE TABLE collateral_valuation (
        id                  bigserial PRIMARY KEY,
        collateral_id       uuid NOT NULL REFERENCES collateral(id),
        loan_id             uuid NOT NULL REFERENCES loan(id),
        appraised_value_fen bigint NOT NULL CHECK (appraised_value_fen > 0),
        valued_on           date NOT NULL,
        note                varchar(500),
        recorded_by         uuid NOT NULL REFERENCES app_user(id),
        recorded_at         timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX collateral_valuation_item_idx ON collateral_valuation (collateral_id, valued_on DESC, id DESC)`);
    await q.query(`CREATE INDEX collateral_valuation_loan_idx ON collateral_valuation (loan_id)`);

    await q.query(`
      CREATE TABLE custody_setting (
        id                   bigserial PRIMARY KEY,
        ltv_threshold_bp     integer NOT NULL CHECK (ltv_threshold_bp BETWEEN 100 AND 100000),
        interval_months      jsonb NOT NULL,
        changed_by           uuid REFERENCES app_user(id),
        changed_at           timestamptz NOT NULL DEFAULT now()
      )`);
    // 70% and a year for a mortgage, half a year for a pledge, a year for the rest, until the administrator sets the company's own
    await q.query(`INSERT INTO custody_setting (ltv_threshold_bp, interval_months) VALUES (7000, '{"MORTGAGE": 12, "PLEDGE": 6, "OTHER": 12}')`);

    await q.query(`
      CREATE TABLE custody_ltv_alert (
        loan_id      uuid PRIMARY KEY REFERENCES loan(id),
        ltv_bp       integer NOT NULL,
        threshold_bp integer NOT NULL,
        notified_at  timestamptz NOT NULL DEFAULT now()
      )`);

    // the reminders of a lent certificate and of an item's revaluation
    await q.query(`ALTER TABLE reminder ADD COLUMN certificate_id uuid REFERENCES custody_certificate(id)`);
    await q.query(`ALTER TABLE reminder ADD COLUMN collateral_id uuid REFERENCES collateral(id)`);
    await q.query(`CREATE INDEX reminder_certificate_idx ON reminder (certificate_id) WHERE certificate_id IS NOT NULL`);
    await q.query(`CREATE INDEX reminder_collateral_idx ON reminder (collateral_id) WHERE collateral_id IS NOT NULL`);
    await q.query(`ALTER TABLE reminder DROP CONSTRAINT reminder_kind_check`);
    await q.query(
      `ALTER TABLE reminder ADD CONSTRAINT reminder_kind_check CHECK (kind IN ('REPAYMENT', 'MATURITY', 'VISIT', 'SEIZURE', 'CERT_RETURN', 'REVALUATION'))`,
    );
    await q.query(`ALTER TABLE reminder ADD CONSTRAINT reminder_certificate_check CHECK ((kind = 'CERT_RETURN') = (certificate_id IS NOT NULL))`);
    await q.query(`ALTER TABLE reminder ADD CONSTRAINT reminder_collateral_check CHECK ((kind = 'REVALUATION') = (collateral_id IS NOT NULL))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM reminder WHERE kind IN ('CERT_RETURN', 'REVALUATION')`);
    await q.query(`ALTER TABLE reminder DROP CONSTRAINT reminder_collateral_check`);
    await q.query(`ALTER TABLE reminder DROP CONSTRAINT reminder_certificate_check`);
    await q.query(`ALTER TABLE reminder DROP CONSTRAINT reminder_kind_check`);
    await q.query(`ALTER TABLE reminder ADD CONSTRAINT reminder_kind_check CHECK (kind IN ('REPAYMENT', 'MATURITY', 'VISIT', 'SEIZURE'))`);
    await q.query(`ALTER TABLE reminder DROP COLUMN collateral_id`);
    await q.query(`ALTER TABLE reminder DROP COLUMN certificate_id`);
    await q.query(`DROP TABLE custody_ltv_alert`);
    await q.query(`DROP TABLE custody_setting`);
    await q.query(`DROP TABLE collateral_valuation`);
    await q.query(`DROP TABLE custody_move`);
    await q.query(`DROP FUNCTION custody_move_append_only()`);
    await q.query(`DROP TABLE custody_certificate`);
  }
}
