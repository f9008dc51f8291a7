import { availableParallelism } from 'node:os';

/**
 * How many processes of a role to run, from its variable (API_PROCESSES, WORKER_PROCESSES): a whole
 * number from 1, or the fallback when unset. Anything else stops the start: a typo silently read as
 * one process (or as the machine's cores) would change the load each process carries.
 */
export function processCount(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name}: "${value}" is not a whole number of processes from 1`);
  return n;
}

/** API_PROCESSES: the API processes behind the one port; default one per core. */
export function apiProcesses(env: NodeJS.ProcessEnv = process.env): number {
  return processCount('API_PROCESSES', env.API_PROCESSES, availableParallelism());
}

/** WORKER_PROCESSES: the worker processes `npm start` runs; default one. */
export function workerProcesses(env: NodeJS.ProcessEnv = process.env): number {
  return processCount('WORKER_PROCESSES', env.WORKER_PROCESSES, 1);
}
