import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { Queue, QueueEvents, Worker } from 'bullmq';
import IORedis from 'ioredis';
import { KEEP_COMPLETED, KEEP_FAILED, QUEUE_DEFAULT_JOB_OPTIONS, jobOptions } from '../../server/src/jobs/job-options';
import { JOB_NAMES, QUEUES } from '../../server/src/jobs/queues';
import { redisOptions } from '../../server/src/jobs/redis';
import { waitFor } from './support/wait';
import { checkRedisDurability } from '../../server/src/jobs/redis-check';
import { loadConfig } from '../../server/src/config/config';

/**
 * Redis safety for queues, against real redis-server processes: a production start refuses a Redis
 * that may evict keys (allkeys-lru) with a message naming the fix, the project's own Redis is
 * started with noeviction, and finished jobs are trimmed so that a queue keeps at most N of them.
 */
jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A redis-server of this test's own, set as production Redis should not be (allkeys-lru). */
async function startLruRedis(dir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes', '--maxmemory-policy', 'allkeys-lru'],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  const probe = new IORedis(redisOptions(url, false));
  await waitFor(
    'the redis-server of the test to answer',
    () =>
      probe.ping().then(
        () => true,
        () => false,
      ),
    { timeout: 5_000 },
  );
  probe.disconnect();
  return { url, child };
}

describe('Redis safety', () => {
  let dir: string;
  let lru: { url: string; child: ChildProcess };
  let redis: IORedis;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redis-lru-'));
    lru = await startLruRedis(dir);
    redis = new IORedis(redisOptions(lru.url, false));
  });
  afterAll(async () => {
    redis?.disconnect();
    lru?.child.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a Redis with allkeys-lru when refusing is asked for, naming the fix', async () => {
    await expect(checkRedisDurability(redis, true)).rejects.toThrow(/maxmemory-policy is allkeys-lru.*CONFIG SET maxmemory-policy noeviction/);
    // Outside production: the same problem, as a warning.
    const problems = await checkRedisDurability(redis, false);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('CONFIG SET maxmemory-policy noeviction');
  });

  it('a production start (NODE_ENV=production) stops on that Redis before touching the database', () => {
    const result = spawnSync(
      process.execPath,
      [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), '--tsconfig', path.join(ROOT, 'server/tsconfig.json'), path.join(ROOT, 'server/src/main.ts')],
      {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 90_000,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          REDIS_URL: lru.url,
          // Nothing listens there: a start that went past the Redis check would fail on it instead.
          DATABASE_URL: 'postgres://nobody:nothing@127.0.0.1:1/none',
          MIGRATION_DATABASE_URL: '',
          REDIS_REFUSE_UNSAFE: '',
        },
      },
    );
    const output = `${result.stdout}\n${result.stderr}`;
    expect(result.status).toBe(1);
    expect(output).toContain('Redis is not safe for queues, start refused');
    expect(output).toContain('CONFIG SET maxmemory-policy noeviction');
    expect(output).not.toMatch(/ECONNREFUSED 127\.0\.0\.1:1\b/);
  });

  it('the REDIS_REFUSE_UNSAFE setting turns refusal on outside production, and off in it', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).redisRefuseUnsafe).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', REDIS_REFUSE_UNSAFE: 'false' }).redisRefuseUnsafe).toBe(false);
    expect(loadConfig({}).redisRefuseUnsafe).toBe(false);
    expect(loadConfig({ REDIS_REFUSE_UNSAFE: 'true' }).redisRefuseUnsafe).toBe(true);
  });

  it('accepts the same Redis once the fix is applied', async () => {
    await redis.config('SET', 'maxmemory-policy', 'noeviction');
    await expect(checkRedisDurability(redis, true)).resolves.toEqual([]);
  });

  it("the project's Redis (scripts/lib.mjs) and docker-compose.yml's run with noeviction", async () => {
    const own = new IORedis(redisOptions(process.env.REDIS_URL as string, false));
    try {
      expect(await own.config('GET', 'maxmemory-policy')).toEqual(['maxmemory-policy', 'noeviction']);
    } finally {
      own.disconnect();
    }
    const compose = fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');
    const command = /^\s+redis:\n(?:\s+.*\n)*?\s+command: (\[.*\])/m.exec(compose)?.[1];
    expect(JSON.parse((command ?? '[]').replace(/'/g, '"'))).toEqual(expect.arrayContaining(['--maxmemory-policy', 'noeviction', '--appendonly', 'yes']));
  });
});

describe('trimming of finished jobs', () => {
  it('every job and every queue keeps at most KEEP_COMPLETED completed and KEEP_FAILED failed jobs', () => {
    for (const name of JOB_NAMES) {
      expect(jobOptions(name, {} as never, 'k')).toMatchObject({ removeOnComplete: KEEP_COMPLETED, removeOnFail: KEEP_FAILED });
    }
    expect(QUEUE_DEFAULT_JOB_OPTIONS).toEqual({ removeOnComplete: KEEP_COMPLETED, removeOnFail: KEEP_FAILED });
    expect(KEEP_COMPLETED).toMatchObject({ count: expect.any(Number), age: expect.any(Number) });
    expect(KEEP_FAILED).toMatchObject({ count: expect.any(Number), age: expect.any(Number) });
  });

  it('a queue with the defaults keeps at most KEEP_COMPLETED completed and KEEP_FAILED failed jobs in Redis', async () => {
    const keepCompleted = (KEEP_COMPLETED as { count: number }).count;
    const keepFailed = (KEEP_FAILED as { count: number }).count;
    const url = process.env.REDIS_URL as string;
    const prefix = `trim-test-${process.pid}`;
    const name = QUEUES.maintenance;
    const connection = new IORedis(redisOptions(url));
    const queue = new Queue(name, { connection, prefix, defaultJobOptions: QUEUE_DEFAULT_JOB_OPTIONS });
    const events = new QueueEvents(name, { connection: new IORedis(redisOptions(url)), prefix });
    const worker = new Worker(
      name,
      async (job) => {
        if (job.data.fail) throw new Error('fails on purpose');
      },
      { connection: new IORedis(redisOptions(url)), prefix, concurrency: 50 },
    );
    try {
      await events.waitUntilReady();
      const extra = 25;
      const total = keepCompleted + keepFailed + 2 * extra;
      let finished = 0;
      const done = new Promise<void>((resolve) => {
        const tick = () => {
          finished += 1;
          if (finished === total) resolve();
        };
        worker.on('completed', tick);
        worker.on('failed', tick);
      });
      const jobs = [
        ...Array.from({ length: keepCompleted + extra }, (_, i) => ({ name: 'purge-expired', data: { fail: false }, opts: { jobId: `ok-${i}` } })),
        ...Array.from({ length: keepFailed + extra }, (_, i) => ({ name: 'purge-expired', data: { fail: true }, opts: { jobId: `ko-${i}`, attempts: 1 } })),
      ];
      for (let i = 0; i < jobs.length; i += 1000) await queue.addBulk(jobs.slice(i, i + 1000));
      await done;
      const counts = await queue.getJobCounts('completed', 'failed');
      expect(counts.completed).toBe(keepCompleted);
      expect(counts.failed).toBe(keepFailed);
      // The oldest went: the first completed job is gone, the last one kept.
      expect(await queue.getJobState('ok-0')).toBe('unknown');
      expect(await queue.getJobState(`ok-${keepCompleted + extra - 1}`)).toBe('completed');
    } finally {
      await worker.close();
      await events.close();
      await queue.obliterate({ force: true });
      await queue.close();
    }
  });
});
