import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { jobOptions } from '../jobs/job-options';
import { isJobName, JOB_QUEUES } from '../jobs/queues';

const BATCH = 100;

/**
 * Moves committed outbox rows into BullMQ. A row is marked delivered only after its job is queued,
 * under a deterministic job id, so a crash in between delivers it again and the queue keeps one.
 * Several workers may run: SKIP LOCKED hands each row to one of them.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly db: DataSource,
    private readonly moduleRef: ModuleRef,
  ) {}

  onApplicationBootstrap() {
    if (process.env.OUTBOX_RELAY === 'off') return;
    this.timer = setInterval(() => void this.tick(), Number(process.env.OUTBOX_POLL_MS ?? 500));
  }

  async onApplicationShutdown() {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  private async tick() {
    if (this.running) return;
    this.running = this.deliverBatch().catch((error: Error) => {
      this.logger.error(`outbox delivery failed: ${error.message}`);
      return 0;
    });
    await this.running;
    this.running = null;
  }

  /** Delivers up to one batch; answers how many rows were delivered. */
  async deliverBatch(): Promise<number> {
    return this.db.transaction(async (em) => {
      const rows: { id: string; topic: string; payload: unknown }[] = await em.query(
        `SELECT id::text, topic, payload FROM outbox WHERE delivered_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [BATCH],
      );
      for (const row of rows) {
        // The topic is the job name (an effect's name); a topic no job has stays undelivered, with why.
        if (!isJobName(row.topic)) {
          await em.query(`UPDATE outbox SET attempts = attempts + 1, last_error = $2 WHERE id = $1`, [row.id, `no job named ${row.topic}`]);
          continue;
        }
        const queue = this.moduleRef.get<Queue>(getQueueToken(JOB_QUEUES[row.topic]), { strict: false });
        await queue.add(row.topic, row.payload, jobOptions(row.topic, row.payload as never, `outbox-${row.id}`));
        await em.query(`UPDATE outbox SET delivered_at = now(), attempts = attempts + 1 WHERE id = $1`, [row.id]);
      }
      return rows.length;
    });
  }
}
