// Benchmarks: figures, not assertions.
//   node scripts/bench.mjs NAME   one bench (test/bench/NAME.bench.ts) against fresh local services and
//                                 the built server (`npm run bench:workflow`, `bench:reminders`, `bench:web`)
//   node scripts/bench.mjs        every bench (`npm run bench`): workflow, reminders, web, then any other
//                                 test/bench/*.bench.ts, each in its own run as above; then one table of
//                                 their figures (test/bench/figures.ts) with the machine's load average
//                                 beside each, written to test/bench/RESULTS.md and into docs/benchmarks.md.
//   --only a,b                    only these benches (the table then holds only their figures)
//   --scale N (or BENCH_SCALE=N)  the benches that read loans (SCALE_BENCHES) share one data set of N
//                                 loans made by seed:scale, in a cluster kept between runs
//                                 (.data/bench-scale): seeded once, its wall time a figure of its own,
//                                 and resumed (not redone) by a later run. `npm run bench -- --scale 1000000`
//                                 is the issue's million-loan table.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { ROOT, buildIfStale, ensureDependencies, freePort, log, run, shutdown, startChild, startPostgres, startRedis, waitForHealth } from './lib.mjs';

const BENCH_DIR = path.join(ROOT, 'test', 'bench');
// The issue's table first; then whatever else test/bench holds (statistics, slow at a million loans, last).
const FIRST = ['workflow', 'reminders', 'web', 'lists', 'export', 'verify'];
const RESULTS = path.join(BENCH_DIR, 'RESULTS.md');
/** The benchmarks page holds the same table between its markers. */
const BENCH_DOC = path.join(ROOT, 'docs', 'benchmarks.md');
const MARK_START = '<!-- bench-results:start -->';
const MARK_END = '<!-- bench-results:end -->';
/** The benches that read the loans rather than write their own: at --scale they get the shared data set. */
const SCALE_BENCHES = ['lists', 'verify', 'web', 'statistics', 'close-of-business', 'custody', 'stuck'];
const SCALE_DIR = path.join(ROOT, '.data', 'bench-scale');
const SCALE_MARK = path.join(SCALE_DIR, 'seeded.json');

/** The benches named by --only a,b (all when not given). */
function onlyOf(argv) {
  const i = argv.indexOf('--only');
  return i >= 0 ? argv[i + 1].split(',').filter(Boolean) : null;
}

/** N from --scale N or BENCH_SCALE, 0 when neither. */
function scaleOf(argv) {
  const i = argv.indexOf('--scale');
  const n = Number(i >= 0 ? argv[i + 1] : (process.env.BENCH_SCALE ?? 0));
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--scale wants a whole number of loans, not ${argv[i + 1]}`);
  return n;
}

/** The bench names: the known ones first, then whatever else test/bench holds. */
function benchNames() {
  const found = fs
    .readdirSync(BENCH_DIR)
    .filter((f) => f.endsWith('.bench.ts'))
    .map((f) => f.slice(0, -'.bench.ts'.length));
  return [...FIRST.filter((n) => found.includes(n)), ...found.filter((n) => !FIRST.includes(n)).sort()];
}

async function runOne(name, scale) {
  if (name !== 'seed' && !fs.existsSync(path.join(BENCH_DIR, `${name}.bench.ts`))) throw new Error(`no bench test/bench/${name}.bench.ts`);
  const web = name === 'web';
  const scaled = scale > 0 && (name === 'seed' || SCALE_BENCHES.includes(name));
  ensureDependencies();
  buildIfStale(web ? ['workflow', 'server', 'web'] : ['workflow', 'server']);
  const dir = scaled ? SCALE_DIR : path.join(ROOT, '.data', 'bench');
  let seeded = 0;
  if (scaled && name !== 'seed') {
    seeded = fs.existsSync(SCALE_MARK) ? JSON.parse(fs.readFileSync(SCALE_MARK, 'utf8')).loans : 0;
    if (seeded !== scale)
      throw new Error(`the shared data set holds ${seeded} loans, not ${scale}: run \`node scripts/bench.mjs seed --scale ${scale}\` first`);
  }
  const pg = await startPostgres(path.join(dir, 'pg'), { fresh: !scaled });
  const redis = await startRedis(path.join(dir, 'redis'), { persistent: false });
  const databaseUrl = await pg.ensureDatabase('bench');
  const port = await freePort();
  // The web bench gets a copy of the build, so that the static baseline page it writes stays out of web/dist.
  let webDist = '';
  if (web) {
    webDist = path.join(dir, 'web-dist');
    fs.rmSync(webDist, { recursive: true, force: true });
    fs.cpSync(path.join(ROOT, 'web', 'dist'), webDist, { recursive: true });
  }
  const env = {
    DATABASE_URL: databaseUrl,
    MIGRATION_DATABASE_URL: pg.ownerUrl('bench'),
    REDIS_URL: redis.url,
    PORT: String(port),
    DEMO_MODE: 'true',
    DATA_DIR: path.join(dir, 'data'),
    WEB_DIST: webDist,
    // One API process unless BENCH_API_PROCESSES says otherwise, so that figures stay comparable with earlier runs.
    API_PROCESSES: process.env.BENCH_API_PROCESSES || '1',
    // The shared data set's size: the bench reads these loans instead of seeding its own.
    ...(seeded ? { BENCH_SEEDED_LOANS: String(seeded), BENCH_LOANS: String(seeded) } : {}),
  };
  // The export bench reads the server's V8 heap beside its RSS: a sampler loaded into the server writes it to a file.
  const memory = name === 'export' ? { BENCH_MEMORY_FILE: path.join(dir, 'server-memory.json') } : {};
  startChild(
    'api',
    process.execPath,
    [
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      ...(memory.BENCH_MEMORY_FILE ? ['--import', './test/bench/server-memory.mjs'] : []),
      'server/dist/server/src/main.js',
    ],
    { env: { ...env, ...memory }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  await waitForHealth(`http://127.0.0.1:${port}`, 120000);
  if (name === 'seed') return seedShared(scale, env, pg);
  run(process.execPath, ['node_modules/tsx/dist/cli.mjs', `test/bench/${name}.bench.ts`, ...process.argv.slice(3)], {
    env: { ...env, ...memory, APP_URL: `http://127.0.0.1:${port}` },
  });
}

/**
 * The shared data set: seed:scale's own command (as `npm run seed:scale` runs it) against the cluster
 * the server just migrated and filled with the demo accounts; resumed where an earlier run stopped. Its
 * wall time is a figure when this run wrote the loans (a resumed run reports what it wrote, at its rate).
 */
async function seedShared(scale, env, pg) {
  const { default: pg_ } = await import('pg');
  // How the set was seeded (wall time, load) outlives a resumed run: a later table still shows it.
  const earlier = fs.existsSync(SCALE_MARK) ? JSON.parse(fs.readFileSync(SCALE_MARK, 'utf8')) : null;
  fs.rmSync(SCALE_MARK, { force: true }); // a set half seeded is no set: the mark comes back at the end
  const started = Date.now();
  // Its progress shown as it goes (a million loans take a while), and its summary line read at the end.
  let stdout = '';
  const status = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['server/dist/server/src/demo/seed-scale.js', '--loans', String(scale)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...env },
    });
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      process.stdout.write(chunk);
    });
    child.once('error', reject);
    child.once('close', resolve);
  });
  const seconds = (Date.now() - started) / 1000;
  if (status !== 0) throw new Error(`seed:scale exited ${status}`);
  const written = Number(/seed:scale: (\d+) loans written/.exec(stdout)?.[1] ?? 0);
  // The application role may not ANALYZE: the owner does, so that the planner knows the million rows.
  const owner = new pg_.Client({ connectionString: pg.ownerUrl('bench') });
  await owner.connect();
  try {
    await owner.query('ANALYZE');
  } finally {
    await owner.end();
  }
  const seeding =
    written > 0 ? { written, seconds, loadAverage: os.loadavg()[0], at: new Date().toISOString() } : earlier?.loans === scale ? earlier.seeding : undefined;
  fs.writeFileSync(SCALE_MARK, JSON.stringify({ loans: scale, at: new Date().toISOString(), seeding }));
  log(`shared data set: ${scale} loans (${written} written by this run in ${seconds.toFixed(0)} s)`);
  if (seeding) {
    appendFigure('seed', {
      figure:
        seeding.written === scale
          ? `npm run seed:scale -- --loans ${scale.toLocaleString('en')} (wall time, real histories)`
          : `npm run seed:scale, resumed: ${seeding.written.toLocaleString('en')} of ${scale.toLocaleString('en')} loans written, whole run extrapolated`,
      value: ((seeding.seconds / seeding.written) * scale) / 60,
      unit: 'min',
      target: '< 20 min for 1M',
      // Measured when the set was seeded, maybe by an earlier run: its own time and load.
      loadAverage: seeding.loadAverage,
      at: seeding.at,
    });
  }
}

/** reportFigure's line, for this plain-JS script (test/bench/figures.ts is TypeScript). */
function appendFigure(bench, figure) {
  const file = process.env.BENCH_FIGURES;
  if (!file) return;
  fs.appendFileSync(file, `${JSON.stringify({ bench, loadAverage: os.loadavg()[0], cores: os.cpus().length, at: new Date().toISOString(), ...figure })}\n`);
}

const cell = (text) => String(text).replace(/\|/g, '\\|');
const number = (n) => (n === undefined || n === null || Number.isNaN(n) ? '–' : Number(n).toLocaleString('en', { maximumFractionDigits: 2 }));

const TABLE_HEAD = [
  '| bench | figure | value | baseline | ratio | target | load avg (1 min) | measured (UTC) |',
  '| --- | --- | --: | --: | --: | --- | --: | --- |',
];
const minute = (iso) =>
  String(iso ?? '')
    .slice(0, 16)
    .replace('T', ' ');
/** The bench a table row belongs to (its first cell). */
const benchOfRow = (line) => line.split('|')[1]?.trim();
/** Rows in the order the benches run (the seed, FIRST, then the others), each bench's rows as they came. */
const benchRank = (bench) => (FIRST.includes(bench) ? FIRST.indexOf(bench) : bench === 'seed' ? -1 : FIRST.length);

/**
 * The rows of the last table for the benches this run did not run (`--only`), so that a partial run
 * updates its own rows and keeps the others, each with the time it was measured (rows of a table
 * written before that column existed take the time its header line names).
 */
function keptRows(ran) {
  if (!fs.existsSync(RESULTS)) return [];
  const text = fs.readFileSync(RESULTS, 'utf8');
  const when = /of (\d{4}-\d{2}-\d{2} \d{2}:\d{2}) UTC/.exec(text)?.[1] ?? '–';
  return text
    .split('\n')
    .filter((line) => line.startsWith('| ') && !/^\|\s*:?-/.test(line) && benchOfRow(line) !== 'bench' && !ran.includes(benchOfRow(line)))
    .map((line) => (line.split('|').length - 2 === 7 ? `${line} ${when} |` : line));
}

/** The markdown table of every figure (and the rows kept from earlier runs), with the runs that reported none or failed named below it. */
function resultsTable(figures, runs, kept = []) {
  const rows = [
    ...figures.map(
      (f) =>
        `| ${cell(f.bench)} | ${cell(f.figure)} | ${number(f.value)} ${cell(f.unit)} | ${f.baseline === undefined ? '–' : `${number(f.baseline)} ${cell(f.unit)}`} | ` +
        `${f.ratio === undefined ? '–' : `${Number(f.ratio).toFixed(2)}x`} | ${cell(f.target ?? '–')} | ${number(f.loadAverage)} | ${minute(f.at)} |`,
    ),
    ...kept,
  ];
  const lines = [
    ...TABLE_HEAD,
    ...rows
      .map((line, i) => ({ line, i }))
      .sort((a, b) => benchRank(benchOfRow(a.line)) - benchRank(benchOfRow(b.line)) || a.i - b.i)
      .map((r) => r.line),
  ];
  const silent = runs.filter((r) => r.ok && !figures.some((f) => f.bench === r.name)).map((r) => r.name);
  const failed = runs.filter((r) => !r.ok).map((r) => r.name);
  if (silent.length) lines.push('', `Reported no figure for the table (see their own output): ${silent.join(', ')}.`);
  if (failed.length) lines.push('', `Failed: ${failed.join(', ')} (see their output).`);
  return lines.join('\n');
}

async function runAll(scale) {
  const figuresFile = path.join(ROOT, '.data', 'bench-figures.jsonl');
  fs.mkdirSync(path.dirname(figuresFile), { recursive: true });
  fs.rmSync(figuresFile, { force: true });
  const started = new Date();
  const runs = [];
  const only = onlyOf(process.argv);
  for (const name of [...(scale ? ['seed'] : []), ...benchNames().filter((n) => !only || only.includes(n))]) {
    log(`── bench ${name} (load average ${os.loadavg()[0].toFixed(2)})`);
    const t = Date.now();
    const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'bench.mjs'), name, ...(scale ? ['--scale', String(scale)] : [])], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, BENCH_FIGURES: figuresFile },
    });
    runs.push({ name, ok: r.status === 0, seconds: (Date.now() - t) / 1000 });
    // Without its data set the scaled benches cannot run: say so once rather than fail each.
    if (name === 'seed' && r.status !== 0) throw new Error('the shared data set could not be seeded');
  }
  const figures = fs.existsSync(figuresFile)
    ? fs
        .readFileSync(figuresFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];
  const cpu = os.cpus()[0]?.model?.trim() ?? 'unknown CPU';
  const scaled = scale ? SCALE_BENCHES.filter((n) => runs.some((r) => r.name === n)) : [];
  const kept = only ? keptRows(runs.map((r) => r.name)) : [];
  const keptBenches = [...new Set(kept.map(benchOfRow))];
  const table = resultsTable(figures, runs, kept);
  const about =
    `\`npm run bench${scale ? ` -- --scale ${scale}` : ''}\` of ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC${scaled.length ? ` (${scaled.join(', ')} on one data set of ${scale.toLocaleString('en')} loans)` : ''} on ${os.cpus().length} cores (${cpu}), Node ${process.version}; ` +
    `runs: ${runs.map((r) => `${r.name} ${r.ok ? 'ok' : 'FAILED'} in ${r.seconds.toFixed(0)} s`).join(', ')}. ` +
    "Each figure beside the baseline measured in the same run; the load average is the machine's when the figure was taken " +
    `(above ${os.cpus().length} the benchmark shared the CPU with other work, and its figures read worse than the code is).` +
    (keptBenches.length
      ? ` The rows of ${keptBenches.join(', ')} are kept from earlier runs (\`--only\` ran the others); each row's last column says when it was measured.`
      : '');
  fs.writeFileSync(
    RESULTS,
    `# Benchmark results\n\nWritten by \`node scripts/bench.mjs\` (\`npm run bench\`); docs/benchmarks.md holds the same table.\n\n${about}\n\n${table}\n`,
  );
  const doc = fs.readFileSync(BENCH_DOC, 'utf8');
  const from = doc.indexOf(MARK_START);
  const to = doc.indexOf(MARK_END);
  if (from >= 0 && to > from) {
    fs.writeFileSync(BENCH_DOC, `${doc.slice(0, from + MARK_START.length)}\n\n${about}\n\n${table}\n\n${doc.slice(to)}`);
  } else {
    log(`docs/benchmarks.md has no ${MARK_START} … ${MARK_END} markers: the table is only in test/bench/RESULTS.md`);
  }
  // Both files are checked by prettier (npm run check): write them as it would.
  spawnSync(process.execPath, ['node_modules/prettier/bin/prettier.cjs', '--write', '--log-level', 'warn', RESULTS, BENCH_DOC], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  log(
    `bench table written to ${path.relative(ROOT, RESULTS)} and docs/benchmarks.md (${figures.length} figures; ${runs.filter((r) => !r.ok).length} runs failed)`,
  );
  return runs.every((r) => r.ok);
}

const name = process.argv[2]?.startsWith('--') ? undefined : process.argv[2];
try {
  const scale = scaleOf(process.argv);
  if (name) {
    await runOne(name, scale);
    await shutdown(0);
  } else {
    process.exit((await runAll(scale)) ? 0 : 1);
  }
} catch (error) {
  log(`benchmark failed: ${error.message}`);
  await shutdown(1);
}
