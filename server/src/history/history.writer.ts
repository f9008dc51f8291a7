import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { Pool } from 'pg';
import { APP_CONFIG, AppConfig } from '../config/config';
import { insertHistoryRows } from './history.repository';

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
 *
 * On a connection of its own whose commits do not wait for the WAL flush (synchronous_commit off):
 * the rows are visible to every reader as soon as the INSERT returns, and a PostgreSQL crash can lose
 * at most the last fraction of a second of them, as a crash of this process already loses the
 * FLUSH_MS it buffers. Measured: waiting for that flush cost a second disk sync per
 * transition at low concurrency, beside the event's own. Never the application's shared pool: a
 * connection set so must not carry an event's commit, whose durability is the log's guarantee.
 */
@Injectable()
export class HistoryWriter implements BeforeApplicationShutdown {
  private readonly logger = new Logger('History');
  private buffer: HistoryEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private pool: Pool | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Opened on the first flush, so that a process that changes nothing holds no connection for it. */
  private connection(): Pool {
    this.pool ??= new Pool({ connectionString: this.config.databaseUrl, max: 1, options: '-c synchronous_commit=off' }).on('error', (error: Error) =>
      this.logger.warn(`history log connection: ${error.message}`),
    );
    return this.pool;
  }

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
    const p: Promise<void> = insertHistoryRows(this.connection(), batch)
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
    await this.pool?.end();
    this.pool = null;
  }
}
