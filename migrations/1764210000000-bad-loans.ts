import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Compensation (代偿) and recovery (追偿). The amounts, the decision, the payment, the stages of the
 * claim and the recoveries are in the event log and the snapshot's context; `compensation_case` is one
 * row per loan that has a compensation, kept in step with its events by a writer, so that the lists can
 * filter and sort on an index. Litigation fees and seizures are rows of their own (recorded while the
 * loan is in recovery; a deletion marks the row, which stays for the record); a seizure's expiry reminders are reminders of kind SEIZURE. The leader may
 * approve a compensation below the administrator's threshold: its settings are a history, the newest
 * row in force.
 */
export class BadLoans1764210000000 implements MigrationInterface {
  name = 'BadLoans1764210000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE compensation_setting (
        id                bigserial PRIMARY KEY,
        leader_limit_fen  bigint NOT NULL CHECK (leader_limit_fen > 0),
        changed_by        uuid REFERENCES app_user(id),
        changed_at        timestamptz NOT NULL DEFAULT now()
      )`);
    // 1,000,000.00 yuan until the administrator sets the company's own
    await q.query(`INSERT INTO compensation_setting (leader_limit_fen) VALUES (100000000)`);
    await q.query(`
      CREATE TABLE compensation_case (
        loan_id          uuid PRIMARY KEY REFERENCES loan(id),
        stage            varchar(20) NOT NULL,
        state            varchar(40) NOT NULL,
        principal_fen    bigint NOT NULL CHECK (principal_fen >= 0),
        interest_fen     bigint NOT NULL CHECK (interest_fen >= 0),
        penalty_fen      bigint NOT NULL CHECK (penalty_fen >= 0),
        total_fen        bigint NOT NULL CHECK (total_fen > 0),
        applied_at       timestamptz NOT NULL,
        approved_via     varchar(12) CHECK (approved_via IN ('LEADER', 'COMMITTEE')),
        paid_on          date,
        recovered_fen    bigint NOT NULL DEFAULT 0 CHECK (recovered_fen >= 0),
        written_off_fen  bigint NOT NULL DEFAULT 0 CHECK (written_off_fen >= 0),
        balance_fen      bigint NOT NULL DEFAULT 0 CHECK (balance_fen >= 0),
        recovery_stage   varchar(30),
        outcome          varchar(12) CHECK (outcome IN ('RECOVERED', 'WRITTEN_OFF')),
        updated_at       timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX compensation_case_applied_idx ON compensation_case (applied_at DESC, loan_id)`);
    await q.query(`CREATE INDEX compensation_case_paid_idx ON compensation_case (paid_on DESC, loan_id) WHERE paid_on IS NOT NULL`);
    await q.query(`
      CREATE TABLE litigation_fee (
        id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        loan_id     uuid NOT NULL REFERENCES loan(id),
        fee_type    varchar(20) NOT NULL CHECK (fee_type IN ('LAWYER', 'COURT_ACCEPTANCE', 'PRESERVATION', 'APPRAISAL', 'ENFORCEMENT', 'ANNOUNCEMENT')),
        amount_fen  bigint NOT NULL CHECK (amount_fen > 0),
        paid_on     date NOT NULL,
        note        varchar(500),
        created_by  uuid REFERENCES app_user(id),
        created_at  timestamptz NOT NULL DEFAULT now(),
        deleted_by  uuid REFERENCES app_user(id),
        deleted_at  timestamptz
      )`);
    await q.query(`CREATE INDEX litigation_fee_loan_idx ON litigation_fee (loan_id, paid_on) WHERE deleted_at IS NULL`);
    await q.query(`
      CREATE TABLE seizure (
        id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        loan_id       uuid NOT NULL REFERENCES loan(id),
        court         varchar(100) NOT NULL,
        asset         varchar(200) NOT NULL,
        seizure_kind  varchar(12) NOT NULL CHECK (seizure_kind IN ('FIRST', 'SUBSEQUENT')),
        seized_on     date NOT NULL,
        expires_on    date NOT NULL,
        note          varchar(500),
        created_by    uuid REFERENCES app_user(id),
        created_at    timestamptz NOT NULL DEFAULT now(),
        deleted_by    uuid REFERENCES app_user(id),
        deleted_at    timestamptz,
        CHECK (expires_on > seized_on)
      )`);
    await q.query(`CREATE INDEX seizure_loan_idx ON seizure (loan_id, expires_on) WHERE deleted_at IS NULL`);
    // a seizure's expiry reminders: reminders of their own kind, pointing at it
    await q.query(`ALTER TABLE reminder ADD COLUMN seizure_id uuid REFERENCES seizure(id)`);
    await q.query(`CREATE INDEX reminder_seizure_idx ON reminder (seizure_id) WHERE seizure_id IS NOT NULL`);
    await q.query(`ALTER TABLE reminder DROP CONSTRAINT reminder_kind_check`);
    await q.query(`ALTER TABLE reminder ADD CONSTRAINT reminder_kind_check CHECK (kind IN ('REPAYMENT', 'MATURITY', 'VISIT', 'SEIZURE'))`);
    await q.query(`ALTER TABLE reminder ADD CONSTRAINT reminder_seizure_check CHECK ((kind = 'SEIZURE') = (seizure_id IS NOT NULL))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM reminder WHERE kind = 'SEIZURE'`);
    await q.query(`ALTER TABLE reminder DROP CONSTRAINT reminder_seizure_check`);
    await q.query(`ALTER TABLE reminder DROP CONSTRAINT reminder_kind_check`);
    await q.query(`ALTER TABLE reminder ADD CONSTRAINT reminder_kind_check CHECK (kind IN ('REPAYMENT', 'MATURITY', 'VISIT'))`);
    await q.query(`ALTER TABLE reminder DROP COLUMN seizure_id`);
    for (const t of ['seizure', 'litigation_fee', 'compensation_case', 'compensation_setting']) await q.query(`DROP TABLE ${t}`);
  }
}
