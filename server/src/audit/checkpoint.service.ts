import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { AUDIT_KEYS } from './audit.tokens';
import type { AuditKeys } from './audit-keys';
import { CheckpointHeads, checkpointDue, latestValidCheckpoint, listCheckpoints, newestCheckpointFile, SignedCheckpoint, writeCheckpoint } from './checkpoint';
import { CheckpointStore, checkpointStore } from './checkpoint-store';
import { AuditReport, verifyAll } from './verify-all';

/** Writes checkpoints when due (the worker asks every minute), answers the auditor, and keeps the latest heads at hand for verify. */
@Injectable()
export class CheckpointService {
  private readonly logger = new Logger(CheckpointService.name);
  private cached: { file: string; heads: Promise<CheckpointHeads | null> } | null = null;
  /** When the latest heads could not be read: tried again from then on, not only once a newer checkpoint appears. */
  private retryAt: number | null = null;
  /** The folder, or the bucket with FILE_STORAGE=s3 (then read by verify on every machine). */
  readonly store: CheckpointStore;

  constructor(
    private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(AUDIT_KEYS) private readonly keys: AuditKeys,
  ) {
    this.store = checkpointStore(config);
  }

  get publicKeyPem(): string {
    return this.keys.publicKeyPem;
  }

  /** Every CHECKPOINT_EVERY events (by event id) and at least every CHECKPOINT_MAX_AGE_HOURS. */
  writeIfDue(now = new Date()): Promise<SignedCheckpoint | null> {
    const { checkpointEvery, checkpointMaxAgeHours } = this.config;
    return this.writeNow(now, (latest, maxEventId) => checkpointDue(latest, maxEventId, checkpointEvery, checkpointMaxAgeHours, now));
  }

  async writeNow(now = new Date(), due?: Parameters<typeof writeCheckpoint>[4]): Promise<SignedCheckpoint | null> {
    const written = await writeCheckpoint(this.db, this.keys, this.store, now, due);
    if (written) this.logger.log(`checkpoint ${written.manifest.id}: ${written.manifest.loans} loans signed`);
    return written;
  }

  async list(): Promise<SignedCheckpoint[]> {
    return (await listCheckpoints(this.store)).flatMap((c) => (c.checkpoint ? [c.checkpoint] : []));
  }

  /** The heads file of a checkpoint by id, or null. */
  async heads(id: string): Promise<Readable | null> {
    const c = (await this.list()).find((x) => x.manifest.id === id);
    return c ? this.store.stream(c.manifest.headsFile.replace(/[/\\]/g, '')) : null;
  }

  /** The newest checkpoint that verifies, loaded once per new checkpoint file. */
  async latestHeads(): Promise<CheckpointHeads | null> {
    // Only the folder (or bucket) is listed per call; the heads are read again when a newer checkpoint appears.
    const newest = (await newestCheckpointFile(this.store)) ?? '';
    if (this.cached?.file !== newest || (this.retryAt !== null && Date.now() >= this.retryAt)) {
      this.retryAt = null;
      const previous = this.cached?.heads;
      // Requests arriving while it loads wait for the same load. The previous heads are closed a minute
      // later, not now: a request that already holds them may still be reading (its file number must not
      // be reused under it).
      this.cached = { file: newest, heads: this.loadLatest(newest) };
      void previous?.then((heads) => heads && setTimeout(heads.close, 60_000).unref());
    }
    return this.cached.heads;
  }

  private async loadLatest(newest: string): Promise<CheckpointHeads | null> {
    try {
      const valid = await latestValidCheckpoint(this.store, this.keys.publicKey);
      return valid ? await CheckpointHeads.open(this.store, valid) : null;
    } catch (error) {
      // A signed checkpoint this version cannot read: one loan's verify goes on without it; the full audit reports it.
      this.logger.warn(`checkpoint ${newest} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
      // A bucket that did not answer once must not leave verify without its checkpoint until the next one.
      this.retryAt = Date.now() + 60_000;
      return null;
    }
  }

  verifyAll(): Promise<AuditReport> {
    return verifyAll(this.db, this.keys, this.store);
  }
}
