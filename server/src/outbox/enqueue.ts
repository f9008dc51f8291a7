import type { EntityManager } from 'typeorm';
import type { JobName, JobPayloads } from '../jobs/queues';

/**
 * Queues a job with the caller's transaction: one outbox row (topic = job name), which the relay
 * moves into BullMQ only once the transaction has committed, so a rollback queues nothing. The job
 * name picks the payload type (jobs/queues.ts). The commit statement of an event writes its effects'
 * rows itself (workflow/commit-step.ts), in the same round trip as the event.
 */
export async function enqueue<K extends JobName>(em: EntityManager, job: K, payload: JobPayloads[K]): Promise<void> {
  await em.query(`INSERT INTO outbox (topic, payload) VALUES ($1, $2)`, [job, JSON.stringify(payload)]);
}
