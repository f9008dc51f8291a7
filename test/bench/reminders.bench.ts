// Benchmark of the reminder queueing (prints figures, asserts nothing). Run with `npm run bench:reminders`,
// which starts fresh services and the built server (its migrations and demo data) and sets DATABASE_URL,
// MIGRATION_DATABASE_URL and REDIS_URL.
//
// 1. Scheduling 100,000 reminders (the horizon job: read from PostgreSQL, addBulk as delayed jobs under
//    their own ids) beside raw BullMQ addBulk of 100,000 delayed jobs, in the same run (ratio).
// 2. Redis memory per queued reminder (used_memory before and after, on an emptied Redis).
// 3. The hourly horizon job's time with BENCH_REMINDER_ROWS reminder rows (default 1,000,000), most of
//    them beyond the horizon as in real life, the 100,000 within it already queued.
// 4. Firing lateness p50/p99: the built worker process sends BENCH_LATENESS reminders (default 2,000)
//    whose fire times are spread over BENCH_LATENESS_SECONDS (default 20).
import { Queue } from 'bullmq';
import { spawn } from 'node:child_process';
import IORedis from 'ioredis';
import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import { queueWithinHorizon } from '../../server/src/reminders/reminder-queue';
import { reportFigure } from './figures';

const WITHIN = Number(process.env.BENCH_WITHIN ?? 100_000);
const TOTAL = Number(process.env.BENCH_REMINDER_ROWS ?? 1_000_000);
const LATENESS = Number(process.env.BENCH_LATENESS ?? 2000);
const LATENESS_SECONDS = Number(process.env.BENCH_LATENESS_SECONDS ?? 20);
const DAY = 86_400_000;

async function usedMemory(redis: IORedis): Promise<number> {
  const info = await redis.info('memory');
  return Number(/used_memory:(\d+)/.exec(info)![1]);
}

async function main() {
  const owner = new Pool({ connectionString: process.env.MIGRATION_DATABASE_URL ?? process.env.DATABASE_URL, max: 2 });
  const db = { query: (sql: string, params?: unknown[]) => owner.query(sql, params).then((r) => r.rows) } as unknown as DataSource;
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const u = new URL(redisUrl);
  const connection = { host: u.hostname, port: Number(u.port || 6379), maxRetriesPerRequest: null };
  const redis = new IORedis(connection);
  const now = new Date();

  const [{ id: loanId }] = (await owner.query(`SELECT id FROM loan ORDER BY created_at LIMIT 1`)).rows;
  await owner.query(`DELETE FROM reminder WHERE job_id LIKE 'bench-%'`);
  let t0 = performance.now();
  await owner.query(
    `INSERT INTO reminder (loan_id, kind, due_at, fire_at, job_id)
     SELECT $1, 'REPAYMENT', $2::timestamptz + (g % 600) * interval '1 hour' + interval '7 days', $2::timestamptz + (g % 160) * interval '1 hour' + interval '1 minute',
            'bench-' || g FROM generate_series(1, $3) g`,
    [loanId, now, WITHIN],
  );
  console.log(`inserted ${WITHIN.toLocaleString('en')} reminders within the horizon in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // 1. raw addBulk of the same number of delayed jobs, then the horizon job, on an emptied Redis each
  await redis.flushdb();
  const raw = new Queue('bench-raw', { connection, prefix: 'bench' });
  const mem0 = await usedMemory(redis);
  t0 = performance.now();
  for (let i = 0; i < WITHIN; i += 5000) {
    await raw.addBulk(
      Array.from({ length: Math.min(5000, WITHIN - i) }, (_, k) => ({
        name: 'reminder.fire',
        data: { reminderId: `00000000-0000-4000-8000-${String(i + k).padStart(12, '0')}` },
        opts: { jobId: `raw-${i + k}`, delay: ((i + k) % 160) * 3600_000, removeOnComplete: true, removeOnFail: true },
      })),
    );
  }
  const rawSeconds = (performance.now() - t0) / 1000;
  const rawBytes = (await usedMemory(redis)) - mem0;
  await raw.close();

  await redis.flushdb();
  const queue = new Queue('reminders', { connection, prefix: 'bench' });
  const mem1 = await usedMemory(redis);
  t0 = performance.now();
  const first = await queueWithinHorizon(db, queue, now, 7);
  const ourSeconds = (performance.now() - t0) / 1000;
  const ourBytes = (await usedMemory(redis)) - mem1;
  console.log(`raw BullMQ addBulk:     ${WITHIN.toLocaleString('en')} delayed jobs in ${rawSeconds.toFixed(2)} s (${Math.round(WITHIN / rawSeconds)} jobs/s)`);
  console.log(
    `reminders horizon job:  ${first.queued.toLocaleString('en')} reminders in ${ourSeconds.toFixed(2)} s (${Math.round(first.queued / ourSeconds)} /s); ratio to raw ${(ourSeconds / rawSeconds).toFixed(2)}`,
  );
  reportFigure('reminders', {
    figure: `horizon job queueing ${WITHIN.toLocaleString('en')} reminders (baseline: raw BullMQ addBulk)`,
    value: Number(ourSeconds.toFixed(2)),
    unit: 's',
    baseline: Number(rawSeconds.toFixed(2)),
  });
  // 2. memory
  console.log(`Redis memory per queued reminder: ${Math.round(ourBytes / first.queued)} bytes (raw job: ${Math.round(rawBytes / WITHIN)} bytes)`);

  // 3. the horizon job with TOTAL rows, the rest beyond the horizon
  const beyond = Math.max(0, TOTAL - WITHIN);
  t0 = performance.now();
  await owner.query(
    `INSERT INTO reminder (loan_id, kind, due_at, fire_at, job_id)
     SELECT $1, 'MATURITY', $2::timestamptz + interval '30 days' + (g % 8000) * interval '1 hour', $2::timestamptz + interval '8 days' + (g % 8000) * interval '1 hour',
            'bench-far-' || g FROM generate_series(1, $3) g`,
    [loanId, now, beyond],
  );
  await owner.query(`ANALYZE reminder`);
  console.log(`inserted ${beyond.toLocaleString('en')} more reminders beyond the horizon in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  t0 = performance.now();
  const again = await queueWithinHorizon(db, queue, now, 7);
  const againSeconds = (performance.now() - t0) / 1000;
  const jobs = await queue.getJobCountByTypes('delayed', 'waiting');
  console.log(
    `horizon job at ${(WITHIN + beyond).toLocaleString('en')} reminder rows: ${againSeconds.toFixed(2)} s (scanned ${again.scanned.toLocaleString('en')}, all already queued; jobs in Redis after: ${jobs.toLocaleString('en')})`,
  );
  reportFigure('reminders', {
    figure: `horizon job at ${(WITHIN + beyond).toLocaleString('en')} reminder rows`,
    value: Number(againSeconds.toFixed(2)),
    unit: 's',
  });
  t0 = performance.now();
  const empty = await queueWithinHorizon(db, queue, new Date(now.getTime() - 30 * DAY), 1);
  console.log(`horizon job with nothing due (index only): ${((performance.now() - t0) * 1).toFixed(1)} ms (scanned ${empty.scanned})`);

  await queue.close();
  await owner.query(`DELETE FROM reminder WHERE job_id LIKE 'bench-%'`);
  await redis.flushdb();

  // 4. firing lateness: the built worker process sends LATENESS reminders whose fire times are spread
  //    over the next LATENESS_SECONDS (sent_at - fire_at, by the database's clock)
  const start = new Date(Date.now() + 5000);
  const ids: string[] = (
    await owner.query(
      `INSERT INTO reminder (loan_id, kind, due_at, fire_at, job_id)
       SELECT $1, 'MATURITY', $2::timestamptz + interval '1 day', $2::timestamptz + (g * $4 / $3) * interval '1 millisecond', 'bench-late-' || g
         FROM generate_series(1, $3) g RETURNING id`,
      [loanId, start, LATENESS, LATENESS_SECONDS * 1000],
    )
  ).rows.map((r: { id: string }) => r.id);
  const child = spawn(process.execPath, ['server/dist/server/src/worker.js'], { env: { ...process.env, QUEUE_PREFIX: 'bench-late' }, stdio: 'ignore' });
  try {
    const deadline = Date.now() + (LATENESS_SECONDS + 120) * 1000;
    for (;;) {
      const [{ n }] = (await owner.query(`SELECT count(*)::int AS n FROM reminder WHERE id = ANY($1) AND state = 'SENT'`, [ids])).rows;
      if (n === LATENESS || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    child.kill('SIGTERM');
  }
  const late: number[] = (
    await owner.query(`SELECT extract(epoch FROM (sent_at - fire_at)) * 1000 AS ms FROM reminder WHERE id = ANY($1) AND state = 'SENT' ORDER BY 1`, [ids])
  ).rows.map((r: { ms: string }) => Number(r.ms));
  const pct = (p: number) => late[Math.min(late.length - 1, Math.floor((p / 100) * late.length))];
  console.log(
    `firing lateness of ${late.length.toLocaleString('en')} of ${LATENESS.toLocaleString('en')} reminders over ${LATENESS_SECONDS} s (one worker process): p50 ${pct(50).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms, max ${late[late.length - 1]?.toFixed(0)} ms`,
  );
  reportFigure('reminders', {
    figure: `firing lateness p99, ${LATENESS.toLocaleString('en')} reminders over ${LATENESS_SECONDS} s`,
    value: Math.round(pct(99)),
    unit: 'ms',
  });
  await owner.query(`DELETE FROM message WHERE source_key = ANY($1)`, [ids.map((id) => `reminder:${id}`)]);
  await owner.query(`DELETE FROM reminder WHERE id = ANY($1)`, [ids]);
  await redis.flushdb();
  redis.disconnect();
  await owner.end();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
