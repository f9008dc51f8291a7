import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The application connects as a member of `guarantee_app`, a role that owns nothing: it may read and
 * write the tables it works with, but only INSERT and SELECT the event log (never UPDATE, DELETE or
 * TRUNCATE), may only read audit_state and the migration table. Migrations run as the owner, whose
 * default privileges give every future table the same grants. A TRUNCATE trigger joins the
 * append-only trigger, for the owner too. audit_state records how the chain is sealed.
 */
export class AuditRoles1764100000000 implements MigrationInterface {
  name = 'AuditRoles1764100000000';

  async up(q: QueryRunner): Promise<void> {
    // Made beforehand by whoever set up the cluster (scripts/lib.mjs, a DBA); otherwise here, when the owner may.
    await q.query(`DO $$ BEGIN
      IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'guarantee_app') THEN CREATE ROLE guarantee_app NOLOGIN; END IF;
    END $$`);
    await q.query(`
      CREATE TABLE audit_state (
        id         smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        chain      varchar(40) NOT NULL,
        key_id     char(16) NOT NULL,
        sealed_at  timestamptz NOT NULL DEFAULT now(),
        note       jsonb NOT NULL DEFAULT '{}'
      )`);
    await q.query(`GRANT USAGE ON SCHEMA public TO guarantee_app`);
    await q.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO guarantee_app`);
    await q.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO guarantee_app`);
    await q.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO guarantee_app`);
    await q.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO guarantee_app`);
    await q.query(`REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON workflow_event FROM guarantee_app`);
    await q.query(`REVOKE INSERT, UPDATE, DELETE ON audit_state, schema_migration FROM guarantee_app`);
    await q.query(`
      CREATE TRIGGER workflow_event_no_truncate BEFORE TRUNCATE ON workflow_event
      FOR EACH STATEMENT EXECUTE FUNCTION workflow_event_append_only()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER workflow_event_no_truncate ON workflow_event`);
    await q.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE ALL ON TABLES FROM guarantee_app`);
    await q.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE ALL ON SEQUENCES FROM guarantee_app`);
    await q.query(`REVOKE ALL ON ALL TABLES IN SCHEMA public FROM guarantee_app`);
    await q.query(`REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM guarantee_app`);
    await q.query(`DROP TABLE audit_state`);
  }
}
