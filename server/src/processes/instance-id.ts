import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * This process's id, made once when the module loads and kept for the life of the process: the
 * health answer's `instance`, so that a client (a load balancer's check, a test) can tell which
 * process answered and whether it is still the same one. Opaque to readers: host and pid help a
 * person find the process; the random part keeps a restarted process with a reused pid apart.
 */
export const INSTANCE_ID = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
