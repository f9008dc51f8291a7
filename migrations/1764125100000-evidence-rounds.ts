import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Steps that stand on a document (workflow EVENT_EVIDENCE) count only the files of their current
 * round. A file's round is told by the loan's workflow version when it was stored: every insert of a
 * loan's attachment or document takes the instance's version (a trigger, so every writer, the seeds
 * too, records it), and the step counts the files stored at or after the event that began its round.
 * Files stored before this column get the number of the last event logged before their time.
 */
export class EvidenceRounds1764125100000 implements MigrationInterface {
  name = 'EvidenceRounds1764125100000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['attachment', 'loan_document']) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN workflow_version integer`);
      await q.query(
        `UPDATE ${table} x SET workflow_version = coalesce(
           (SELECT max(e.seq) FROM workflow_event e WHERE e.loan_id = x.loan_id AND e.at <= x.created_at), 0)
          WHERE x.loan_id IS NOT NULL`,
      );
    }
    await q.query(`
      CREATE FUNCTION loan_file_workflow_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.loan_id IS NOT NULL AND NEW.workflow_version IS NULL THEN
          SELECT version INTO NEW.workflow_version FROM workflow_instance WHERE loan_id = NEW.loan_id;
        END IF;
        RETURN NEW;
      END $$`);
    for (const table of ['attachment', 'loan_document']) {
      await q.query(`CREATE TRIGGER ${table}_workflow_version BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION loan_file_workflow_version()`);
      await q.query(`CREATE INDEX ${table}_evidence_idx ON ${table} (loan_id, kind, workflow_version)`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['attachment', 'loan_document']) {
      await q.query(`DROP TRIGGER ${table}_workflow_version ON ${table}`);
      await q.query(`DROP INDEX ${table}_evidence_idx`);
      await q.query(`ALTER TABLE ${table} DROP COLUMN workflow_version`);
    }
    await q.query(`DROP FUNCTION loan_file_workflow_version()`);
  }
}
