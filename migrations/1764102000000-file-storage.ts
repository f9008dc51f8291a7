import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One storage for every file (server/src/files): each row records where its bytes are kept (`local`:
 * the folder DATA_DIR/uploads; `s3`: the configured bucket), under which generated key, and the
 * sha256 of the bytes kept. Rows written before this migration get the key their address implied;
 * their sha256 stays empty (a migration does not read the files).
 */
export class FileStorage1764102000000 implements MigrationInterface {
  name = 'FileStorage1764102000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE uploaded_file
        ADD COLUMN sha256 char(64) CHECK (sha256 ~ '^[0-9a-f]{64}$'),
        ADD COLUMN storage varchar(10) NOT NULL DEFAULT 'local' CHECK (storage IN ('local', 's3')),
        ADD COLUMN storage_key varchar(200)`);
    await q.query(`
      UPDATE uploaded_file SET storage_key = CASE
        WHEN url LIKE 'attachment:%' THEN 'attachments/' || substr(url, length('attachment:') + 1)
        WHEN url LIKE '/server/files/avatars/%' THEN 'avatars/' || substr(url, length('/server/files/avatars/') + 1)
      END`);
    await q.query(`ALTER TABLE uploaded_file ALTER COLUMN storage_key SET NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX uploaded_file_storage_key_idx ON uploaded_file (storage, storage_key)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS uploaded_file_storage_key_idx`);
    await q.query(`ALTER TABLE uploaded_file DROP COLUMN storage_key, DROP COLUMN storage, DROP COLUMN sha256`);
  }
}
