import cluster, { type Worker } from 'node:cluster';
import { Logger } from '@nestjs/common';

interface RestartPolicy {
  initialMs: number;
  maxMs: number;
  resetAfterMs: number;
  maxCrashes: number;
  windowMs: number;
}

/** How the primary restarts a crashed API process: scripts/lib.mjs's policy for `npm start`'s children. */
export const API_RESTART: Readonly<RestartPolicy> = Object.freeze({
  initialMs: 1000,
  maxMs: 30_000,
  resetAfterMs: 60_000,
  maxCrashes: 5,
  windowMs: 5 * 60_000,
});

/**
 * The primary of an API of `processes` processes behind one port (node:cluster: the primary holds the
 * listening socket and hands each connection to a process in turn). It runs no app and opens no
 * connection: it forks the processes (each creates the Nest app and listens), forks again one that
 * crashed, after a growing delay, and gives up, stopping the others and exiting 1, after more than
 * `maxCrashes` crashes within `windowMs` (then `npm start`'s own restart of the whole API applies).
 * SIGTERM or SIGINT: every process gets one SIGTERM (a terminal's Ctrl-C already sent them SIGINT; a
 * second SIGINT would end them before their shutdown hooks ran); the primary exits 0 when they all
 * have, or kills what is left and exits 1 after `stopAfterMs` (each process's own stop watchdog fires first).
 */
export function runApiPrimary(processes: number, stopAfterMs: number, policy = API_RESTART): void {
  const logger = new Logger('Cluster');
  let stopping = false;
  /** What the primary exits with once every process has stopped: 1 after a give-up. */
  let exitCode = 0;
  let crashes: number[] = [];
  let delayMs: number = policy.initialMs;
  const startedAt = new Map<Worker, number>();
  const timers = new Set<NodeJS.Timeout>();

  const fork = () => {
    // The count travels to each process: its share of the connection pool depends on it.
    const worker = cluster.fork({ API_PROCESSES: String(processes) });
    startedAt.set(worker, Date.now());
  };
  const alive = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());

  cluster.on('exit', (worker, code, signal) => {
    const ranMs = Date.now() - (startedAt.get(worker) ?? Date.now());
    startedAt.delete(worker);
    if (stopping) {
      if (alive().length === 0) process.exit(exitCode);
      return;
    }
    const now = Date.now();
    if (ranMs >= policy.resetAfterMs) delayMs = policy.initialMs;
    crashes = [...crashes.filter((t) => now - t < policy.windowMs), now];
    if (crashes.length > policy.maxCrashes) {
      logger.error(`API process ${worker.process.pid} stopped (${code ?? signal}): ${crashes.length} crashes within ${policy.windowMs / 1000} s, giving up`);
      stop('SIGTERM', 1);
      return;
    }
    logger.warn(`API process ${worker.process.pid} stopped (${code ?? signal}); another in ${delayMs / 1000} s`);
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopping) fork();
    }, delayMs);
    timers.add(timer);
    delayMs = Math.min(delayMs * 2, policy.maxMs);
  });

  const stop = (why: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    timers.forEach(clearTimeout);
    const left = alive();
    if (left.length === 0) process.exit(code);
    logger.log(`${why}: stopping ${left.length} API processes`);
    for (const w of left) w.process.kill('SIGTERM');
    // A process whose stop hangs past its own watchdog is killed, so that the primary always ends.
    setTimeout(() => {
      for (const w of alive()) w.process.kill('SIGKILL');
      process.exit(1);
    }, stopAfterMs).unref();
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stop(signal));

  logger.log(`API: ${processes} processes behind one port`);
  for (let i = 0; i < processes; i++) fork();
}
