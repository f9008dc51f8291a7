import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The workflow's persistence: one instance per loan (snapshot + optimistic version) and an
 * append-only, hash-chained event log; idempotency keys; the outbox for side effects that must
 * survive a crash after commit. Companies and loans in their minimal form.
 */
export class Workflow1763800000000 implements MigrationInterface {
  name = 'Workflow1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE company (
        id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name         varchar(200) NOT NULL,
        credit_code  char(18) NOT NULL,
        created_by   uuid REFERENCES app_user(id),
        created_at   timestamptz NOT NULL DEFAULT now(),
        updated_at   timestamptz NOT NULL DEFAULT now(),
        deleted_at   timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX company_credit_code_uq ON company (credit_code) WHERE deleted_at IS NULL`);
    await q.query(`
      CREATE TABLE loan (
        id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        company_id         uuid NOT NULL REFERENCES company(id),
        amount             numeric(18, 2) NOT NULL CHECK (amount > 0),
        term_months        integer NOT NULL CHECK (term_months BETWEEN 1 AND 360),
        bank               varchar(100),
        loan_type          varchar(100),
        a_post_officer_id  uuid NOT NULL REFERENCES app_user(id),
        b_post_officer_id  uuid REFERENCES app_user(id),
        created_by         uuid REFERENCES app_user(id),
        created_at         timestamptz NOT NULL DEFAULT now(),
        deleted_at         timestamptz
      )`);
    await q.query(`CREATE INDEX loan_company_idx ON loan (company_id)`);
    await q.query(`
      CREATE TABLE workflow_instance (
        loan_id          uuid PRIMARY KEY REFERENCES loan(id),
        machine_id       varchar(50) NOT NULL,
        machine_version  integer NOT NULL,
        input            jsonb NOT NULL,
        snapshot         jsonb NOT NULL,
        stage            varchar(40) NOT NULL,
        status           varchar(40) NOT NULL,
        version          integer NOT NULL DEFAULT 0,
        last_hash        char(64) NOT NULL,
        created_at       timestamptz NOT NULL DEFAULT now(),
        updated_at       timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX workflow_instance_stage_idx ON workflow_instance (stage)`);
    await q.query(`
      CREATE TABLE workflow_event (
        id               bigserial PRIMARY KEY,
        loan_id          uuid NOT NULL REFERENCES workflow_instance(loan_id),
        seq              integer NOT NULL CHECK (seq > 0),
        type             varchar(60) NOT NULL,
        payload          jsonb NOT NULL,
        actor_id         uuid NOT NULL REFERENCES app_user(id),
        at               timestamptz NOT NULL,
        state_from       jsonb NOT NULL,
        state_to         jsonb NOT NULL,
        machine_version  integer NOT NULL,
        prev_hash        char(64) NOT NULL,
        hash             char(64) NOT NULL,
        UNIQUE (loan_id, seq)
      )`);
    // Append-only: the application never updates or deletes an event, and the database refuses to.
    await q.query(`
      CREATE FUNCTION workflow_event_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'workflow_event is append-only (% refused)', TG_OP;
      END $$`);
    await q.query(`
      CREATE TRIGGER workflow_event_no_change BEFORE UPDATE OR DELETE ON workflow_event
      FOR EACH ROW EXECUTE FUNCTION workflow_event_append_only()`);
    await q.query(`
      CREATE TABLE idempotency_key (
        user_id       uuid NOT NULL REFERENCES app_user(id),
        key           varchar(100) NOT NULL,
        request_hash  char(64) NOT NULL,
        response      jsonb,
        created_at    timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, key)
      )`);
    await q.query(`
      CREATE TABLE outbox (
        id            bigserial PRIMARY KEY,
        topic         varchar(60) NOT NULL,
        payload       jsonb NOT NULL,
        created_at    timestamptz NOT NULL DEFAULT now(),
        delivered_at  timestamptz,
        attempts      integer NOT NULL DEFAULT 0,
        last_error    varchar(500)
      )`);
    await q.query(`CREATE INDEX outbox_pending_idx ON outbox (id) WHERE delivered_at IS NULL`);
    // Messages made from outbox entries carry the entry's key, so a redelivery adds none.
    await q.query(`ALTER TABLE message ADD COLUMN source_key varchar(120)`);
    await q.query(`CREATE UNIQUE INDEX message_source_uq ON message (user_id, source_key) WHERE source_key IS NOT NULL`);
    await q.query(`ALTER TABLE message ADD COLUMN link varchar(300)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE message DROP COLUMN link`);
    await q.query(`DROP INDEX message_source_uq`);
    await q.query(`ALTER TABLE message DROP COLUMN source_key`);
    for (const t of ['outbox', 'idempotency_key', 'workflow_event', 'workflow_instance', 'loan', 'company']) await q.query(`DROP TABLE ${t}`);
    await q.query(`DROP FUNCTION workflow_event_append_only`);
  }
}
