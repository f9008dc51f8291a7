import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The header badge asks every user's unread count once a minute, and reminders add messages by the
 * thousand: a partial index of the unread ones keeps that count (and "mark all read") off the read rows.
 */
export class MessageUnreadIndex1764111000000 implements MigrationInterface {
  name = 'MessageUnreadIndex1764111000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX message_unread_idx ON message (user_id) WHERE read_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX message_unread_idx`);
  }
}
