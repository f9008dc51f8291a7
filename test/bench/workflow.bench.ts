// Benchmark of the workflow engine (prints figures, asserts nothing). Run with `npm run bench:workflow`,
// which starts fresh services and the built server and sets APP_URL and DATABASE_URL.
//
// 1. Transitions per second through the API (POST /loans/:id/events) at concurrency 1, 8 and 32,
//    beside the raw baseline, like with like:
//    - the same statement: the one the API sends for such an event (COMMIT_STEP_SQL: version and
//      last-hash check, instance update, event with its chain hash, outbox rows), as the same named
//      (prepared) statement, as the same role, with the same parameters the API computes for the same
//      two steps (computed before the clock starts: only version, hashes and time change per call);
//    - the same connections: a pool of the API's own size (POOL_MAX), one connection checked out and
//      released per statement, as the API does;
//    - the same loans: made the same way, each worker on one of its own.
//    What the API sends beyond that statement, and the raw side does not: the history log's row of
//    each request (history.writer.ts: batched, after the answer, on its own connection). The session
//    lookup and SUBMIT_MATERIALS' completeness read come from the process's caches after the first call.
//    Beside them, the floor of the HTTP stack: a public answer with no database work (GET
//    /open/auth/public-key); the API's rate cannot exceed it.
// 2. Replay of a 40-event history per event: through the API (GET history/at/40: load, hash checks,
//    fold) beside the pure machine fold (replay in memory).
import { constants, publicEncrypt } from 'node:crypto';
import * as http from 'node:http';
import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import {
  applyEvent,
  eventFromRecord,
  payloadOf,
  exampleContent,
  replay,
  type GuaranteeEvent,
  type GuaranteeInput,
  type PersistedSnapshot,
} from '../../workflow/src';
import { effectJobPayload } from '../../server/src/jobs/queues';
import { COMMIT_STEP_NAME, COMMIT_STEP_SQL, commitStepParams } from '../../server/src/workflow/commit-step';
import { POOL_MAX } from '../../server/src/database/database.module';
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
  // As the application's role, like the API: the baseline writes the same tables, over as many connections.
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: POOL_MAX });

  const users = new Map<string, string>(
    (await pool.query(`SELECT username, id FROM app_user WHERE username IN ('apost', 'admin')`)).rows.map((r) => [r.username, r.id]),
  );

  const rows: string[] = [];
  for (const level of LEVELS) {
    // Each worker alternates submit (A-post) and return (another officer) on a loan of its own; the
    // API's loans and the baseline's are made the same way.
    const { id: companyId } = await call('POST', '/companies', apost, { name: `基准测试企业 ${level}`, creditCode: await freshCreditCode(pool) });
    const newLoans = async () => {
      const made: { id: string; version: number }[] = [];
      for (let i = 0; i < level; i++) {
        const loan = await call('POST', '/loans', apost, { companyId, amount: 1_000_000, termMonths: 12 });
        // Submitting is judged on the saved customer data: store a complete set once per loan.
        await call('PUT', `/loans/${loan.id}/data/CLIENT`, apost, { content: exampleContent('CLIENT'), expectedVersion: 0 });
        made.push({ id: loan.id, version: 0 });
      }
      return made;
    };
    const loans = await newLoans();
    // Sockets idle since the last phase may be past the server's keep-alive timeout: start with fresh ones.
    agent.destroy();
    const api = await measure(level, async (w) => {
      const loan = loans[w];
      const submit = loan.version % 2 === 0;
      const body = submit
        ? { type: 'SUBMIT_MATERIALS', payload: SUBMIT, expectedVersion: loan.version }
        : { type: 'RETURN_MATERIALS', payload: { reason: '基准测试退回' }, expectedVersion: loan.version };
      const view = await call('POST', `/loans/${loan.id}/events`, submit ? apost : admin, body);
      loan.version = view.version;
    });

    // Raw: the same statement on loans of its own, with the parameters the API would compute for the
    // same two steps (computed here before timing; only version, hashes and time change per call).
    const rawLoans = await Promise.all((await newLoans()).map((loan) => rawStepsFor(pool, loan.id, users)));
    const raw = await measure(level, async (w) => {
      const loan = rawLoans[w];
      const params = [...loan.steps[loan.version % 2]];
      const hash = (loan.version + 1).toString(16).padStart(64, '0');
      params[1] = loan.version;
      params[5] = hash;
      params[9] = new Date().toISOString();
      params[13] = loan.lastHash;
      const {
        rows: [row],
      } = await pool.query({ name: COMMIT_STEP_NAME, text: COMMIT_STEP_SQL, values: params });
      if (row.applied !== 1) throw new Error('the baseline lost its own step');
      loan.version += 1;
      loan.lastHash = hash;
    });

    // The HTTP stack alone: routing, guards, envelope, a small JSON answer, no database.
    agent.destroy();
    const floor = await measure(level, async () => {
      await call('GET', '/open/auth/public-key', null);
    });

    const apiTps = api.ops / api.seconds;
    const rawTps = raw.ops / raw.seconds;
    const floorTps = floor.ops / floor.seconds;
    reportFigure('workflow', {
      figure: `transitions through the API, concurrency ${level} (baseline: the same statement raw)`,
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
    reportFigure('workflow', {
      figure: `HTTP floor, concurrency ${level}: GET /open/auth/public-key, no database (baseline: the raw statement)`,
      value: Math.round(floorTps),
      unit: 'answers/s',
      baseline: Math.round(rawTps),
      target: 'context: the API rate cannot exceed this',
    });
    const cell = (n: number, digits = 1) => n.toFixed(digits).padStart(6);
    rows.push(
      `| ${String(level).padStart(2)} | ${cell(apiTps, 0)} | ${cell(rawTps, 0)} | ${(apiTps / rawTps).toFixed(2).padStart(5)} | ` +
        `${cell(api.p50)} | ${cell(raw.p50)} | ${cell(api.p99)} | ${cell(raw.p99)} | ${(api.p99 / raw.p99).toFixed(2).padStart(5)} | ${cell(floorTps, 0)} |`,
    );
  }
  console.log(`\nTransitions per second, ${SECONDS} s per level (API: POST /server/loans/:id/events; raw: the same statement sent with pg)\n`);
  console.log('| conc | API/s | raw/s | ratio | API p50 ms | raw p50 ms | API p99 ms | raw p99 ms | p99 ratio | HTTP floor/s |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
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

interface RawLoan {
  version: number;
  lastHash: string;
  /** COMMIT_STEP_SQL's parameters for submit (index 0) and return (index 1). */
  steps: [unknown[], unknown[]];
}

/** The parameters the API computes for one loan's submit and return, from its stored instance. */
async function rawStepsFor(pool: Pool, loanId: string, users: Map<string, string>): Promise<RawLoan> {
  const {
    rows: [row],
  } = await pool.query(`SELECT snapshot, version, last_hash, machine_version FROM workflow_instance WHERE loan_id = $1`, [loanId]);
  const versions = Object.fromEntries(
    (await pool.query(`SELECT type, version FROM loan_data WHERE loan_id = $1`, [loanId])).rows.map((r) => [r.type, r.version]),
  ) as Record<string, number>;
  const at = new Date().toISOString();
  const step = (from: PersistedSnapshot, event: GuaranteeEvent, loanDataVersions: Record<string, number> | null) => {
    const result = applyEvent(from, event);
    if (!result.accepted) throw new Error(`baseline step refused: ${result.reason.en}`);
    const params = commitStepParams({
      loanId,
      expectedVersion: 0,
      snapshot: result.snapshot,
      stage: result.stage,
      status: String(result.statusLabels.status.key).slice(0, 40),
      event: {
        type: event.type,
        payload: payloadOf(event),
        actorId: event.actorId,
        at,
        from: from.value,
        to: result.snapshot.value,
        machineVersion: row.machine_version,
        prevHash: '',
        hash: '',
      },
      outbox: result.effects.map((effect) => ({ topic: effect.type, payload: effectJobPayload(effect, loanId, 1) })),
      loanDataVersions,
    });
    return { params, snapshot: result.snapshot };
  };
  const submitted = step(row.snapshot, { type: 'SUBMIT_MATERIALS', ...SUBMIT, actorId: users.get('apost')!, at } as unknown as GuaranteeEvent, versions);
  const returned = step(submitted.snapshot, { type: 'RETURN_MATERIALS', reason: '基准测试退回', actorId: users.get('admin')!, at } as GuaranteeEvent, null);
  return { version: row.version, lastHash: row.last_hash, steps: [submitted.params, returned.params] };
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
