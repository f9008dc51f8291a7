// Benchmark of the workflow engine (prints figures, asserts nothing). Run with `npm run bench:workflow`,
// which starts fresh services and the built server and sets APP_URL and DATABASE_URL.
//
// 1. Transitions per second through the API (POST /loans/:id/events) at concurrency 1, 8 and 32,
//    beside a raw-SQL baseline of the same transaction shape (select version, conditional update,
//    insert event) on the same PostgreSQL, measured in the same run.
// 2. Replay of a 40-event history per event: through the API (GET history/at/40: load, hash checks,
//    fold) beside the pure machine fold (replay in memory).
import { constants, publicEncrypt } from 'node:crypto';
import * as http from 'node:http';
import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import { eventFromRecord, exampleContent, replay, type GuaranteeInput } from '../../workflow/src';
import { reportFigure } from './figures';

const BASE = process.env.APP_URL ?? 'http://127.0.0.1:3000';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const LEVELS = [1, 8, 32];
const SUBMIT = { completeDataTypes: ['CLIENT', 'INQUIRY', 'AGENT', 'REPORT'] };

// A plain keep-alive client: fetch costs the 2-core machine enough CPU to distort the server's figures.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const { hostname, port } = new URL(BASE);

function call(method: string, path: string, token: string | null, body?: unknown): Promise<any> {
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        hostname,
        port,
        method,
        path: `/server${path}`,
        headers: {
          'content-type': 'application/json',
          ...(data ? { 'content-length': Buffer.byteLength(data) } : {}),
          ...(token ? { 'X-Platform-Token': token } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          if (!['A00000', 'A00103'].includes(json.code)) reject(new Error(`${method} ${path}: ${res.statusCode} ${JSON.stringify(json)}`));
          else resolve(json.data);
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

async function login(username: string, publicKey: string): Promise<string> {
  const password = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(process.env.DEMO_PASSWORD || 'Demo@2026')).toString(
    'base64',
  );
  const res = await fetch(`${BASE}/server/open/auth/platformLogin/PLATFORM`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ checkStatus: true, username, password }),
  });
  return ((await res.json()) as any).extras['x-platform-token'];
}

function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

interface Run {
  ops: number;
  seconds: number;
  p50: number;
  p99: number;
}

/** `workers` loops, each doing `op(i)` back to back for SECONDS; latency of each op in ms. */
async function measure(workers: number, op: (worker: number, n: number) => Promise<void>): Promise<Run> {
  const latencies: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let n = 0; performance.now() < end; n++) {
        const t = performance.now();
        await op(w, n);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return { ops: latencies.length, seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

async function main() {
  const { publicKey } = await call('GET', '/open/auth/public-key', null);
  const apost = await login('apost', publicKey);
  const admin = await login('admin', publicKey);
  // As the owner: the baseline creates its own tables, and the application's role owns nothing (it may not).
  const pool = new Pool({ connectionString: process.env.MIGRATION_DATABASE_URL || process.env.DATABASE_URL, max: 40 });

  // The baseline's tables: the same columns that matter, the same snapshot size.
  const [{ snapshot: sample }] = (await pool.query(`SELECT snapshot FROM workflow_instance ORDER BY version DESC LIMIT 1`)).rows;
  await pool.query(`DROP TABLE IF EXISTS bench_event; DROP TABLE IF EXISTS bench_instance;
    CREATE TABLE bench_instance (id int PRIMARY KEY, version int NOT NULL, snapshot jsonb NOT NULL);
    CREATE TABLE bench_event (id bigserial PRIMARY KEY, instance_id int NOT NULL, seq int NOT NULL, type text, payload jsonb, actor_id uuid,
      at timestamptz, state_from jsonb, state_to jsonb, prev_hash char(64), hash char(64), UNIQUE (instance_id, seq))`);

  const rows: string[] = [];
  for (const level of LEVELS) {
    // API: each worker alternates submit (A-post) and return (another officer) on a loan of its own.
    const { id: companyId } = await call('POST', '/companies', apost, { name: `基准测试企业 ${level}`, creditCode: await freshCreditCode(pool) });
    const loans: { id: string; version: number }[] = [];
    for (let i = 0; i < level; i++) {
      const loan = await call('POST', '/loans', apost, { companyId, amount: 1_000_000, termMonths: 12 });
      // Submitting is judged on the saved customer data: store a complete set once per loan.
      await call('PUT', `/loans/${loan.id}/data/CLIENT`, apost, { content: exampleContent('CLIENT'), expectedVersion: 0 });
      loans.push({ id: loan.id, version: 0 });
    }
    const api = await measure(level, async (w) => {
      const loan = loans[w];
      const submit = loan.version % 2 === 0;
      const body = submit
        ? { type: 'SUBMIT_MATERIALS', payload: SUBMIT, expectedVersion: loan.version }
        : { type: 'RETURN_MATERIALS', payload: { reason: '基准测试退回' }, expectedVersion: loan.version };
      const view = await call('POST', `/loans/${loan.id}/events`, submit ? apost : admin, body);
      loan.version = view.version;
    });

    // Raw SQL: the same transaction shape on rows of its own.
    const base = level * 1000;
    await pool.query(`INSERT INTO bench_instance (id, version, snapshot) SELECT g, 0, $1 FROM generate_series($2::int, $3::int) g`, [
      sample,
      base,
      base + level - 1,
    ]);
    const raw = await measure(level, async (w) => {
      const id = base + w;
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const {
          rows: [inst],
        } = await client.query(`SELECT version, snapshot FROM bench_instance WHERE id = $1`, [id]);
        const updated = await client.query(`UPDATE bench_instance SET version = version + 1, snapshot = $3 WHERE id = $1 AND version = $2`, [
          id,
          inst.version,
          inst.snapshot,
        ]);
        if (updated.rowCount !== 1) throw new Error('lost the race in the baseline');
        await client.query(
          `INSERT INTO bench_event (instance_id, seq, type, payload, actor_id, at, state_from, state_to, prev_hash, hash)
           VALUES ($1, $2, 'SUBMIT_MATERIALS', $3, gen_random_uuid(), now(), '{"collection":"submitted"}', '{"collection":"returned"}', $4, $4)`,
          [id, inst.version + 1, SUBMIT, 'f'.repeat(64)],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    });
    const apiTps = api.ops / api.seconds;
    const rawTps = raw.ops / raw.seconds;
    reportFigure('workflow', {
      figure: `transitions through the API, concurrency ${level} (baseline: the same statements raw)`,
      value: Math.round(apiTps),
      unit: 'events/s',
      baseline: Math.round(rawTps),
      target: '>= 0.6x the raw rate',
    });
    reportFigure('workflow', {
      figure: `transition p99, concurrency ${level} (baseline: raw p99)`,
      value: Number(api.p99.toFixed(1)),
      unit: 'ms',
      baseline: Number(raw.p99.toFixed(1)),
      target: '<= 3x raw p99',
    });
    rows.push(
      `| ${String(level).padStart(2)} | ${apiTps.toFixed(0).padStart(6)} | ${api.p50.toFixed(1).padStart(6)} | ${api.p99.toFixed(1).padStart(6)} | ` +
        `${rawTps.toFixed(0).padStart(6)} | ${raw.p50.toFixed(1).padStart(6)} | ${raw.p99.toFixed(1).padStart(6)} | ${(apiTps / rawTps).toFixed(2).padStart(5)} |`,
    );
  }
  console.log(`\nTransitions per second, ${SECONDS} s per level (API: POST /server/loans/:id/events; raw: same transaction in SQL)\n`);
  console.log('| conc | API/s | p50 ms | p99 ms | raw/s | p50 ms | p99 ms | ratio |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
  rows.forEach((r) => console.log(r));

  // Replay: the closed demo loan has the longest history; take its first 40 events.
  const {
    rows: [closed],
  } = await pool.query(`SELECT loan_id, input FROM workflow_instance WHERE stage = 'closed' ORDER BY version DESC LIMIT 1`);
  const history: any[] = await call('GET', `/loans/${closed.loan_id}/history`, admin);
  const forty = history.slice(0, 40);
  if (forty.length < 40) throw new Error(`the closed demo loan has only ${forty.length} events`);
  const events = forty.map((e) => eventFromRecord({ type: e.type, payload: e.payload, actorId: e.actor.id, at: e.time }));
  const REPS = 30;
  let t = performance.now();
  for (let i = 0; i < REPS; i++) await call('GET', `/loans/${closed.loan_id}/history/at/40`, admin);
  const apiPerEvent = (performance.now() - t) / REPS / 40;
  t = performance.now();
  for (let i = 0; i < REPS; i++) replay(closed.input as GuaranteeInput, events);
  const purePerEvent = (performance.now() - t) / REPS / 40;
  console.log(
    `\nReplay of a 40-event history, mean of ${REPS}: API (GET history/at/40) ${(apiPerEvent * 1000).toFixed(0)} µs/event; ` +
      `pure machine fold ${(purePerEvent * 1000).toFixed(0)} µs/event; ratio ${(apiPerEvent / purePerEvent).toFixed(1)}x`,
  );
  reportFigure('workflow', {
    figure: 'replay of a 40-event history per event (baseline: pure machine fold)',
    value: Number((apiPerEvent * 1000).toFixed(0)),
    unit: 'µs/event',
    baseline: Number((purePerEvent * 1000).toFixed(0)),
    target: '<= 2x (event fetch + fold; this baseline is the fold alone)',
  });
  await pool.end();
  agent.destroy();
}

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
async function freshCreditCode(pool: Pool): Promise<string> {
  const {
    rows: [{ n }],
  } = await pool.query(`SELECT count(*)::int AS n FROM company`);
  const first = `9131000${String(5000000000 + n * 104729).slice(0, 10)}`;
  const sum = [...first].reduce((acc, ch, i) => acc + ALPHABET.indexOf(ch) * WEIGHTS[i], 0);
  return first + ALPHABET[(31 - (sum % 31)) % 31];
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
