import { randomUUID } from 'node:crypto';

/**
 * This process's id, made once when the module loads and kept for the life of the process: the
 * health answer's `instance`, so that a client (a load balancer's check, a test) can tell which
 * process answered and whether it is still the same one. A random UUID, opaque: the health route is
 * public, so it tells nobody the host name or the pid; each process's "ready" log line pairs it with them.
 */
export const INSTANCE_ID = randomUUID();
