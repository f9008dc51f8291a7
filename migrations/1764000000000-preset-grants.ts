import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The grants of the preset roles already given once. The start-up sync gives a preset role each key
 * its definition lists only when the pair is not recorded here, then records it: a key added to the
 * tree (or to a preset role) reaches every existing database once, and a grant an administrator later
 * takes away stays away. Deleting a permission row forgets its records too, so the key and its
 * grants come back as new.
 *
 * What the preset roles hold now counts as given: those grants were made by the first migration.
 */
export class PresetGrants1764000000000 implements MigrationInterface {
  name = 'PresetGrants1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE preset_grant (
        role_id         uuid NOT NULL REFERENCES role(id) ON DELETE CASCADE,
        permission_key  varchar(80) NOT NULL REFERENCES permission(key) ON DELETE CASCADE,
        given_at        timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (role_id, permission_key)
      )`);
    await q.query(`
      INSERT INTO preset_grant (role_id, permission_key)
      SELECT rp.role_id, rp.permission_key FROM role_permission rp JOIN role r ON r.id = rp.role_id WHERE r.builtin`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS preset_grant`);
  }
}
