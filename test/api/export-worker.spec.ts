import http from 'node:http';
import type { DataSource, QueryRunner } from 'typeorm';
import { exportPool } from '../../server/src/common/export-pool';
import { bootTestApp, ownerDb, tokenOf, type TestApp } from './support/app';
import { readExport } from './support/lists';

/**
 * The warm export thread of an API process (server/src/common/export-pool.ts), on an app of this
 * suite's own (in this process, so the pool's threads are visible here): one thread, one export
 * waiting at most. The loans export reads its query in that thread.
 */
describe('the export thread', () => {
  let t: TestApp;
  let owner: DataSource;
  let admin: string;

  beforeAll(async () => {
    t = await bootTestApp({ exportWorkers: 1, exportQueue: 1 });
    owner = await ownerDb();
    admin = await tokenOf(t, 'admin');
  });
  afterAll(async () => {
    await owner?.destroy();
    await t?.close();
  });

  /** Waits until `ready` holds, polling (the export thread and PostgreSQL move on their own). */
  async function until(ready: () => boolean | Promise<boolean>, what: string): Promise<void> {
    for (let waited = 0; !(await ready()); waited += 50) {
      if (waited > 60_000) throw new Error(`still waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** A GET of the loans export on a socket of its own: its status, body and a way to hang up. */
  async function request(lang = 'en') {
    const port = await t.port();
    let hangUp!: () => void;
    const answer = new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
      const req = http.get(
        { port, host: '127.0.0.1', path: '/server/loans/export', headers: { 'X-Platform-Token': admin, 'Accept-Language': lang } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      hangUp = () => req.destroy();
    });
    answer.catch(() => undefined);
    return { answer, hangUp: () => hangUp() };
  }

  /** Connections of the export thread now open (it opens one per query export and closes it after). */
  const exportConnections = async () =>
    Number((await owner.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'export worker'`))[0].n);

  it('serves two exports in a row on the same thread, started once, each with every row of the list', async () => {
    const list = await t.http.get('/server/loans').query({ pageSize: 1 }).set('X-Platform-Token', admin).expect(200);
    const first = await readExport(t, '/server/loans/export', admin);
    const started = exportPool.started;
    const second = await readExport(t, '/server/loans/export', admin);
    expect(second.rows).toHaveLength(list.body.data.total);
    expect(second.rows).toEqual(first.rows);
    const [a, b] = exportPool.threadIds.slice(-2);
    expect(a).toBe(b);
    expect(exportPool.started).toBe(started);
    await until(async () => (await exportConnections()) === 0, 'the export connection to close');
  });

  it('queues an export behind a busy thread, refuses the next with a 429 in the language, and serves the queued one after an abandoned one', async () => {
    // The export's query waits behind this lock: its thread stays busy until the lock goes.
    const lock: QueryRunner = owner.createQueryRunner();
    await lock.connect();
    await lock.startTransaction();
    await lock.query('LOCK TABLE loan_overdue IN ACCESS EXCLUSIVE MODE');
    let locked = true;
    try {
      const held = await request();
      await until(() => exportPool.stats().running === 1, 'the first export to take the thread');
      await until(async () => (await exportConnections()) === 1, "the first export's query to wait on the lock");
      const queued = await request();
      await until(() => exportPool.stats().waiting === 1, 'the second export to wait');

      const refused = await t.http.get('/server/loans/export').set('X-Platform-Token', admin).set('Accept-Language', 'en');
      expect(refused.status).toBe(429);
      expect(refused.headers['content-type']).toContain('json');
      expect(refused.body.code).toBe('429');
      expect(refused.body.message).toMatch(/too many exports/i);
      const inChinese = await t.http.get('/server/loans/export').set('X-Platform-Token', admin);
      expect(inChinese.status).toBe(429);
      expect(inChinese.body.message).toContain('导出');

      // The first one's client goes away; the lock goes; the queued one is served by the same thread.
      const thread = exportPool.threadIds[exportPool.threadIds.length - 1];
      held.hangUp();
      await expect(held.answer).rejects.toThrow();
      await lock.commitTransaction();
      locked = false;
      const served = await queued.answer;
      expect(served.status).toBe(200);
      expect(served.body.subarray(0, 2).toString()).toBe('PK');
      expect(exportPool.threadIds[exportPool.threadIds.length - 1]).toBe(thread);
      await until(() => exportPool.stats().running === 0, 'the thread to be free');
      expect(exportPool.stats()).toEqual({ running: 0, waiting: 0 });
      await until(async () => (await exportConnections()) === 0, 'the export connections to close');
    } finally {
      if (locked) await lock.rollbackTransaction();
      await lock.release();
    }
  });
});
