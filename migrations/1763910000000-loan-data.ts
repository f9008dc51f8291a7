import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A loan's data (the four types CLIENT, INQUIRY, AGENT, REPORT of spec section 3): the saved content
 * with an optimistic version, every saved version kept (cheap, and an audit of who wrote what), and
 * each user's autosaved draft apart from the saved content (a draft is never what the guard reads).
 */
export class LoanData1763910000000 implements MigrationInterface {
  name = 'LoanData1763910000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE loan_data (
        loan_id     uuid NOT NULL REFERENCES loan(id),
        type        varchar(10) NOT NULL CHECK (type IN ('CLIENT', 'INQUIRY', 'AGENT', 'REPORT')),
        content     jsonb NOT NULL,
        version     integer NOT NULL CHECK (version > 0),
        updated_by  uuid NOT NULL REFERENCES app_user(id),
        updated_at  timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (loan_id, type)
      )`);
    await q.query(`
      CREATE TABLE loan_data_version (
        loan_id   uuid NOT NULL,
        type      varchar(10) NOT NULL,
        version   integer NOT NULL,
        content   jsonb NOT NULL,
        saved_by  uuid NOT NULL REFERENCES app_user(id),
        saved_at  timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (loan_id, type, version),
        FOREIGN KEY (loan_id, type) REFERENCES loan_data(loan_id, type)
      )`);
    await q.query(`
      CREATE TABLE loan_data_draft (
        loan_id       uuid NOT NULL REFERENCES loan(id),
        type          varchar(10) NOT NULL CHECK (type IN ('CLIENT', 'INQUIRY', 'AGENT', 'REPORT')),
        user_id       uuid NOT NULL REFERENCES app_user(id),
        content       jsonb NOT NULL,
        base_version  integer NOT NULL DEFAULT 0,
        saved_at      timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (loan_id, type, user_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['loan_data_draft', 'loan_data_version', 'loan_data']) await q.query(`DROP TABLE ${t}`);
  }
}
