// Benchmarks: figures, not assertions.
//   node scripts/bench.mjs NAME   one bench (test/bench/NAME.bench.ts) against fresh local services and
//                                 the built server (`npm run bench:workflow`, `bench:reminders`, `bench:web`)
//   node scripts/bench.mjs        every bench (`npm run bench`): workflow, reminders, web, then any other
//                                 test/bench/*.bench.ts, each in its own run as above; then one table of
//                                 their figures (test/bench/figures.ts) with the machine's load average
//                                 beside each, written to test/bench/RESULTS.md and into README.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT, buildIfStale, ensureDependencies, freePort, log, run, shutdown, startChild, startPostgres, startRedis, waitForHealth } from './lib.mjs';

const BENCH_DIR = path.join(ROOT, 'test', 'bench');
const FIRST = ['workflow', 'reminders', 'web'];
const RESULTS = path.join(BENCH_DIR, 'RESULTS.md');
const README = path.join(ROOT, 'README.md');
const MARK_START = '<!-- bench-results:start -->';
const MARK_END = '<!-- bench-results:end -->';

/** The bench names: the known ones first, then whatever else test/bench holds. */
function benchNames() {
  const found = fs
    .readdirSync(BENCH_DIR)
    .filter((f) => f.endsWith('.bench.ts'))
    .map((f) => f.slice(0, -'.bench.ts'.length));
  return [...FIRST.filter((n) => found.includes(n)), ...found.filter((n) => !FIRST.includes(n)).sort()];
}

async function runOne(name) {
  if (!fs.existsSync(path.join(BENCH_DIR, `${name}.bench.ts`))) throw new Error(`no bench test/bench/${name}.bench.ts`);
  const web = name === 'web';
  ensureDependencies();
  buildIfStale(web ? ['workflow', 'server', 'web'] : ['workflow', 'server']);
  const dir = path.join(ROOT, '.data', 'bench');
  const pg = await startPostgres(path.join(dir, 'pg'), { fresh: true });
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
  run(process.execPath, ['node_modules/tsx/dist/cli.mjs', `test/bench/${name}.bench.ts`, ...process.argv.slice(3)], {
    env: { ...env, ...memory, APP_URL: `http://127.0.0.1:${port}` },
  });
}

const cell = (text) => String(text).replace(/\|/g, '\\|');
const number = (n) => (n === undefined || n === null || Number.isNaN(n) ? '–' : Number(n).toLocaleString('en', { maximumFractionDigits: 2 }));

/** The markdown table of every figure, with the runs that reported none or failed named below it. */
function resultsTable(figures, runs) {
  const lines = [
    '| bench | figure | value | baseline | ratio | target | load avg (1 min) |',
    '| --- | --- | --: | --: | --: | --- | --: |',
    ...figures.map(
      (f) =>
        `| ${cell(f.bench)} | ${cell(f.figure)} | ${number(f.value)} ${cell(f.unit)} | ${f.baseline === undefined ? '–' : `${number(f.baseline)} ${cell(f.unit)}`} | ` +
        `${f.ratio === undefined ? '–' : `${Number(f.ratio).toFixed(2)}x`} | ${cell(f.target ?? '–')} | ${number(f.loadAverage)} |`,
    ),
  ];
  const silent = runs.filter((r) => r.ok && !figures.some((f) => f.bench === r.name)).map((r) => r.name);
  const failed = runs.filter((r) => !r.ok).map((r) => r.name);
  if (silent.length) lines.push('', `Reported no figure for the table (see their own output): ${silent.join(', ')}.`);
  if (failed.length) lines.push('', `Failed: ${failed.join(', ')} (see their output).`);
  return lines.join('\n');
}

async function runAll() {
  const figuresFile = path.join(ROOT, '.data', 'bench-figures.jsonl');
  fs.mkdirSync(path.dirname(figuresFile), { recursive: true });
  fs.rmSync(figuresFile, { force: true });
  const started = new Date();
  const runs = [];
  for (const name of benchNames()) {
    log(`── bench ${name} (load average ${os.loadavg()[0].toFixed(2)})`);
    const t = Date.now();
    const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'bench.mjs'), name], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, BENCH_FIGURES: figuresFile },
    });
    runs.push({ name, ok: r.status === 0, seconds: (Date.now() - t) / 1000 });
  }
  const figures = fs.existsSync(figuresFile)
    ? fs
        .readFileSync(figuresFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];
  const cpu = os.cpus()[0]?.model?.trim() ?? 'unknown CPU';
  const table = resultsTable(figures, runs);
  const about =
    `\`npm run bench\` of ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores (${cpu}), Node ${process.version}; ` +
    `runs: ${runs.map((r) => `${r.name} ${r.ok ? 'ok' : 'FAILED'} in ${r.seconds.toFixed(0)} s`).join(', ')}. ` +
    "Each figure beside the baseline measured in the same run; the load average is the machine's when the figure was taken " +
    `(above ${os.cpus().length} the benchmark shared the CPU with other work, and its figures read worse than the code is).`;
  fs.writeFileSync(
    RESULTS,
    `# Benchmark results\n\nWritten by \`node scripts/bench.mjs\` (\`npm run bench\`); the README's "Benchmarks" section holds the same table.\n\n${about}\n\n${table}\n`,
  );
  const readme = fs.readFileSync(README, 'utf8');
  const from = readme.indexOf(MARK_START);
  const to = readme.indexOf(MARK_END);
  if (from >= 0 && to > from) {
    fs.writeFileSync(README, `${readme.slice(0, from + MARK_START.length)}\n\n${about}\n\n${table}\n\n${readme.slice(to)}`);
  } else {
    log(`README.md has no ${MARK_START} … ${MARK_END} markers: the table is only in test/bench/RESULTS.md`);
  }
  // Both files are checked by prettier (npm run check): write them as it would.
  spawnSync(process.execPath, ['node_modules/prettier/bin/prettier.cjs', '--write', '--log-level', 'warn', RESULTS, README], { cwd: ROOT, stdio: 'inherit' });
  log(`bench table written to ${path.relative(ROOT, RESULTS)} and README.md (${figures.length} figures; ${runs.filter((r) => !r.ok).length} runs failed)`);
  return runs.every((r) => r.ok);
}

const name = process.argv[2];
try {
  if (name) {
    await runOne(name);
    await shutdown(0);
  } else {
    process.exit((await runAll()) ? 0 : 1);
  }
} catch (error) {
  log(`benchmark failed: ${error.message}`);
  await shutdown(1);
}
