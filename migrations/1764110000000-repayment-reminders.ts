import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Repayment plan and reminders. A disbursed loan's plan (method, rate, instalments in whole
 * fen) and every reminder it makes: PostgreSQL is the record, BullMQ only holds the delayed jobs of
 * the reminders due within the horizon, each under the reminder's deterministic job id. Loan types
 * gain their maturity reminder offsets (days before maturity).
 */
export class RepaymentReminders1764110000000 implements MigrationInterface {
  name = 'RepaymentReminders1764110000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE loan_type ADD COLUMN maturity_reminder_offsets integer[] NOT NULL DEFAULT '{30,15,7,1}'
                     CHECK (cardinality(maturity_reminder_offsets) BETWEEN 1 AND 10 AND 0 <= ALL (maturity_reminder_offsets)
                            AND 365 >= ALL (maturity_reminder_offsets))`);
    await q.query(`
      CREATE TABLE repayment_plan (
        loan_id          uuid PRIMARY KEY REFERENCES loan(id),
        method           varchar(20) NOT NULL CHECK (method IN ('EQUAL_PRINCIPAL', 'EQUAL_INSTALMENT', 'INTEREST_ONLY', 'BULLET')),
        annual_rate_bp   integer CHECK (annual_rate_bp BETWEEN 0 AND 10000),
        disbursed_on     date NOT NULL,
        principal_fen    bigint NOT NULL CHECK (principal_fen > 0),
        term_months      integer NOT NULL CHECK (term_months > 0),
        maturity_on      date NOT NULL,
        repaid_fen       bigint NOT NULL DEFAULT 0 CHECK (repaid_fen >= 0),
        created_at       timestamptz NOT NULL DEFAULT now(),
        updated_at       timestamptz NOT NULL DEFAULT now(),
        CHECK (method <> 'EQUAL_INSTALMENT' OR annual_rate_bp IS NOT NULL)
      )`);
    await q.query(`
      CREATE TABLE repayment_instalment (
        id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        loan_id        uuid NOT NULL REFERENCES repayment_plan(loan_id),
        seq            integer NOT NULL CHECK (seq > 0),
        due_on         date NOT NULL,
        principal_fen  bigint NOT NULL CHECK (principal_fen >= 0),
        interest_fen   bigint CHECK (interest_fen >= 0),
        repaid_fen     bigint NOT NULL DEFAULT 0 CHECK (repaid_fen >= 0 AND repaid_fen <= principal_fen),
        state          varchar(10) NOT NULL DEFAULT 'DUE' CHECK (state IN ('DUE', 'REPAID')),
        repaid_at      timestamptz,
        superseded_at  timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX repayment_instalment_live_idx ON repayment_instalment (loan_id, seq) WHERE superseded_at IS NULL`);
    await q.query(`
      CREATE TABLE reminder (
        id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        loan_id         uuid NOT NULL REFERENCES loan(id),
        kind            varchar(12) NOT NULL CHECK (kind IN ('REPAYMENT', 'MATURITY')),
        instalment_id   uuid REFERENCES repayment_instalment(id),
        due_at          timestamptz NOT NULL,
        fire_at         timestamptz NOT NULL,
        state           varchar(12) NOT NULL DEFAULT 'SCHEDULED' CHECK (state IN ('SCHEDULED', 'SENT', 'CANCELLED')),
        job_id          varchar(60) NOT NULL UNIQUE,
        sent_at         timestamptz,
        late            boolean NOT NULL DEFAULT false,
        cancelled_at    timestamptz,
        created_at      timestamptz NOT NULL DEFAULT now(),
        CHECK ((state = 'SENT') = (sent_at IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX reminder_loan_idx ON reminder (loan_id, fire_at)`);
    // what the hourly horizon job and the reconcile read: the scheduled ones by fire time
    await q.query(`CREATE INDEX reminder_scheduled_idx ON reminder (fire_at) WHERE state = 'SCHEDULED'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE reminder`);
    await q.query(`DROP TABLE repayment_instalment`);
    await q.query(`DROP TABLE repayment_plan`);
    await q.query(`ALTER TABLE loan_type DROP COLUMN maturity_reminder_offsets`);
  }
}
