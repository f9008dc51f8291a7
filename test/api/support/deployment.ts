import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import * as http from 'node:http';
import * as path from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { redisOptions } from '../../../server/src/jobs/redis';
import { AppHandle, freshDatabaseUrl, ownerUrlOf, testConfig } from './app';
import { waitFor } from './wait';

/**
 * Deployments of the built server as `npm start` runs them (main.js, worker.js, each a process of its
 * own), for the suites that run several of them on one database and Redis: test/api/scale-out.spec.ts
 * (one host) and test/api/several-hosts.spec.ts (network namespaces).
 */

const ROOT = path.resolve(__dirname, '../../..');

/** A server process of the built code, with what it has printed so far. */
export interface Proc {
  name: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts `entry` (main.js, worker.js) of the built server with `env`; with `netns`, inside that network
 * namespace (`ip netns exec` execs node, so the child's pid is node's own).
 */
export function startServer(name: string, entry: string, env: NodeJS.ProcessEnv, netns?: string): Proc {
  const script = path.join(ROOT, 'server/dist/server/src', entry);
  const [command, args] = netns ? ['/usr/sbin/ip', ['netns', 'exec', netns, process.execPath, script]] : [process.execPath, [script]];
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  const keep = (chunk: Buffer) => {
    text += chunk.toString();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { name, child, output: () => text, exited };
}

export const lastLines = (proc: Proc) => proc.output().split('\n').slice(-15).join('\n');

/** Resolves once `proc` has printed `pattern` `times` times; rejects, with its last lines, if it exits first or never does. */
export function printed(proc: Proc, pattern: RegExp, times = 1): Promise<void> {
  const seen = () =>
    proc
      .output()
      .split('\n')
      .filter((line) => pattern.test(line)).length >= times;
  return Promise.race([
    waitFor(`${proc.name}: ${pattern}`, seen, { timeout: 150_000, interval: 100 }).then(
      () => undefined,
      (error: Error) => {
        throw new Error(`${error.message}:\n${lastLines(proc)}`);
      },
    ),
    proc.exited.then(({ code, signal }) => {
      throw new Error(`${proc.name} exited (${code ?? signal}) before it was ready:\n${lastLines(proc)}`);
    }),
  ]);
}

/** How `proc` ended after a stop signal; throws, with its last lines, when it is still running after 40 s. */
export function stopped(proc: Proc): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return Promise.race([
    proc.exited,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${proc.name} still runs 40 s after SIGTERM:\n${lastLines(proc)}`)), 40_000).unref()),
  ]);
}

/** SIGKILL to each process of `procs` still running (a suite's afterAll). */
export function killAll(procs: Proc[]): void {
  for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
}

export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = http.createServer();
    srv.on('error', reject);
    srv.listen(0, host, () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A deployment's database: the built server (built here when its sources changed), a new database
 * `name` on the run's PostgreSQL, and the migrate step run on its own as the owner (as `npm start`
 * does before the processes). Answers the processes' environment (`env` over the run's, demo data on
 * the first start) and a connection of the suite's own.
 */
export async function migratedDeployment(name: string, env: NodeJS.ProcessEnv): Promise<{ env: NodeJS.ProcessEnv; db: DataSource }> {
  const built = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', "const m = await import('./scripts/lib.mjs'); m.buildIfStale(['workflow', 'server']);"],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (built.status !== 0) throw new Error(`the server's build failed (${built.status})`);
  const databaseUrl = await freshDatabaseUrl(name);
  const full: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, MIGRATION_DATABASE_URL: '', WEB_DIST: '', DEMO_MODE: 'true', ...env };
  const migrated = spawnSync(process.execPath, ['server/dist/server/src/migrate-cli.js'], {
    cwd: ROOT,
    env: { ...full, MIGRATION_DATABASE_URL: ownerUrlOf(name) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (migrated.status !== 0) throw new Error(`the migrate step exited ${migrated.status}`);
  const db = await new DataSource({ type: 'postgres', url: databaseUrl, extra: { max: 4 } }).initialize();
  return { env: full, db };
}

/** A handle on a running deployment at `base` (http://host:port), with the suite's connection `db`. */
export async function handleAt(base: string, db: DataSource): Promise<AppHandle> {
  const key = await request(base).get('/server/open/auth/public-key').expect(200);
  const port = Number(new URL(base).port);
  return { http: request(base), db, config: testConfig(), publicKey: key.body.data.publicKey, port: async () => port, close: async () => undefined };
}

/** BullMQ queues under `prefix`, on the run's Redis, each with a connection of its own; close() closes them all. */
export function queuesOf(prefix: string) {
  const closers: (() => Promise<unknown>)[] = [];
  const open = (name: string) => {
    const connection = new IORedis(redisOptions(process.env.REDIS_URL!));
    const q = new Queue(name, { connection, prefix });
    closers.push(async () => {
      await q.close();
      await connection.quit();
    });
    return q;
  };
  return { open, close: () => Promise.all(closers.map((close) => close())) };
}

/** The states of jobs `ids` once each has completed or failed. */
export const finished = async (q: Queue, ids: string[]) =>
  waitFor(`jobs ${ids.join(', ')} finished`, async () => {
    const states = await Promise.all(ids.map((id) => q.getJobState(id)));
    return states.every((s) => s === 'completed' || s === 'failed') && states;
  });

/**
 * A due reminder queued through each API of `apis` (under the reminder's own job id) and delivered once
 * more besides is sent once, by whichever worker takes it: one message to each enabled officer of its loan.
 */
export async function expectDueReminderSentOnce(db: DataSource, apis: AppHandle[], admin: string, reminders: Queue): Promise<void> {
  const [row] = await db.query(
    `SELECT l.id, array_remove(ARRAY[l.a_post_officer_id, l.b_post_officer_id], NULL)::text[] AS officers
       FROM loan l WHERE l.a_post_officer_id IS NOT NULL ORDER BY l.created_at LIMIT 1`,
  );
  const jobId = `reminder-once-${randomUUID()}`;
  const [{ id: reminderId }] = await db.query(
    `INSERT INTO reminder (loan_id, kind, due_at, fire_at, job_id) VALUES ($1, 'MATURITY', now() + interval '1 day', now() - interval '1 minute', $2) RETURNING id`,
    [row.id, jobId],
  );
  const reconciled = await Promise.all(apis.map((h) => h.http.post('/server/admin/reminders/reconcile').set('X-Platform-Token', admin)));
  expect(reconciled.map((r) => r.status)).toEqual(apis.map(() => 200));
  await reminders.add('reminder.fire', { reminderId }, { jobId: `${jobId}-again`, removeOnComplete: false });
  await finished(reminders, [`${jobId}-again`]);
  await waitFor('the reminder sent', async () => {
    const [r] = await db.query(`SELECT state FROM reminder WHERE id = $1`, [reminderId]);
    return r.state === 'SENT';
  });
  await waitFor('the reminder job done', async () => (await reminders.getJobState(jobId)) === 'unknown');
  const messages: { user_id: string; n: number }[] = await db.query(
    `SELECT user_id, count(*)::int AS n FROM message WHERE source_key = $1 GROUP BY user_id ORDER BY user_id`,
    [`reminder:${reminderId}`],
  );
  const [{ enabled }] = await db.query(`SELECT array_agg(id::text ORDER BY id) AS enabled FROM app_user WHERE id = ANY($1::uuid[]) AND NOT disabled`, [
    row.officers,
  ]);
  expect(messages.map((m) => m.user_id)).toEqual(enabled);
  expect(messages.every((m) => m.n === 1)).toBe(true);
}
