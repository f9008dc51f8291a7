import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bank templates move to the one file storage: each version references its `uploaded_file` row
 * (kind `template`) instead of a name under DATA_DIR/templates; the template keeps its own sha256 (what
 * was checked at upload). Rows already there get a file row whose key is `templates/<stored name>`
 * under the storage's folder (DATA_DIR/uploads): their bytes must be moved from DATA_DIR/templates to
 * DATA_DIR/uploads/templates (docs/documents-and-templates.md); until then a download answers 404 and logs it. Demo
 * databases are simply seeded again.
 */
export class TemplateStorage1764107000000 implements MigrationInterface {
  name = 'TemplateStorage1764107000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE bank_template ADD COLUMN file_id uuid REFERENCES uploaded_file(id)`);
    await q.query(`
      INSERT INTO uploaded_file (id, owner_id, kind, url, original_name, mime, size, sha256, storage, storage_key, created_at)
      SELECT gen_random_uuid(), created_by, 'template', 'template:' || stored_name, file_name,
             'application/vnd.openxmlformats-officedocument.wordprocessingml.document', size, sha256, 'local', 'templates/' || stored_name, created_at
        FROM bank_template`);
    await q.query(`UPDATE bank_template t SET file_id = f.id FROM uploaded_file f WHERE f.url = 'template:' || t.stored_name`);
    await q.query(`ALTER TABLE bank_template ALTER COLUMN file_id SET NOT NULL, DROP COLUMN stored_name`);
    await q.query(`CREATE UNIQUE INDEX bank_template_file_idx ON bank_template (file_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE bank_template ADD COLUMN stored_name varchar(100) UNIQUE`);
    await q.query(`UPDATE bank_template t SET stored_name = substr(f.url, length('template:') + 1) FROM uploaded_file f WHERE f.id = t.file_id`);
    await q.query(`ALTER TABLE bank_template ALTER COLUMN stored_name SET NOT NULL, DROP COLUMN file_id`);
  }
}
