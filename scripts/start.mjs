// `npm start`: the whole application on one port, from a fresh clone, with nothing done first.
// Uses DATABASE_URL / REDIS_URL when set; otherwise project-local services under ./.data/.
import path from 'node:path';
import { ROOT, buildIfStale, ensureDependencies, log, run, shutdown, startChild, startPostgres, startRedis, waitForHealth, workerCount } from './lib.mjs';

const t0 = Date.now();
try {
  ensureDependencies();
  buildIfStale(process.env.SKIP_WEB_BUILD ? ['workflow', 'server'] : undefined);

  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(ROOT, '.data'));
  let databaseUrl = process.env.DATABASE_URL;
  let migrationUrl = process.env.MIGRATION_DATABASE_URL;
  if (!databaseUrl) {
    const pg = await startPostgres(path.join(dataDir, 'pg'));
    databaseUrl = await pg.ensureDatabase('guarantee');
    migrationUrl = pg.ownerUrl('guarantee');
    const where = path.relative(ROOT, pg.dataDir).startsWith('..') ? `${pg.dataDir} (linked from .data/pg)` : path.relative(ROOT, pg.dataDir);
    log(`PostgreSQL (project-local) on port ${pg.port}, data in ${where}`);
  }
  let redisUrl = process.env.REDIS_URL;
  if (!redisUrl) {
    const redis = await startRedis(path.join(dataDir, 'redis'), { restart: true });
    redisUrl = redis.url;
    log(`Redis (project-local) on port ${redis.port}, data in .data/redis`);
  }

  const port = process.env.PORT ?? '3000';
  // The API and the worker connect as the application role and never hold the owner's URL: the migrate step runs first, on its own.
  const env = {
    DATABASE_URL: databaseUrl,
    MIGRATION_DATABASE_URL: '',
    REDIS_URL: redisUrl,
    PORT: port,
    DATA_DIR: dataDir,
    DEMO_MODE: process.env.DEMO_MODE ?? 'true',
  };
  if (migrationUrl) run(process.execPath, ['server/dist/server/src/migrate-cli.js'], { env: { ...env, MIGRATION_DATABASE_URL: migrationUrl } });
  // A crashed API, worker or local Redis comes back after a growing delay (npm test stops at once instead).
  // The API runs as API_PROCESSES processes behind the port (its primary restarts a crashed one).
  startChild('api', process.execPath, ['server/dist/server/src/main.js'], { env, restart: true });
  const base = `http://localhost:${port}`;
  // The API listens on 127.0.0.1 unless HOST says otherwise; `localhost` may resolve to ::1 first.
  const host = process.env.HOST;
  const probe = !host || host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host.includes(':') ? `[${host}]` : host;
  await waitForHealth(`http://${probe}:${port}`, 120000);
  // The workers start after the API is up, WORKER_PROCESSES of them (default 1), each restarted on its own.
  const workers = workerCount(process.env.WORKER_PROCESSES);
  for (let i = 1; i <= workers; i++) {
    const name = workers === 1 ? 'worker' : `worker ${i}`;
    startChild(name, process.execPath, ['server/dist/server/src/worker.js'], { env: { ...env, WORKER_PROCESSES: String(workers) }, restart: true });
  }

  log(`ready in ${((Date.now() - t0) / 1000).toFixed(1)} s: open ${base}/`);
  if (env.DEMO_MODE !== 'false') {
    log(
      `demo accounts, password ${process.env.DEMO_PASSWORD || 'Demo@2026'}: admin (administrator), apost, bpost, prereview, zb1-zb3, bs1-bs3, leader, finance`,
    );
  }
  log('a crashed API, worker or Redis is restarted; Ctrl-C stops everything; the next `npm start` reuses the data in .data/');
} catch (error) {
  log(`could not start: ${error.message}`);
  await shutdown(1);
}
