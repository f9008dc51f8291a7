import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { MessageDto } from '../common/misc.responses';

/** A stored message with the key of the notice it was made from (localizedNotice reads it). */
export type MessageRow = MessageDto & { sourceKey: string | null };

/** The SQL of the message table, always scoped to one user. */
@Injectable()
export class MessagesRepository {
  constructor(private readonly db: DataSource) {}

  /** One page of the user's messages, newest first. */
  page(userId: string, limit: number, offset: number): Promise<MessageRow[]> {
    return this.db.query(
      `SELECT id, title, content, type, link, source_key AS "sourceKey", created_at AS "createdAt", (read_at IS NOT NULL) AS read
         FROM message WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    );
  }

  async count(userId: string): Promise<number> {
    const [{ total }] = await this.db.query(`SELECT count(*)::int AS total FROM message WHERE user_id = $1`, [userId]);
    return total;
  }

  async countUnread(userId: string): Promise<number> {
    const [{ count }] = await this.db.query(`SELECT count(*)::int AS count FROM message WHERE user_id = $1 AND read_at IS NULL`, [userId]);
    return count;
  }

  /** Marks every unread message of the user read, in one statement; how many it marked. */
  async markAllRead(userId: string): Promise<number> {
    const [, count] = await this.db.query(`UPDATE message SET read_at = now() WHERE user_id = $1 AND read_at IS NULL`, [userId]);
    return Number(count);
  }

  /** Marks the user's message read (kept when already read); false when the user has no such message. */
  async markRead(id: string, userId: string): Promise<boolean> {
    const [rows] = await this.db.query(`UPDATE message SET read_at = COALESCE(read_at, now()) WHERE id = $1 AND user_id = $2 RETURNING id`, [id, userId]);
    return rows.length > 0;
  }
}
