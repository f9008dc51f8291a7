import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * User administration: phone and e-mail of spec section 5, and a soft delete. A deleted
 * user keeps its row (loans, events and the history log name it) and its user name stays taken, so
 * the log never points at two people; it can no longer sign in. History log filters by time and actor.
 */
export class UserAdmin1764116000000 implements MigrationInterface {
  name = 'UserAdmin1764116000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE app_user ADD COLUMN phone varchar(11), ADD COLUMN email varchar(100), ADD COLUMN deleted_at timestamptz`);
    await q.query(`CREATE INDEX history_log_actor_idx ON history_log (lower(actor_name), created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX history_log_actor_idx`);
    await q.query(`ALTER TABLE app_user DROP COLUMN phone, DROP COLUMN email, DROP COLUMN deleted_at`);
  }
}
