import { Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { companyZoneSql } from '../common/company-time';
import type { HistoryEntryDto } from '../common/misc.responses';
import type { HistoryEntry } from './history.writer';

/** A history_log row as listed, before its action is put in words and its object named. */
export type HistoryRow = Omit<HistoryEntryDto, 'actionLabel' | 'object'>;

/** The history log's filters: parts of the actor's name and of the route, company days, the HTTP method. */
export interface HistoryFilter {
  actor?: string;
  from?: string;
  to?: string;
  route?: string;
  method?: string;
}

export interface NamedId {
  id: string;
  name: string;
}

/**
 * Writes the entries as history_log rows in one INSERT, on the pool given (history.writer.ts's own
 * connection); the names, actions and targets cut to their columns' lengths.
 */
export function insertHistoryRows(pool: Pool, batch: readonly HistoryEntry[]): Promise<unknown> {
  const values: unknown[] = [];
  const rows = batch.map((e, i) => {
    values.push(e.actorId, e.actorName?.slice(0, 100) ?? null, e.method, e.action.slice(0, 200), e.target.slice(0, 500), e.status, e.code, e.ip);
    const o = i * 8;
    return `($${o + 1}, $${o + 2}, $${o + 3}, $${o + 4}, $${o + 5}, $${o + 6}, $${o + 7}, $${o + 8})`;
  });
  return pool.query(`INSERT INTO history_log (actor_id, actor_name, method, action, target, status, code, ip) VALUES ${rows.join(', ')}`, values);
}

/** The SQL of the history log's reading side (history.writer.ts writes it: insertHistoryRows above), and the names its objects have. */
@Injectable()
export class HistoryRepository {
  constructor(private readonly db: DataSource) {}

  /** The rows under the filters, newest first, with how many there are in all. */
  async search(filter: HistoryFilter, limit: number, offset: number): Promise<{ rows: HistoryRow[]; total: number }> {
    const like = (text: string | undefined) => (text ? `%${text.replace(/[%_\\]/g, '\\$&')}%` : null);
    const zone = companyZoneSql();
    // Days are the company's: the range runs from the first day's midnight there to the end of the last.
    const where = `WHERE ($1::text IS NULL OR actor_name ILIKE $1)
      AND ($2::date IS NULL OR created_at >= ($2::date)::timestamp AT TIME ZONE ${zone})
      AND ($3::date IS NULL OR created_at < ($3::date + 1)::timestamp AT TIME ZONE ${zone})
      AND ($4::text IS NULL OR action ILIKE $4 OR target ILIKE $4)
      AND ($5::text IS NULL OR method = $5)`;
    const params = [like(filter.actor), filter.from ?? null, filter.to ?? null, like(filter.route), filter.method ?? null];
    const [rows, [{ total }]] = await Promise.all([
      // Newest first by time, then by the numeric id: a bare `id` here would name the text column selected above.
      this.db.query(
        `SELECT id::text, actor_id AS "actorId", actor_name AS actor, method, action, target, status,
                code, ip, created_at AS "createdAt", (CASE WHEN status < 400 THEN 'SUCCESS' ELSE 'FAILURE' END) AS outcome
           FROM history_log ${where} ORDER BY created_at DESC, history_log.id DESC LIMIT $6 OFFSET $7`,
        [...params, limit, offset],
      ),
      this.db.query(`SELECT count(*)::int AS total FROM history_log ${where}`, params),
    ]);
    return { rows, total };
  }

  /** Each loan's name: its company's. */
  loanNames(ids: string[]): Promise<NamedId[]> {
    return this.db.query(`SELECT l.id::text, c.name FROM loan l JOIN company c ON c.id = l.company_id WHERE l.id = ANY($1::uuid[])`, [ids]);
  }

  companyNames(ids: string[]): Promise<NamedId[]> {
    return this.db.query(`SELECT id::text, name FROM company WHERE id = ANY($1::uuid[])`, [ids]);
  }

  /** Each user's nickname, or the user name when it has none. */
  userNames(ids: string[]): Promise<NamedId[]> {
    return this.db.query(`SELECT id::text, COALESCE(NULLIF(nickname, ''), username) AS name FROM app_user WHERE id = ANY($1::uuid[])`, [ids]);
  }
}
