import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The nightly close of business. One `close_of_business_run` per company day (its key: the day, so two
 * workers cannot both claim it) and its steps in a fixed order, each timed, a step started and not
 * finished being redone on the next start. What the overdue step keeps: `loan_overdue` (each overdue
 * loan after guarantee: its days past due and bucket as of the last run) and `loan_overdue_day` (a row
 * per loan and day its overdue status changed). The administrator's buckets are kept as a history
 * (newest in force; none: the default 1-30, 31-60, 61-90, over 90). `regulatory_snapshot` holds the
 * regulatory figures of each closed day, as the figures service answered them.
 */
export class CloseOfBusiness1764220000000 implements MigrationInterface {
  name = 'CloseOfBusiness1764220000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE close_of_business_run (
        day          date PRIMARY KEY,
        started_at   timestamptz NOT NULL DEFAULT now(),
        finished_at  timestamptz,
        attempts     integer NOT NULL DEFAULT 1 CHECK (attempts > 0)
      )`);
    await q.query(`
      CREATE TABLE close_of_business_step (
        day           date NOT NULL REFERENCES close_of_business_run(day),
        step          varchar(30) NOT NULL,
        position      integer NOT NULL CHECK (position > 0),
        started_at    timestamptz NOT NULL,
        finished_at   timestamptz,
        duration_ms   integer CHECK (duration_ms >= 0),
        rows_touched  bigint CHECK (rows_touched >= 0),
        attempts      integer NOT NULL DEFAULT 1 CHECK (attempts > 0),
        PRIMARY KEY (day, step),
        CHECK ((finished_at IS NULL) = (duration_ms IS NULL))
      )`);
    await q.query(`
      CREATE TABLE overdue_bucket_settings (
        id          bigserial PRIMARY KEY,
        buckets     jsonb NOT NULL CHECK (jsonb_typeof(buckets) = 'array' AND jsonb_array_length(buckets) > 0),
        changed_by  uuid REFERENCES app_user(id),
        changed_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE loan_overdue (
        loan_id        uuid PRIMARY KEY REFERENCES loan(id),
        as_of          date NOT NULL,
        days_past_due  integer NOT NULL CHECK (days_past_due > 0),
        bucket         varchar(30),
        oldest_due_on  date NOT NULL
      )`);
    await q.query(`CREATE INDEX loan_overdue_bucket_idx ON loan_overdue (bucket)`);
    await q.query(`
      CREATE TABLE loan_overdue_day (
        loan_id          uuid NOT NULL REFERENCES loan(id),
        day              date NOT NULL,
        days_past_due    integer NOT NULL CHECK (days_past_due >= 0),
        bucket           varchar(30),
        previous_bucket  varchar(30),
        PRIMARY KEY (loan_id, day)
      )`);
    await q.query(`CREATE INDEX loan_overdue_day_day_idx ON loan_overdue_day (day)`);
    await q.query(`
      CREATE TABLE regulatory_snapshot (
        day         date PRIMARY KEY,
        figures     jsonb NOT NULL,
        created_at  timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE regulatory_snapshot`);
    await q.query(`DROP TABLE loan_overdue_day`);
    await q.query(`DROP TABLE loan_overdue`);
    await q.query(`DROP TABLE overdue_bucket_settings`);
    await q.query(`DROP TABLE close_of_business_step`);
    await q.query(`DROP TABLE close_of_business_run`);
  }
}
