// `npm run bench:workflow`: figures, not assertions. Starts fresh local services and the built server,
// then runs test/bench/<name>.bench.ts against them.
import path from 'node:path';
import { ROOT, buildIfStale, ensureDependencies, freePort, log, run, shutdown, startChild, startPostgres, startRedis, waitForHealth } from './lib.mjs';

const name = process.argv[2] ?? 'workflow';
try {
  ensureDependencies();
  buildIfStale(['workflow', 'server']);
  const dir = path.join(ROOT, '.data', 'bench');
  const pg = await startPostgres(path.join(dir, 'pg'), { fresh: true });
  const redis = await startRedis(path.join(dir, 'redis'), { persistent: false });
  const databaseUrl = await pg.ensureDatabase('bench');
  const port = await freePort();
  const env = {
    DATABASE_URL: databaseUrl,
    MIGRATION_DATABASE_URL: pg.ownerUrl('bench'),
    REDIS_URL: redis.url,
    PORT: String(port),
    DEMO_MODE: 'true',
    DATA_DIR: path.join(dir, 'data'),
    WEB_DIST: '',
  };
  startChild(
    'api',
    process.execPath,
    [...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []), 'server/dist/server/src/main.js'],
    { env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  await waitForHealth(`http://127.0.0.1:${port}`, 120000);
  run(process.execPath, ['node_modules/tsx/dist/cli.mjs', `test/bench/${name}.bench.ts`, ...process.argv.slice(3)], {
    env: { ...env, APP_URL: `http://127.0.0.1:${port}` },
  });
  await shutdown(0);
} catch (error) {
  log(`benchmark failed: ${error.message}`);
  await shutdown(1);
}
