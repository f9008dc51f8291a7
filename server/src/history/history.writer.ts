import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface HistoryEntry {
  actorId: string | null;
  actorName: string | null;
  method: string;
  action: string;
  target: string;
  status: number;
  code: string | null;
  ip: string;
}

/** Writes history rows after the answer; waits for the ones in flight before the pool closes. */
@Injectable()
export class HistoryWriter implements BeforeApplicationShutdown {
  private readonly logger = new Logger('History');
  private readonly pending = new Set<Promise<unknown>>();

  constructor(private readonly db: DataSource) {}

  write(e: HistoryEntry): void {
    const p = this.db
      .query(
        `INSERT INTO history_log (actor_id, actor_name, method, action, target, status, code, ip) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [e.actorId, e.actorName?.slice(0, 100) ?? null, e.method, e.action.slice(0, 200), e.target.slice(0, 500), e.status, e.code, e.ip],
      )
      .catch((error: Error) => this.logger.error(`history log write failed: ${error.message}`))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  async beforeApplicationShutdown() {
    await Promise.all([...this.pending]);
  }
}
