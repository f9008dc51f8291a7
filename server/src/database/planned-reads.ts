import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { Pool } from 'pg';
import { QueryFailedError } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';

/** Connections of the planned-reads pool per role, shared by its processes (list pages only: they hold one for a millisecond). */
export const PLANNED_POOL_MAX = 6;

/**
 * Statement texts kept prepared per process: each is kept on every connection of the pool for its
 * life, so a caller that builds texts from input (a page size, a filter's presence) cannot grow them
 * without bound; beyond it a text is planned on each read, as an unnamed statement.
 */
export const PLANNED_STATEMENTS_MAX = 200;

/**
 * Reads whose plan is made once per connection and kept: named statements on a small pool of their
 * own, whose sessions use generic plans (plan_cache_mode=force_generic_plan).
 *
 * Why: a list page that joins six tables to dress twenty rows takes PostgreSQL 2-6 ms to plan and under
 * 1 ms to run, and TypeORM's query() plans it again on every request (an unnamed statement). A named
 * statement is planned once per connection only when its generic plan wins on cost, which a page whose
 * parameters switch parts of the query on and off does not: hence a pool whose sessions always keep it.
 *
 * Only for keyset pages whose plan does not depend on the values: the same index walk whatever the
 * cursor or the filters (each one's plan is checked at a million loans by its bench). Their LIMIT is
 * written into the text: a generic plan of `LIMIT $n` assumes a tenth of the table is wanted, and may
 * choose a scan and a sort.
 * Reads outside any transaction; writes and everything else go through TypeORM.
 */
@Injectable()
export class PlannedReads implements OnModuleDestroy {
  private readonly pool: Pool;
  private readonly log = new Logger('PlannedReads');
  /** The names of the texts kept prepared (see PLANNED_STATEMENTS_MAX). */
  private readonly names = new Set<string>();

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.pool = new Pool({
      connectionString: config.databaseUrl,
      // the processes of one role share it, as they share the main pool (database.module.ts)
      max: Math.max(2, Math.ceil(PLANNED_POOL_MAX / Math.max(1, config.poolProcesses))),
      options: '-c plan_cache_mode=force_generic_plan',
    });
    // an idle connection dropped by the server is replaced on the next read: said, never thrown at nobody
    this.pool.on('error', (error) => this.log.warn(`idle connection lost: ${error.message}`));
  }

  /** The rows of `text` with `values`; the statement is named after its text, so each text is prepared once per connection. */
  async query<T = any>(text: string, values: unknown[] = []): Promise<T[]> {
    const name = `planned_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    const kept = this.names.has(name) || (this.names.size < PLANNED_STATEMENTS_MAX && !!this.names.add(name));
    try {
      return (await this.pool.query(kept ? { name, text, values } : { text, values })).rows as T[];
    } catch (error) {
      // As TypeORM reports its own, so that the exception filter and the callers' code checks read it the same way.
      throw new QueryFailedError(text, values, error as Error);
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.end();
  }
}
