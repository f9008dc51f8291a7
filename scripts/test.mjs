// `npm test`: every tier, each against real services started here (a fresh PostgreSQL cluster and
// Redis per run), ending with one line `N passed, N failed`.
//   --only unit|api|browser|web|check   run one tier (repeatable)
//   --files PATH...                       only these test files (jest tiers, scripts/*.test.mjs), e.g. --only api --files test/api/auth.spec.ts
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import {
  ROOT,
  buildIfStale,
  ensureDebianCommand,
  ensureDependencies,
  freePort,
  log,
  onShutdown,
  shutdown,
  startChild,
  startPostgres,
  startRedis,
  waitForHealth,
} from './lib.mjs';
import { CHECKS, runCheck } from './check.mjs';

const args = process.argv.slice(2);
const only = args.flatMap((a, i) => (a === '--only' ? [args[i + 1]] : []));
const wants = (tier) => only.length === 0 || only.includes(tier);
const filesAt = args.indexOf('--files');
const files = filesAt >= 0 ? args.slice(filesAt + 1).filter((a) => !a.startsWith('--')) : [];
const outDir = path.join(ROOT, '.data', 'test');
// Services and files of this run live apart, so that two runs on one machine never share a cluster.
const runDir = path.join(outDir, `run-${process.pid}`);
onShutdown(() => fs.rmSync(runDir, { recursive: true, force: true }));
const t0 = Date.now();
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const timings = [];

function step(name, fn) {
  const t = Date.now();
  log(`── ${name}`);
  return Promise.resolve(fn()).finally(() => timings.push(`${name} ${((Date.now() - t) / 1000).toFixed(1)} s`));
}

/** A check step (type-check, lint, format) counts as one test: it passes or fails as a whole. */
function check(step) {
  if (runCheck(step)) totals.passed++;
  else {
    totals.failed++;
    failures.push(step.name);
  }
}

/**
 * One jest run of a project, tallied into the totals. `shard` ("1/2") runs that part of the suites
 * (test/api/support/shard-sequencer.js splits them); `logFile` keeps its output there instead of
 * the terminal (a second shard's, shown when it ends). Answers the run's JSON report.
 */
async function runJest(project, env, { shard = null, logFile = null } = {}) {
  const report = path.join(outDir, `jest-${project}-${process.pid}${shard ? `-${shard.replace('/', 'of')}` : ''}.json`);
  fs.rmSync(report, { force: true });
  const out = logFile ? fs.openSync(logFile, 'w') : null;
  const child = spawn(
    process.execPath,
    [
      'node_modules/jest/bin/jest.js',
      '--selectProjects',
      project,
      '--json',
      '--outputFile',
      report,
      '--forceExit',
      ...(project === 'unit' ? [] : ['--runInBand']),
      ...(shard ? [`--shard=${shard}`] : []),
      ...files,
    ],
    { cwd: ROOT, stdio: out === null ? 'inherit' : ['ignore', out, out], env: { ...process.env, ...env } },
  );
  if (out !== null) fs.closeSync(out);
  onShutdown(() => {
    if (child.exitCode === null) child.kill('SIGINT');
  });
  const status = await new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  if (logFile) process.stdout.write(`${fs.readFileSync(logFile, 'utf8')}\n`);
  const label = shard ? `${project} (shard ${shard})` : project;
  if (!fs.existsSync(report)) {
    totals.failed++;
    failures.push(`${label}: jest did not report (exit ${status})`);
    return null;
  }
  const j = JSON.parse(fs.readFileSync(report, 'utf8'));
  totals.passed += j.numPassedTests;
  totals.failed += j.numFailedTests;
  totals.skipped += j.numPendingTests + j.numTodoTests;
  // A suite that fails to load has no failed test of its own: count it.
  const broken = j.testResults.filter((s) => s.status === 'failed' && s.assertionResults.every((a) => a.status !== 'failed'));
  totals.failed += broken.length;
  for (const s of j.testResults) {
    for (const a of s.assertionResults) if (a.status === 'failed') failures.push(`${project}: ${a.fullName}`);
  }
  broken.forEach((s) => failures.push(`${project}: ${path.relative(ROOT, s.name)} did not run: ${s.message.split('\n').find((l) => l.trim()) ?? ''}`));
  if (status !== 0 && j.numFailedTests === 0 && broken.length === 0) {
    totals.failed++;
    failures.push(`${label}: jest exited with ${status}`);
  }
  return j;
}

/**
 * How many jest processes share the API suites: two on a whole run (each waits on PostgreSQL most of
 * the time, so two keep the cores busier), one when files are named; GBO_API_SHARDS sets it.
 */
function apiShards() {
  const asked = Number(process.env.GBO_API_SHARDS);
  if (Number.isInteger(asked) && asked >= 1) return asked;
  return files.length ? 1 : 2;
}

/** The API suites' durations from their reports, for the shard sequencer (`--record-durations`). */
function recordDurations(reports) {
  const seconds = {};
  for (const j of reports)
    for (const s of j?.testResults ?? []) seconds[path.relative(ROOT, s.name).split(path.sep).join('/')] = Math.round((s.endTime - s.startTime) / 100) / 10;
  const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => (a < b ? -1 : 1)));
  fs.writeFileSync(path.join(ROOT, 'test/api/support/durations.json'), `${JSON.stringify(sorted, null, 2)}\n`);
  log(`── recorded the durations of ${Object.keys(sorted).length} API suites in test/api/support/durations.json`);
}

function runVitest() {
  const report = path.join(outDir, `vitest-${process.pid}.json`);
  fs.rmSync(report, { force: true });
  // npm may install vitest in web/node_modules (its own dependency tree) or hoist it to the root.
  const vitest = ['web/node_modules/vitest/vitest.mjs', 'node_modules/vitest/vitest.mjs'].find((p) => fs.existsSync(path.join(ROOT, p)));
  spawnSync(
    process.execPath,
    [vitest ?? 'node_modules/vitest/vitest.mjs', 'run', '--root', 'web', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  if (!fs.existsSync(report)) {
    totals.failed++;
    failures.push('web: vitest did not report');
    return;
  }
  const j = JSON.parse(fs.readFileSync(report, 'utf8'));
  totals.passed += j.numPassedTests;
  totals.failed += j.numFailedTests + (j.numFailedTestSuites ?? 0);
  totals.skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
  for (const s of j.testResults ?? []) {
    for (const a of s.assertionResults ?? []) if (a.status === 'failed') failures.push(`web: ${a.fullName}`);
  }
}

/** The scripts' own tests (node:test, plain Node like the scripts): the restart policy of `npm start`. */
function runScriptTests() {
  const all = fs
    .readdirSync(path.join(ROOT, 'scripts'))
    .filter((f) => f.endsWith('.test.mjs'))
    .map((f) => path.join('scripts', f));
  // With --files, only the script tests named there (none when only jest files are named).
  const tests = files.length ? files.filter((f) => f.endsWith('.test.mjs')) : all;
  if (!tests.length) return;
  const r = spawnSync(process.execPath, ['--test', '--test-reporter=tap', ...tests], { cwd: ROOT, encoding: 'utf8' });
  process.stdout.write(r.stdout);
  const count = (name) => Number(r.stdout.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? 0);
  totals.passed += count('pass');
  totals.failed += count('fail');
  for (const m of r.stdout.matchAll(/^not ok \d+ - (.*)$/gm)) failures.push(`scripts: ${m[1]}`);
  if (r.status !== 0 && count('fail') === 0) failures.push(`scripts: node --test exited with ${r.status}`);
}

/**
 * The tiers that need no services (checks, unit, scripts, web) as a second `npm test` of their own,
 * started beside the API tier: on two cores the API tier (one jest process waiting on PostgreSQL
 * most of the time) leaves a core to them, which takes minutes off a full run. Their output is kept
 * in a file and shown, with their tally, when they end.
 */
function startSideTiers() {
  const logFile = path.join(outDir, `side-tiers-${process.pid}.log`);
  const out = fs.openSync(logFile, 'w');
  const args = ['scripts/test.mjs', '--only', 'check', '--only', 'unit', '--only', 'web'];
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  onShutdown(() => {
    if (child.exitCode === null) child.kill('SIGINT');
  });
  const ended = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  return async () => {
    const status = await ended;
    const text = fs.readFileSync(logFile, 'utf8');
    process.stdout.write(`${text}\n`);
    const tally = /^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/m.exec(text);
    if (!tally) {
      totals.failed++;
      failures.push(`checks, unit and web tiers: no tally (exit ${status}); see ${path.relative(ROOT, logFile)}`);
      return;
    }
    totals.passed += Number(tally[1]);
    totals.failed += Number(tally[2]);
    totals.skipped += Number(tally[3] ?? 0);
    const failed = /\bfailed:\n((?:  .*\n?)*)/.exec(text.replace(/\x1b\[[0-9;]*m/g, ''));
    if (failed)
      failures.push(
        ...failed[1]
          .split('\n')
          .filter(Boolean)
          .map((line) => line.trim()),
      );
    else if (Number(tally[2]) > 0) failures.push(`checks, unit and web tiers: ${tally[2]} failed`);
  };
}

try {
  fs.mkdirSync(outDir, { recursive: true });
  await step('dependencies', () => ensureDependencies());

  // A whole run (no --only, no --files) runs the service-free tiers beside the API tier; GBO_TEST_SERIAL=1 runs them first, one after another.
  const side = only.length === 0 && files.length === 0 && !process.env.GBO_TEST_SERIAL ? startSideTiers() : null;
  if (side) log('── checks, unit and web tests: beside the API tests (their output follows when they end)');
  if (!side && wants('check')) {
    await step('checks (type-check, lint, format)', () => CHECKS.forEach(check));
  }
  if (!side && wants('unit') && (!files.length || files.some((f) => !f.endsWith('.test.mjs')))) await step('unit tests', () => runJest('unit', {}));
  if (!side && wants('unit')) await step('script tests (node:test)', () => runScriptTests());
  if (!side && wants('web')) await step('web unit tests', () => runVitest());

  if (wants('api') || wants('browser')) {
    const services = await step('services (fresh PostgreSQL cluster, Redis)', async () => {
      const pg = await startPostgres(path.join(runDir, 'pg'), { fresh: true });
      const redis = await startRedis(path.join(runDir, 'redis'), { persistent: false });
      return { pg, redis };
    });
    const common = { REDIS_URL: services.redis.url, DEMO_PASSWORD: process.env.DEMO_PASSWORD || 'Demo@2026', NODE_ENV: 'test' };

    if (wants('api')) {
      // test/api/office-documents.spec.ts opens the generated documents in LibreOffice
      if (!files.length || files.some((f) => f.includes('office-documents'))) {
        ensureDebianCommand('soffice', 'libreoffice-writer-nogui', 'Install LibreOffice Writer (Debian package libreoffice-writer-nogui) for the API tests.');
      }
      // Each shard has its own database, Redis database, queues, checkpoints and files: its suites see no other shard's.
      const shards = apiShards();
      const shardEnv = async (i) => {
        const name = shards === 1 ? 'api_test' : `api_test_${i}`;
        return {
          ...common,
          DATABASE_URL: await services.pg.ensureDatabase(name),
          MIGRATION_DATABASE_URL: services.pg.ownerUrl(name),
          CHECKPOINT_DIR: path.join(runDir, shards === 1 ? 'checkpoints' : `checkpoints-${i}`),
          QUEUE_PREFIX: shards === 1 ? 'api-test' : `api-test-${i}`,
          // a Redis database of its own too: a suite's FLUSHDB (reminders) must not empty another shard's queues
          ...(shards === 1 ? {} : { REDIS_URL: `${services.redis.url}/${i}`, API_TEST_DATA_DIR: path.join(outDir, `api-files-${i}`) }),
        };
      };
      await step(`API tests (jest + supertest${shards > 1 ? `, ${shards} shards side by side` : ''})`, async () => {
        const envs = [];
        for (let i = 1; i <= shards; i++) envs.push(await shardEnv(i));
        const reports = await Promise.all(
          envs.map((env, i) =>
            shards === 1
              ? runJest('api', env)
              : runJest('api', env, { shard: `${i + 1}/${shards}`, logFile: i === 0 ? null : path.join(outDir, `api-shard-${i + 1}-${process.pid}.log`) }),
          ),
        );
        if (args.includes('--record-durations')) recordDurations(reports);
      });
    }
    if (side) await step('checks, unit and web tests (the rest of their run)', side);
    if (wants('browser')) {
      await step('build', () => buildIfStale());
      ensureDebianCommand('chromium', 'chromium', 'Install Chromium (Debian package chromium) for the browser tests.');
      const databaseUrl = await services.pg.ensureDatabase('browser_test');
      const port = await freePort();
      const env = {
        ...common,
        DATABASE_URL: databaseUrl,
        MIGRATION_DATABASE_URL: services.pg.ownerUrl('browser_test'),
        PORT: String(port),
        DEMO_MODE: 'true',
        DATA_DIR: path.join(runDir, 'browser-data'),
        QUEUE_PREFIX: 'browser-test',
        // One API process, as before API_PROCESSES (default: one per core) existed.
        API_PROCESSES: '1',
      };
      startChild('api (browser tests)', process.execPath, ['server/dist/server/src/main.js'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
      await waitForHealth(`http://127.0.0.1:${port}`, 120000);
      await step('browser tests (Playwright + Chromium)', () => runJest('browser', { ...env, APP_URL: `http://127.0.0.1:${port}` }));
    }
  }
} catch (error) {
  totals.failed++;
  failures.push(`test run: ${error.message}`);
}

log(`── timings: ${timings.join(', ')}; total ${((Date.now() - t0) / 1000).toFixed(1)} s`);
if (failures.length) log(`failed:\n  ${failures.join('\n  ')}`);
process.stdout.write(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}\n`);
await shutdown(totals.failed > 0 ? 1 : 0);
