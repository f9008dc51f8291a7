import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Meetings of the data library and what hangs on them: the attendee pool per voting meeting kind,
 * meetings with their attendees and agenda (the loans allocated to them), and attachments (meeting
 * minutes and a loan's archive), soft-deleted with the actor so that the files stay for audit.
 *
 * A loan's own state (allocated, voting, the votes, the result) is the machine's and lives in its
 * workflow instance; the agenda here only records which loans a meeting took up, and when.
 */
export class Meetings1763920000000 implements MigrationInterface {
  name = 'Meetings1763920000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE conferee (
        user_id        uuid PRIMARY KEY REFERENCES app_user(id) ON DELETE CASCADE,
        meeting_kinds  varchar(2)[] NOT NULL CHECK (cardinality(meeting_kinds) > 0 AND meeting_kinds <@ ARRAY['ZB', 'BS']::varchar[]),
        active         boolean NOT NULL DEFAULT true,
        created_by     uuid REFERENCES app_user(id) ON DELETE SET NULL,
        created_at     timestamptz NOT NULL DEFAULT now(),
        updated_at     timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE meeting (
        id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind          varchar(2) NOT NULL CHECK (kind IN ('YS', 'ZB', 'BS')),
        title         varchar(100) NOT NULL,
        held_at       timestamptz NOT NULL,
        place         varchar(100) NOT NULL,
        status        varchar(12) NOT NULL DEFAULT 'PREPARATION' CHECK (status IN ('PREPARATION', 'START', 'END', 'CANCEL')),
        rule          jsonb,
        -- Pre-review sessions are the days on which pre-review decisions were taken; a row is made
        -- for a day only when minutes are attached to it.
        session_date  date,
        created_by    uuid REFERENCES app_user(id) ON DELETE SET NULL,
        created_at    timestamptz NOT NULL DEFAULT now(),
        updated_at    timestamptz NOT NULL DEFAULT now(),
        started_at    timestamptz,
        ended_at      timestamptz,
        cancelled_at  timestamptz,
        CHECK ((kind = 'YS') = (session_date IS NOT NULL)),
        CHECK (kind = 'YS' OR rule IS NOT NULL)
      )`);
    await q.query(`CREATE UNIQUE INDEX meeting_ys_session_uq ON meeting (session_date) WHERE kind = 'YS'`);
    await q.query(`CREATE INDEX meeting_kind_held_idx ON meeting (kind, held_at DESC)`);
    await q.query(`
      CREATE TABLE meeting_attendee (
        meeting_id  uuid NOT NULL REFERENCES meeting(id) ON DELETE CASCADE,
        user_id     uuid NOT NULL REFERENCES app_user(id),
        PRIMARY KEY (meeting_id, user_id)
      )`);
    await q.query(`CREATE INDEX meeting_attendee_user_idx ON meeting_attendee (user_id)`);
    await q.query(`
      CREATE TABLE meeting_loan (
        id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        meeting_id    uuid NOT NULL REFERENCES meeting(id),
        loan_id       uuid NOT NULL REFERENCES loan(id),
        allocated_by  uuid REFERENCES app_user(id) ON DELETE SET NULL,
        allocated_at  timestamptz NOT NULL DEFAULT now(),
        cancelled_by  uuid REFERENCES app_user(id) ON DELETE SET NULL,
        cancelled_at  timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX meeting_loan_active_uq ON meeting_loan (meeting_id, loan_id) WHERE cancelled_at IS NULL`);
    await q.query(`CREATE INDEX meeting_loan_loan_idx ON meeting_loan (loan_id)`);
    await q.query(`
      CREATE TABLE attachment (
        id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        loan_id     uuid REFERENCES loan(id),
        meeting_id  uuid REFERENCES meeting(id),
        kind        varchar(40) NOT NULL,
        file_id     uuid NOT NULL REFERENCES uploaded_file(id),
        created_by  uuid REFERENCES app_user(id) ON DELETE SET NULL,
        created_at  timestamptz NOT NULL DEFAULT now(),
        deleted_by  uuid REFERENCES app_user(id) ON DELETE SET NULL,
        deleted_at  timestamptz,
        CHECK ((loan_id IS NULL) <> (meeting_id IS NULL)),
        CHECK ((deleted_at IS NULL) = (deleted_by IS NULL))
      )`);
    await q.query(`CREATE INDEX attachment_loan_idx ON attachment (loan_id) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX attachment_meeting_idx ON attachment (meeting_id) WHERE deleted_at IS NULL`);
    // Votes and pre-review decisions are read from the log by event type.
    await q.query(`CREATE INDEX workflow_event_type_idx ON workflow_event (type, at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX workflow_event_type_idx`);
    for (const t of ['attachment', 'meeting_loan', 'meeting_attendee', 'meeting', 'conferee']) await q.query(`DROP TABLE ${t}`);
  }
}
