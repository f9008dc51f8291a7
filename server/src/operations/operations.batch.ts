import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import * as engine from '@app/workflow';
import { Queue, Worker, type Job } from 'bullmq';
import IORedis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { translate } from '../common/i18n';
import { redisOptions } from '../jobs/redis';
import { WorkflowService } from '../workflow/workflow.service';
import { OperationsItemActions } from './operations.items';
import { OperationsRepository } from './operations.repository';
import { OperationsService, wordsOf } from './operations.service';

/** The queue of batches: its jobs run in the API's processes, which have the pipeline's hooks (the worker has none). */
export const OPERATIONS_QUEUE = 'operations';
const CHUNK = 50;

/**
 * Runs a batch as a BullMQ job (job id: the batch's id, so it is queued once): item after item in
 * their order, each outcome written once (APPLIED, REFUSED with the reason in both languages,
 * SKIPPED with why), the job's progress and the batch's counts moving as it goes. A cancel is read
 * before each chunk; what is left is then skipped as cancelled. A rerun (a retried job, a process that
 * died) takes only the items without an outcome, and a loan already where a move puts it is skipped,
 * so nothing is applied twice. The batch ends DONE, CANCELLED or FAILED, never "success" with a refusal
 * hidden: its counts say how many of each.
 */
@Injectable()
export class OperationsBatchRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OperationsBatchRunner.name);
  private queue: Queue | null = null;
  private worker: Worker | null = null;
  private connections: IORedis[] = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: OperationsRepository,
    private readonly operations: OperationsService,
    private readonly workflow: WorkflowService,
    private readonly items: OperationsItemActions,
  ) {}

  private connection(): IORedis {
    const c = new IORedis({ ...redisOptions(this.config.redisUrl), maxRetriesPerRequest: null });
    this.connections.push(c);
    return c;
  }

  onApplicationBootstrap(): void {
    this.queue = new Queue(OPERATIONS_QUEUE, { connection: this.connection(), prefix: this.config.queuePrefix });
    if (process.env.OPERATIONS_BATCH_WORKER === 'off') return;
    this.worker = new Worker(OPERATIONS_QUEUE, (job: Job<{ batchId: string }>) => this.run(job.data.batchId, job), {
      connection: this.connection(),
      prefix: this.config.queuePrefix,
      concurrency: 1,
    });
    this.worker.on('failed', (job, error) => this.logger.error(`batch ${job?.data?.batchId}: ${error.message}`));
    // Without a listener BullMQ prints every failed reconnect in full, forever, while Redis is away.
    this.worker.on('error', (error) => this.sayRedisError(error));
    this.queue.on('error', (error) => this.sayRedisError(error));
  }

  private lastRedisError = 0;
  /** One line a minute at most while Redis is unreachable. */
  private sayRedisError(error: Error): void {
    const now = Date.now();
    if (now - this.lastRedisError < 60_000) return;
    this.lastRedisError = now;
    this.logger.warn(`batch queue: ${error.message}`);
  }

  async onApplicationShutdown(): Promise<void> {
    // A close waits for the running batch and for Redis: bounded, so that a stop with Redis already
    // gone still ends (the batch's items without an outcome are taken up again by the next run).
    const closing = (async () => {
      await this.worker?.close();
      await this.queue?.close();
      for (const c of this.connections) await c.quit().catch(() => undefined);
    })().catch(() => undefined);
    const gaveUp = await Promise.race([closing.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), 5_000).unref())]);
    if (gaveUp) {
      this.logger.warn('batch queue: not closed within 5 s; its connections are dropped');
      for (const c of this.connections) c.disconnect();
    }
  }

  async enqueue(batchId: string): Promise<void> {
    await this.queue!.add(
      'operations.batch',
      { batchId },
      { jobId: `batch-${batchId}`, attempts: 3, backoff: { type: 'fixed', delay: 1000 }, removeOnComplete: 1000, removeOnFail: 1000 },
    );
  }

  /** The whole batch (also called directly by tests and a rerun): returns the batch row at the end. */
  async run(batchId: string, job?: Job): Promise<{ status: string }> {
    const batch = await this.repo.batch(batchId);
    if (!batch || batch.finishedAt) return { status: batch?.status ?? 'MISSING' };
    await this.repo.setBatchStatus(batchId, 'RUNNING', false);
    const user = await this.operations.actorOf(batch.createdBy);
    let done = batch.applied + batch.refused + batch.skipped;
    for (;;) {
      const items = await this.repo.pendingItems(batchId, CHUNK);
      if (!items.length) break;
      const cancelled = (await this.repo.batch(batchId))?.cancelRequested ?? false;
      for (const item of items) {
        if (cancelled) await this.repo.settleItem(batchId, item.loanId, 'SKIPPED', words('operationsCancelled'));
        else await this.one(batch.action, batch.params, batch.reason, item.loanId, user, batchId);
        done += 1;
      }
      await job?.updateProgress(Math.round((done / Math.max(batch.total, 1)) * 100));
    }
    const final = await this.repo.batch(batchId);
    const status = final?.cancelRequested ? 'CANCELLED' : 'DONE';
    await this.repo.setBatchStatus(batchId, status, true);
    this.logger.log(`batch ${batchId} ${status}: ${final?.applied} applied, ${final?.refused} refused, ${final?.skipped} skipped`);
    return { status };
  }

  private async one(
    action: string,
    params: Record<string, unknown>,
    reason: string,
    loanId: string,
    user: Awaited<ReturnType<OperationsService['actorOf']>>,
    batchId: string,
  ) {
    try {
      if (!user) throw new Error('the batch’s creator can no longer sign in');
      if (action === 'MOVE') {
        const instance = await this.repo.instance(loanId);
        const target = engine.normalizeStateValue(params.target);
        if (instance && engine.canonicalJson(engine.normalizeStateValue(instance.snapshot.value)) === engine.canonicalJson(target)) {
          await this.repo.settleItem(batchId, loanId, 'SKIPPED', words('operationsAlreadyThere'));
          return;
        }
        await this.workflow.apply(loanId, { type: 'OPERATOR_MOVE', payload: { target: params.target, reason }, expectedVersion: instance?.version ?? 0 }, user);
        await this.repo.settleItem(batchId, loanId, 'APPLIED', null);
        return;
      }
      if (action === 'RESEND_TODOS') return await this.items.resendTodos(batchId, loanId, reason, user);
      if (action === 'RECLASSIFY') return await this.items.reclassify(batchId, loanId, reason, user);
      // RETRY: every failed piece of work of the loan
      const retried = await this.operations.retryLoan(loanId, reason, user);
      await this.repo.settleItem(batchId, loanId, retried ? 'APPLIED' : 'SKIPPED', retried ? { count: retried } : words('operationsNothingToRetry'));
    } catch (error) {
      await this.repo.settleItem(batchId, loanId, 'REFUSED', wordsOf(error));
    }
  }
}

function words(key: 'operationsAlreadyThere' | 'operationsNothingToRetry' | 'operationsCancelled') {
  return { code: key, zh: translate(key, 'zh-CN'), en: translate(key, 'en') };
}
