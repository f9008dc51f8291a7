import type { Job } from 'bullmq';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { Socket } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import type { DataSource } from 'typeorm';
import type { SignedCheckpoint } from '../../server/src/audit/checkpoint';
import { CLOSE_OF_BUSINESS_SCHEDULER_ID } from '../../server/src/close-of-business/close-of-business.handler';
import { QUEUES } from '../../server/src/jobs/queues';
import { HORIZON_SCHEDULER_ID } from '../../server/src/reminders/reminder-queue';
import { AppHandle, createUser, tokenOf } from './support/app';
import {
  expectDueReminderSentOnce,
  finished,
  freePort,
  handleAt,
  killAll,
  migratedDeployment,
  printed,
  Proc,
  queuesOf,
  startServer,
  stopped,
} from './support/deployment';
import { shanghaiDay } from './support/lists';
import { createLoan } from './support/loans';
import { waitFor } from './support/wait';

/** An answer read over one kept-alive connection, so always from the same API process. */
interface Answer {
  status: number;
  body: any;
}

/**
 * Beyond one process: two API deployments on one database of their own and the run's Redis, as
 * `npm start` runs them (the built main.js and worker.js): A with API_PROCESSES=1, B with
 * API_PROCESSES=2 behind its one port (node:cluster), and two worker processes. Sessions and their
 * cache travel through PostgreSQL and Redis (the cache is kept ten minutes here, so that only the
 * invalidation message can make another process refuse at once); what must run once does, whichever
 * worker takes it. Outcomes only: HTTP codes, rows, files, jobs.
 */
describe('scale-out: several API and worker processes on one database and Redis', () => {
  const name = `scale_out_${process.pid}`;
  const prefix = `scale-${process.pid}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gbo-scale-'));
  const checkpointDir = path.join(dataDir, 'checkpoints');
  const procs: Proc[] = [];
  const queues = queuesOf(prefix);
  const queue = queues.open;
  let db: DataSource;
  let a: AppHandle;
  let b: AppHandle;
  let apiA: Proc;
  let apiB: Proc;
  let workers: Proc[];
  let admin: string;
  let env: NodeJS.ProcessEnv;

  function start(name: string, entry: string, extra: NodeJS.ProcessEnv): Proc {
    const proc = startServer(name, entry, { ...env, ...extra });
    procs.push(proc);
    return proc;
  }

  /**
   * A connection of its own, kept alive and never replaced: every answer comes from the process that
   * took the connection (it throws rather than answer from another socket).
   */
  function pinned(port: number) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let socket: Socket | null = null;
    const call = (method: string, url: string, token?: string, body?: unknown): Promise<Answer> =>
      new Promise((resolve, reject) => {
        const data = body === undefined ? undefined : JSON.stringify(body);
        const headers: Record<string, string | number> = {};
        if (token) headers['X-Platform-Token'] = token;
        if (data) Object.assign(headers, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) });
        const req = http.request({ host: '127.0.0.1', port, method, path: url, agent, headers }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : null }));
        });
        req.on('socket', (s: Socket) => {
          if (socket && s !== socket) reject(new Error('the kept connection was replaced: the answer may come from another process'));
          socket = s;
        });
        // a process that never answers fails the test with its reason rather than hang it
        req.setTimeout(15_000, () => req.destroy(new Error(`${method} ${url}: no answer within 15 s`)));
        req.on('error', reject);
        req.end(data);
      });
    return { call, close: () => agent.destroy() };
  }
  type Pin = ReturnType<typeof pinned> & { instance: string };

  /** One kept connection to each of B's processes (told apart by the instance their health answers). */
  async function pinEachOfB(): Promise<Pin[]> {
    const pins = new Map<string, Pin>();
    for (let i = 0; i < 40 && pins.size < 2; i++) {
      const pin = pinned(await b.port());
      const health = await pin.call('GET', '/server/health');
      const instance = health.body.data.instance as string;
      if (pins.has(instance)) pin.close();
      else pins.set(instance, { ...pin, instance });
    }
    if (pins.size < 2) throw new Error(`B answered from ${pins.size} process(es) only`);
    return [...pins.values()];
  }

  /** A fresh connection each time (Connection: close), so that B's processes take turns. */
  const healthOf = async (h: AppHandle) => (await h.http.get('/server/health').set('Connection', 'close').timeout(15_000).expect(200)).body.data;

  /** The process ids whose parent is `pid` (Linux /proc). */
  function childPids(pid: number): number[] {
    return fs
      .readdirSync('/proc')
      .filter((e) => /^\d+$/.test(e))
      .filter((e) => {
        try {
          // "pid (comm) state ppid ...": comm may hold spaces, so read after its closing parenthesis.
          const stat = fs.readFileSync(`/proc/${e}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
        } catch {
          return false;
        }
      })
      .map(Number);
  }
  const running = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  beforeAll(async () => {
    // the built server and the migrate step on its own, before the processes (as npm start does)
    ({ env, db } = await migratedDeployment(name, {
      QUEUE_PREFIX: prefix,
      DATA_DIR: dataDir,
      CHECKPOINT_DIR: checkpointDir,
      HOST: '127.0.0.1',
      // only an invalidation through Redis can make another process drop a cached session within this
      SESSION_CACHE_MS: '600000',
      // a checkpoint is due after each new event, and never for its age
      CHECKPOINT_EVERY: '1',
      CHECKPOINT_MAX_AGE_HOURS: '100000',
    }));

    const [portA, portB] = [await freePort(), await freePort()];
    // A first: it loads the demo data into the empty database; then B and the two workers together
    apiA = start('API A', 'main.js', { PORT: String(portA), API_PROCESSES: '1' });
    await printed(apiA, /ready: /);
    apiB = start('API B', 'main.js', { PORT: String(portB), API_PROCESSES: '2' });
    workers = [1, 2].map((i) => start(`worker ${i}`, 'worker.js', { WORKER_PROCESSES: '2' }));
    await Promise.all([...workers.map((w) => printed(w, /worker ready/)), printed(apiB, /ready: /, 2)]);
    a = await handleAt(`http://127.0.0.1:${portA}`, db);
    b = await handleAt(`http://127.0.0.1:${portB}`, db);
    admin = await tokenOf(a, 'admin');
  }, 300_000);

  afterAll(async () => {
    await queues.close();
    killAll(procs);
    await db?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('GET /server/health answers an instance per process: the same for its life, another for another process', async () => {
    const first = await healthOf(a);
    expect(first).toMatchObject({ postgres: 'up', redis: 'up', instance: expect.any(String) });
    for (let i = 0; i < 3; i++) expect((await healthOf(a)).instance).toBe(first.instance);
    // B: two processes behind one port, each with its own instance, neither A's
    const pins = await pinEachOfB();
    const seen = new Set<string>();
    for (let i = 0; i < 8; i++) seen.add((await healthOf(b)).instance);
    expect([...seen].sort()).toEqual(pins.map((p) => p.instance).sort());
    expect(seen.has(first.instance)).toBe(false);
    for (const pin of pins) {
      expect((await pin.call('GET', '/server/health')).body.data.instance).toBe(pin.instance);
      pin.close();
    }
  });

  it('a user disabled through one API process is refused by the others at their next request', async () => {
    const u = await createUser(a);
    const token = await tokenOf(a, u.username, u.password);
    const pins = await pinEachOfB();
    try {
      // each of B's processes has the session in its cache (kept ten minutes here)
      for (const pin of pins) expect((await pin.call('GET', '/server/user/current', token)).status).toBe(200);
      await a.http.patch(`/server/user/${u.id}/disabled`).set('X-Platform-Token', admin).send({ disabled: true }).expect(200);
      for (const pin of pins) {
        const next = await pin.call('GET', '/server/user/current', token);
        expect([next.status, next.body.code]).toEqual([401, '401']);
      }
    } finally {
      pins.forEach((p) => p.close());
    }
  });

  it("a role's change made through one API process is seen by the others at the holder's next request", async () => {
    const roleName = `扩展${randomUUID().slice(0, 8)}`;
    const role = (
      await a.http
        .post('/server/roles')
        .set('X-Platform-Token', admin)
        .send({ name: roleName, permissions: ['loan_list', 'sys:loan:query'] })
        .expect(201)
    ).body.data;
    const u = await createUser(a, ['ROLE_USER', role.code]);
    const token = await tokenOf(a, u.username, u.password);
    const pins = await pinEachOfB();
    try {
      await a.http.get('/server/loans').set('X-Platform-Token', token).expect(200);
      for (const pin of pins) expect((await pin.call('GET', '/server/loans', token)).status).toBe(200);
      // through the first of B's processes: seen by the second and by A
      const changed = await pins[0].call('PUT', `/server/roles/${role.id}`, admin, { name: roleName, permissions: ['company_list'] });
      expect(changed.status).toBe(200);
      expect((await pins[1].call('GET', '/server/loans', token)).status).toBe(403);
      await a.http.get('/server/loans').set('X-Platform-Token', token).expect(403);
      expect((await pins[1].call('GET', '/server/companies', token)).status).toBe(200);
    } finally {
      pins.forEach((p) => p.close());
    }
  });

  it('a due reminder queued through both API processes and delivered twice is sent once, by one of the two workers', async () => {
    await expectDueReminderSentOnce(db, [a, b], admin, queue(QUEUES.reminders));
  });

  it('the audit checkpoint is written once when both workers try at once', async () => {
    const manifests = () =>
      fs
        .readdirSync(checkpointDir)
        .filter((f) => /^cp-.*\.json$/.test(f))
        .map((f) => JSON.parse(fs.readFileSync(path.join(checkpointDir, f), 'utf8')) as SignedCheckpoint);
    // the schedule's first tick signs the demo data's events
    await waitFor('the first checkpoint', () => fs.existsSync(checkpointDir) && manifests().length > 0, { timeout: 60_000 });
    const apost = await tokenOf(a, 'apost');
    await createLoan(a, apost);
    const [{ max }] = await db.query(`SELECT max(id)::int AS max FROM workflow_event`);
    const maintenance = queue(QUEUES.maintenance);
    const ids = [1, 2].map((i) => `scale-checkpoint-${i}`);
    await maintenance.addBulk(ids.map((jobId) => ({ name: 'audit-checkpoint', data: {}, opts: { jobId, removeOnComplete: false } })));
    await finished(maintenance, ids);
    const jobs = (await Promise.all(ids.map((id) => maintenance.getJob(id)))) as Job[];
    expect(jobs.filter((j) => j.returnvalue?.written).length).toBeLessThanOrEqual(1);
    // one checkpoint holds the new event, and no two checkpoints hold the same events
    const all = manifests();
    expect(all.filter((m) => m.manifest.maxEventId >= max)).toHaveLength(1);
    expect(new Set(all.map((m) => m.manifest.maxEventId)).size).toBe(all.length);
  });

  it('the nightly close of business runs once when both workers take a job for the day; one schedule, one job per night', async () => {
    const maintenance = queue(QUEUES.maintenance);
    const schedulers = await maintenance.getJobSchedulers();
    expect(schedulers.filter((s) => (s.id ?? s.key) === CLOSE_OF_BUSINESS_SCHEDULER_ID)).toHaveLength(1);
    const nights = (await maintenance.getJobs(['delayed', 'waiting', 'active'])).filter((j) => j.id?.startsWith(`repeat:${CLOSE_OF_BUSINESS_SCHEDULER_ID}:`));
    expect(nights).toHaveLength(1);

    const day = shanghaiDay(0);
    const ids = [1, 2].map((i) => `scale-cob-${i}`);
    await maintenance.addBulk(ids.map((jobId) => ({ name: 'close-of-business', data: { day }, opts: { jobId, removeOnComplete: false } })));
    expect(await finished(maintenance, ids)).toEqual(['completed', 'completed']);
    const outcomes = ((await Promise.all(ids.map((id) => maintenance.getJob(id)))) as Job[]).map((j) => j.returnvalue);
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ran)).toEqual([{ day, ran: false, reason: 'finished-or-running' }]);
    const [run] = await db.query(`SELECT attempts, finished_at FROM close_of_business_run WHERE day = $1`, [day]);
    expect(run.attempts).toBe(1);
    expect(run.finished_at).not.toBeNull();
    const steps = await db.query(`SELECT step, attempts, finished_at IS NOT NULL AS done FROM close_of_business_step WHERE day = $1 ORDER BY position`, [day]);
    expect(steps).toEqual(['overdue', 'notify', 'snapshot'].map((step) => ({ step, attempts: 1, done: true })));
  });

  it('the reminder horizon runs once per period with two workers: one schedule, one job per tick', async () => {
    const reminders = queue(QUEUES.reminders);
    expect((await reminders.getJobSchedulers()).filter((s) => (s.id ?? s.key) === HORIZON_SCHEDULER_ID)).toHaveLength(1);
    const ticks = async () => {
      const jobs = (await reminders.getJobs(['completed', 'failed', 'active', 'waiting', 'delayed'])).filter((j) => j.name === 'reminders.horizon');
      const byState = async (state: string) =>
        (await Promise.all(jobs.map(async (j) => ((await j.getState()) === state ? j : null)))).filter((j): j is Job => !!j);
      return { done: await byState('completed'), next: await byState('delayed'), all: jobs };
    };
    // both workers upserted the schedule at their start: its first tick ran once, the next one waits
    const before = await waitFor('the first tick done', async () => {
      const t = await ticks();
      return t.done.length >= 1 && t.next.length >= 1 && t;
    });
    expect(before.done).toHaveLength(1);
    expect(before.next).toHaveLength(1);
    expect(before.all).toHaveLength(2);
    // the next period, brought forward: run once by one of the two workers, and again one tick waits
    await before.next[0].promote();
    const after = await waitFor('the second tick done', async () => {
      const t = await ticks();
      return t.done.length >= 2 && t.next.length >= 1 && t;
    });
    expect(after.done.map((j) => j.id).sort()).toEqual([before.done[0].id, before.next[0].id].sort());
    expect(after.done.every((j) => j.attemptsMade === 1)).toBe(true);
    expect(after.next).toHaveLength(1);
    expect(after.all).toHaveLength(3);
  });

  it("B's primary forks a new API process when one crashes, and stops both on SIGTERM", async () => {
    const pids = childPids(apiB.child.pid!);
    expect(pids).toHaveLength(2);
    const instances = new Set((await pinEachOfB()).map((p) => (p.close(), p.instance)));
    process.kill(pids[0], 'SIGKILL');
    // a third instance answers on B's port: the process forked in place of the one killed
    await waitFor(
      'a new API process on B',
      async () => {
        const health = await healthOf(b).catch(() => null);
        return health && !instances.has(health.instance);
      },
      { timeout: 120_000, interval: 250 },
    );
    const now = childPids(apiB.child.pid!);
    expect(now).toHaveLength(2);
    expect(now).toContain(pids[1]);
    expect(now).not.toContain(pids[0]);

    apiB.child.kill('SIGTERM');
    expect(await stopped(apiB)).toEqual({ code: 0, signal: null });
    expect(now.filter(running)).toEqual([]);
    // the others stop on SIGTERM too, within their stop watchdog (which would exit 1)
    for (const p of [apiA, ...workers]) p.child.kill('SIGTERM');
    for (const p of [apiA, ...workers]) expect((await stopped(p)).code).not.toBe(1);
  }, 180_000);
});
