// Benchmark of the auditor's replay and verify (prints figures, asserts nothing). Run with
// `npm run bench:verify` (default 20,000 loans) or `npm run bench:verify -- --loans 100000`; the script
// starts fresh services and the built server and sets APP_URL, DATABASE_URL, MIGRATION_DATABASE_URL and
// DATA_DIR.
//
// 1. Seeds N loans with seed:scale's code (real histories, keyed chains) and prints its loans/s.
// 2. One loan at a time, on a spread sample: the auditor's endpoint GET /server/loans/:id/history/verify
//    (the real code: load, checkpoint head, replay, compare) and the same code in this process, beside
//    the baseline: the loan's events fetched by one raw query and folded by the pure fold (replay.ts's
//    fold, the same keyed hash and machine) with nothing else. p50/p95 of each, ratio vs the baseline.
//    Beside them, the floor of any signed-in call (GET /server/user/current): what HTTP, the session and
//    the envelope cost before the loan is read at all.
// 3. Every loan verified by `npm run verify -- --all` (the built CLI, as a child process): on one worker
//    thread per core, then in one thread (--workers 0); loans/s and the time 1,000,000 loans would take.
import { loadavg } from 'node:os';
import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Client, Pool } from 'pg';
import { loadAuditKeys } from '../../server/src/audit/audit-keys';
import { fold, verifyLoan } from '../../server/src/audit/replay';
import { loadEvents, loadInstances } from '../../server/src/audit/verify-all';
import { loadConfig } from '../../server/src/config/config';
import { seededLoanId, seedScale } from '../../server/src/demo/seed-scale';
import { reportFigure } from './figures';
import { apiClient, quantile, signIn } from './http';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
// At `npm run bench -- --scale N` the loans are there already (the shared data set): nothing is seeded.
const SEEDED = Number(process.env.BENCH_SEEDED_LOANS ?? 0);
const LOANS = SEEDED || Number(arg('--loans') ?? process.env.BENCH_LOANS ?? 20_000);
// Above this, the one-thread run of every loan (the baseline of the parallel one) would double a long bench: skipped.
const SINGLE_THREAD_UP_TO = 200_000;
const SAMPLE = Number(arg('--sample') ?? 300);
const MILLION = 1_000_000;

const { agent, get } = apiClient(2);

async function main() {
  const config = loadConfig();
  const keys = loadAuditKeys(config, { create: false });
  const key = keys.hmacKey;
  const load = () => loadavg()[0].toFixed(2);

  // 1. The data set.
  if (SEEDED) console.log(`the shared data set: ${SEEDED.toLocaleString('en')} seeded loans`);
  else {
    const seeder = new Client({ connectionString: process.env.MIGRATION_DATABASE_URL ?? process.env.DATABASE_URL });
    // as many connections as `npm run seed:scale` opens
    const more = [new Client({ connectionString: process.env.DATABASE_URL }), new Client({ connectionString: process.env.DATABASE_URL })];
    await Promise.all([seeder.connect(), ...more.map((c) => c.connect())]);
    const seeded = await seedScale(seeder, key, { loans: LOANS, verifySample: 0, more, log: (line) => console.log(`  seed: ${line}`) });
    await Promise.all([seeder.end(), ...more.map((c) => c.end())]);
    const seedRate = seeded.written / seeded.seconds;
    console.log(
      `seeded ${seeded.written} loans (${seeded.events} events, ${(seeded.events / Math.max(1, seeded.written)).toFixed(1)} per loan) in ` +
        `${seeded.seconds.toFixed(1)} s: ${seedRate.toFixed(0)} loans/s; 1,000,000 would take about ${(MILLION / seedRate / 60).toFixed(1)} min (load ${load()})`,
    );
    if (seeded.written) {
      reportFigure('verify', {
        figure: `seed:scale at ${seeded.written.toLocaleString('en')} loans (${(seeded.events / seeded.written).toFixed(1)} events each), 1M extrapolated`,
        value: MILLION / seedRate / 60,
        unit: 'min',
        target: '<= 20 min for 1M',
      });
    }
  }

  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
  const source = { query: (sql: string, params?: unknown[]) => pool.query(sql, params).then((r) => r.rows) } as never;
  const token = await signIn('admin');

  // 2. One loan at a time: endpoint, in-process real code, baseline, interleaved so that load swings hit all three alike.
  const ids = Array.from({ length: SAMPLE }, (_, k) => seededLoanId(Math.floor((k * LOANS) / SAMPLE)));
  const baseline = async (loanId: string) => {
    // One round trip: the events with the instance's input (the genesis hash needs it), then the pure fold.
    const { rows } = await pool.query(
      `SELECT wi.machine_version AS "instanceVersion", wi.input, e.seq, e.type, e.payload, e.actor_id AS "actorId", e.at,
              e.state_from AS "from", e.state_to AS "to", e.machine_version AS "machineVersion", e.prev_hash AS "prevHash", e.hash
         FROM workflow_instance wi LEFT JOIN workflow_event e ON e.loan_id = wi.loan_id WHERE wi.loan_id = $1 ORDER BY e.seq`,
      [loanId],
    );
    // a loan still in its first stage has no event: one row of nulls
    const events = rows.filter((r) => r.seq !== null).map((r) => ({ ...r, at: r.at.toISOString() }));
    const folded = fold({ loanId, machineVersion: rows[0].instanceVersion, input: rows[0].input, snapshot: null, version: 0, lastHash: '' }, events, key);
    if (folded.firstBadSeq !== null) throw new Error(`baseline: ${loanId} does not fold: ${folded.reason}`);
  };
  const inProcess = async (loanId: string) => {
    const [row] = await loadInstances(source, 'loan_id = $1', [loanId]);
    const events = await loadEvents(source, [loanId]);
    const verdict = verifyLoan(row, events.get(loanId) ?? [], null, key);
    if (!verdict.ok) throw new Error(`in process: ${loanId} does not verify: ${verdict.reason}`);
  };
  const endpoint = async (loanId: string) => {
    const verdict = await get(`/loans/${loanId}/history/verify`, token);
    if (!verdict.ok) throw new Error(`endpoint: ${loanId} does not verify: ${verdict.reason}`);
  };
  const floor = async () => {
    await get('/user/current', token);
  };
  const cases = { endpoint, inProcess, baseline, floor };
  const times: Record<keyof typeof cases, number[]> = { endpoint: [], inProcess: [], baseline: [], floor: [] };
  for (const loanId of ids.slice(0, 20)) for (const op of Object.values(cases)) await op(loanId); // warm
  for (const [k, loanId] of ids.entries()) {
    const order = (['endpoint', 'inProcess', 'baseline', 'floor'] as const).map((_, i, all) => all[(i + k) % all.length]);
    for (const name of order) {
      const t = performance.now();
      await cases[name](loanId);
      times[name].push(performance.now() - t);
    }
  }
  const p50 = (name: keyof typeof cases) => quantile(times[name], 0.5);
  const p95 = (name: keyof typeof cases) => quantile(times[name], 0.95);
  console.log(`\n### Replay and verify of one loan (${SAMPLE} loans, ms; load ${load()})\n`);
  console.log('| path | p50 | p95 | p50 ratio | p95 ratio |');
  console.log('|---|--:|--:|--:|--:|');
  for (const name of ['endpoint', 'inProcess', 'baseline', 'floor'] as const) {
    console.log(
      `| ${name} | ${p50(name).toFixed(2)} | ${p95(name).toFixed(2)} | ${(p50(name) / p50('baseline')).toFixed(2)}x | ${(p95(name) / p95('baseline')).toFixed(2)}x |`,
    );
  }
  reportFigure('verify', {
    figure: 'one loan: GET /loans/:id/history/verify p50 vs event fetch + pure fold',
    value: p50('endpoint'),
    baseline: p50('baseline'),
    unit: 'ms',
    target: '<= 2x',
  });
  reportFigure('verify', {
    figure: 'one loan: GET /loans/:id/history/verify p95 vs event fetch + pure fold',
    value: p95('endpoint'),
    baseline: p95('baseline'),
    unit: 'ms',
    target: '<= 2x',
  });

  // 3. Every loan, by the auditor's command.
  const cli = (workers: number) => {
    const started = performance.now();
    const r = spawnSync(process.execPath, ['server/dist/server/src/audit/verify-cli.js', '--all', '--workers', String(workers)], {
      encoding: 'utf8',
      env: process.env,
    });
    const seconds = (performance.now() - started) / 1000;
    const checked = Number(/loans: (\d+) checked/.exec(r.stdout)?.[1] ?? 0);
    const events = Number(/checked \((\d+) events\)/.exec(r.stdout)?.[1] ?? 0);
    if (r.status !== 0 || !checked) console.log(`verify --all --workers ${workers} exited ${r.status}:\n${r.stdout.slice(-2000)}${r.stderr.slice(-2000)}`);
    const cpuSeconds = Number(/([\d.]+) s CPU\)/.exec(r.stdout)?.[1] ?? NaN);
    const rate = checked / seconds;
    console.log(
      `verify --all --workers ${workers}: ${checked} loans (${events} events) in ${seconds.toFixed(1)} s: ${rate.toFixed(0)} loans/s; ` +
        `1,000,000 loans would take about ${(MILLION / rate / 60).toFixed(1)} min (load ${load()}); ` +
        `${((cpuSeconds / checked) * 1000).toFixed(2)} ms CPU per loan in the command (PostgreSQL's apart)`,
    );
    return { checked, rate, cpuPerLoan: cpuSeconds / checked };
  };
  console.log('');
  const workers = cpus().length;
  const parallel = cli(workers);
  const single = LOANS <= SINGLE_THREAD_UP_TO ? cli(0) : null;
  const measured =
    parallel.checked >= MILLION
      ? `all ${parallel.checked.toLocaleString('en')} loans, measured`
      : `${parallel.checked.toLocaleString('en')} loans, 1M extrapolated`;
  reportFigure('verify', {
    figure: `verify --all (${workers} worker threads) at ${measured}${single ? '; baseline: one thread' : ''}`,
    value: MILLION / parallel.rate / 60,
    baseline: single ? MILLION / single.rate / 60 : undefined,
    unit: 'min',
    target: '<= 30 min for 1M',
  });
  // What the same work takes with the cores to itself: the command's CPU per loan spread over every core.
  const cpuBound = (parallel.cpuPerLoan * MILLION) / workers / 60;
  console.log(
    `with the ${workers} cores free, the replay's CPU alone for 1,000,000 loans: about ${cpuBound.toFixed(1)} min on ${workers} workers ` +
      (single ? `(one thread: ${((single.cpuPerLoan * MILLION) / 60).toFixed(1)} min)` : ''),
  );
  reportFigure('verify', {
    figure: `verify --all: the command's CPU per loan x 1M / ${workers} cores (load-independent; PostgreSQL's CPU apart)`,
    value: cpuBound,
    unit: 'min',
    target: '<= 30 min for 1M',
  });
  await pool.end();
  agent.destroy();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
