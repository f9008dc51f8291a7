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

const FLUSH_MS = 25;
const MAX_BATCH = 50;

/**
 * Writes history rows after the answer, a few at a time in one INSERT (so the log does not double
 * the database's writes under load), and flushes what is left before the pool closes.
 */
@Injectable()
export class HistoryWriter implements BeforeApplicationShutdown {
  private readonly logger = new Logger('History');
  private buffer: HistoryEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly db: DataSource) {}

  write(entry: HistoryEntry): void {
    this.buffer.push(entry);
    if (this.buffer.length >= MAX_BATCH) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.buffer;
    this.buffer = [];
    if (!batch.length) return;
    const values: unknown[] = [];
    const rows = batch.map((e, i) => {
      values.push(e.actorId, e.actorName?.slice(0, 100) ?? null, e.method, e.action.slice(0, 200), e.target.slice(0, 500), e.status, e.code, e.ip);
      const o = i * 8;
      return `($${o + 1}, $${o + 2}, $${o + 3}, $${o + 4}, $${o + 5}, $${o + 6}, $${o + 7}, $${o + 8})`;
    });
    const p: Promise<void> = this.db
      .query(`INSERT INTO history_log (actor_id, actor_name, method, action, target, status, code, ip) VALUES ${rows.join(', ')}`, values)
      .then(
        () => undefined,
        (error: Error) => this.logger.error(`history log write of ${batch.length} rows failed: ${error.message}`),
      )
      .finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  async beforeApplicationShutdown() {
    this.flush();
    await Promise.all([...this.inFlight]);
  }
}
