import { QueryFailedError } from 'typeorm';
import { PLANNED_POOL_MAX, PLANNED_STATEMENTS_MAX, PlannedReads } from '../../server/src/database/planned-reads';
import { testConfig } from './support/app';

jest.setTimeout(60_000);

/**
 * The planned-reads pool (server/src/database/planned-reads.ts) on the run's PostgreSQL: its reads keep
 * one generic plan per statement and connection, its errors read as TypeORM's, and the statements it
 * keeps are bounded. Reads one after another reuse the pool's last connection (pg's pool hands out
 * the connection released last), so a read can look at the session the previous one ran in.
 */
describe('planned reads', () => {
  let reads: PlannedReads;
  beforeAll(() => {
    reads = new PlannedReads(testConfig());
  });
  afterAll(() => reads.onModuleDestroy());

  const session = () =>
    reads.query<{ mode: string; prepared: number }>(
      `SELECT current_setting('plan_cache_mode') AS mode, (SELECT count(*)::int FROM pg_prepared_statements) AS prepared`,
    );
  const statement = (text: string) =>
    reads.query<{ generic: number; custom: number }>(
      `SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE statement = $1`,
      [text],
    );

  it('answers rows and keeps one generic plan per statement, planned without the values', async () => {
    const text = `SELECT n, n * $1::int AS twice FROM generate_series(1, 3) n WHERE $2::text IS NULL OR n::text = $2 ORDER BY n`;
    expect(await reads.query(text, [2, null])).toEqual([
      { n: 1, twice: 2 },
      { n: 2, twice: 4 },
      { n: 3, twice: 6 },
    ]);
    expect(await reads.query(text, [3, '2'])).toEqual([{ n: 2, twice: 6 }]);
    const [{ mode }] = await session();
    expect(mode).toBe('force_generic_plan');
    // the same connection ran the text twice: prepared once, its generic plan used both times
    const [kept] = await statement(text);
    expect(kept).toEqual({ generic: 2, custom: 0 });
  });

  it('reports a failed read as TypeORM does, with PostgreSQL code, and goes on reading', async () => {
    const failed = await reads.query(`SELECT $1::uuid AS id`, ['not-a-uuid']).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(QueryFailedError);
    expect((failed as QueryFailedError & { code: string }).code).toBe('22P02');
    expect(await reads.query(`SELECT $1::uuid AS id`, ['6f1c2a52-1111-4222-8333-944445555666'])).toEqual([{ id: '6f1c2a52-1111-4222-8333-944445555666' }]);
  });

  it(`keeps at most ${PLANNED_STATEMENTS_MAX} statements: later texts are planned on each read, and still answer`, async () => {
    for (let i = 0; i < PLANNED_STATEMENTS_MAX + 20; i++) {
      const [row] = await reads.query<{ n: number }>(`SELECT $1::int + ${i} AS n`, [1]);
      expect(row.n).toBe(1 + i);
    }
    const [{ prepared }] = await session();
    expect(prepared).toBeLessThanOrEqual(PLANNED_STATEMENTS_MAX);
    // the last texts ran unnamed: none of them is kept
    expect(await statement(`SELECT $1::int + ${PLANNED_STATEMENTS_MAX + 19} AS n`)).toEqual([]);
  });

  it(`opens at most ${PLANNED_POOL_MAX} connections, however many reads wait`, async () => {
    const pids = await Promise.all(
      Array.from({ length: PLANNED_POOL_MAX * 3 }, () => reads.query<{ pid: number }>(`SELECT pg_backend_pid() AS pid, pg_sleep(0.05)`)),
    );
    expect(new Set(pids.map(([r]) => r.pid)).size).toBeLessThanOrEqual(PLANNED_POOL_MAX);
  });
});
