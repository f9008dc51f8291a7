// `npm run seed:scale -- --loans N [--batch 3000]`: N loans with real event histories for benchmarks and a
// demo at scale (server/src/demo/seed-scale.ts). Resumable: run it again to go on where it stopped.
// Uses DATABASE_URL and DATA_DIR when set (the audit key must be the server's); otherwise the
// project-local cluster of `npm start` (.data/pg), which must have been started once (demo accounts).
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT, buildIfStale, ensureDependencies, log, shutdown, startPostgres } from './lib.mjs';

let code = 2;
try {
  ensureDependencies();
  buildIfStale(['workflow', 'server']);
  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(ROOT, '.data'));
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    // `npm start` may be running: its postmaster.pid names the port (line 4).
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    const running = fs.existsSync(pidFile) && fs.readFileSync(pidFile, 'utf8').split('\n');
    let alive = false;
    try {
      alive = running && process.kill(Number(running[0]), 0);
    } catch {
      alive = false;
    }
    if (alive) databaseUrl = `postgres://gbo_api:gbo_api@127.0.0.1:${running[3].trim()}/guarantee`;
    else {
      const pg = await startPostgres(path.join(dataDir, 'pg'));
      databaseUrl = await pg.ensureDatabase('guarantee');
    }
  }
  const r = spawnSync(process.execPath, ['server/dist/server/src/demo/seed-scale.js', ...process.argv.slice(2)], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
  });
  code = r.status ?? 2;
} catch (error) {
  log(`seed:scale could not run: ${error.message}`);
}
await shutdown(code);
