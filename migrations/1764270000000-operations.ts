import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The operations console (issue 23). `operator_trail`: one append-only row per operator action (a
 * move, a retry, a batch, a settings change, a queue-page action) with who, when, what, why, before
 * and after; the database refuses to change or delete one (trigger), and the application's role may
 * only insert and read it, as for the event log. `stuck_limit`: the administrator's limit per stage
 * (none: the default of the stage), its changes kept in the trail. `operations_batch` and its items:
 * one action over many loans, run as a job, each item's outcome written once (a rerun skips it).
 * The stuck-loan list reads active instances oldest first: one partial index on (updated_at, loan_id).
 */
export class Operations1764270000000 implements MigrationInterface {
  name = 'Operations1764270000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE operator_trail (
        id         bigserial PRIMARY KEY,
        at         timestamptz NOT NULL DEFAULT now(),
        actor_id   uuid NOT NULL REFERENCES app_user(id),
        action     varchar(40) NOT NULL,
        loan_id    uuid,
        batch_id   uuid,
        reason     text NOT NULL DEFAULT '',
        before     jsonb,
        after      jsonb,
        detail     jsonb
      )`);
    await q.query(`CREATE INDEX operator_trail_at_idx ON operator_trail (at DESC, id DESC)`);
    await q.query(`CREATE INDEX operator_trail_loan_idx ON operator_trail (loan_id, id) WHERE loan_id IS NOT NULL`);
    await q.query(`
      CREATE FUNCTION operator_trail_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'operator_trail is append-only (% refused)', TG_OP;
      END $$`);
    await q.query(
      `CREATE TRIGGER operator_trail_no_change BEFORE UPDATE OR DELETE ON operator_trail FOR EACH ROW EXECUTE FUNCTION operator_trail_append_only()`,
    );
    await q.query(
      `CREATE TRIGGER operator_trail_no_truncate BEFORE TRUNCATE ON operator_trail FOR EACH STATEMENT EXECUTE FUNCTION operator_trail_append_only()`,
    );
    // The application's role (migration 1764100000000) inserts and reads the trail, nothing else.
    await q.query(`
      DO $$ BEGIN
        IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'guarantee_app') THEN
          REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON operator_trail FROM guarantee_app;
        END IF;
      END $$`);
    await q.query(`
      CREATE TABLE stuck_limit (
        stage       varchar(40) PRIMARY KEY,
        hours       integer NOT NULL CHECK (hours > 0 AND hours <= 87600),
        changed_by  uuid NOT NULL REFERENCES app_user(id),
        changed_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE operations_batch (
        id                uuid PRIMARY KEY,
        action            varchar(20) NOT NULL,
        reason            text NOT NULL CHECK (length(btrim(reason)) > 0),
        params            jsonb NOT NULL DEFAULT '{}',
        selection         jsonb NOT NULL,
        status            varchar(20) NOT NULL DEFAULT 'QUEUED',
        total             integer NOT NULL CHECK (total >= 0),
        applied           integer NOT NULL DEFAULT 0,
        refused           integer NOT NULL DEFAULT 0,
        skipped           integer NOT NULL DEFAULT 0,
        cancel_requested  boolean NOT NULL DEFAULT false,
        created_by        uuid NOT NULL REFERENCES app_user(id),
        created_at        timestamptz NOT NULL DEFAULT now(),
        finished_at       timestamptz
      )`);
    await q.query(`CREATE INDEX operations_batch_created_idx ON operations_batch (created_at DESC, id DESC)`);
    await q.query(`
      CREATE TABLE operations_batch_item (
        batch_id  uuid NOT NULL REFERENCES operations_batch(id),
        position  integer NOT NULL,
        loan_id   uuid NOT NULL REFERENCES loan(id),
        outcome   varchar(10) CHECK (outcome IN ('APPLIED', 'REFUSED', 'SKIPPED')),
        message   jsonb,
        done_at   timestamptz,
        PRIMARY KEY (batch_id, loan_id),
        UNIQUE (batch_id, position)
      )`);
    await q.query(`
      CREATE INDEX workflow_instance_stuck_idx ON workflow_instance (updated_at, loan_id)
      WHERE stage NOT IN ('closed', 'discontinued')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX workflow_instance_stuck_idx`);
    await q.query(`DROP TABLE operations_batch_item`);
    await q.query(`DROP TABLE operations_batch`);
    await q.query(`DROP TABLE stuck_limit`);
    await q.query(`DROP TABLE operator_trail`);
    await q.query(`DROP FUNCTION operator_trail_append_only`);
  }
}
