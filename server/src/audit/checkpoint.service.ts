import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { AUDIT_KEYS } from './audit.tokens';
import type { AuditKeys } from './audit-keys';
import { CheckpointHeads, checkpointDue, latestValidCheckpoint, listCheckpoints, newestCheckpointFile, SignedCheckpoint, writeCheckpoint } from './checkpoint';
import { AuditReport, verifyAll } from './verify-all';

/** Writes checkpoints when due (the worker asks every minute), answers the auditor, and keeps the latest heads at hand for verify. */
@Injectable()
export class CheckpointService {
  private readonly logger = new Logger(CheckpointService.name);
  private cached: { file: string; heads: CheckpointHeads | null } | null = null;

  constructor(
    private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(AUDIT_KEYS) private readonly keys: AuditKeys,
  ) {}

  get dir(): string {
    return this.config.checkpointDir;
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
    const written = await writeCheckpoint(this.db, this.keys, this.dir, now, due);
    if (written) this.logger.log(`checkpoint ${written.manifest.id}: ${written.manifest.loans} loans signed`);
    return written;
  }

  list(): SignedCheckpoint[] {
    return listCheckpoints(this.dir).flatMap((c) => (c.checkpoint ? [c.checkpoint] : []));
  }

  /** The heads file of a checkpoint by id, or null. */
  headsPath(id: string): string | null {
    const c = this.list().find((x) => x.manifest.id === id);
    return c ? `${this.dir}/${c.manifest.headsFile.replace(/[/\\]/g, '')}` : null;
  }

  /** The newest checkpoint that verifies, loaded once per new checkpoint file. */
  latestHeads(): CheckpointHeads | null {
    // Only the folder is listed per call; the heads are read again when a newer checkpoint appears.
    const newest = newestCheckpointFile(this.dir) ?? '';
    if (this.cached?.file !== newest) {
      this.cached?.heads?.close();
      let heads: CheckpointHeads | null = null;
      try {
        const valid = latestValidCheckpoint(this.dir, this.keys.publicKey);
        heads = valid ? CheckpointHeads.open(this.dir, valid) : null;
      } catch (error) {
        // A signed checkpoint this version cannot read: one loan's verify goes on without it; the full audit reports it.
        this.logger.warn(`checkpoint ${newest} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
      }
      this.cached = { file: newest, heads };
    }
    return this.cached.heads;
  }

  verifyAll(): Promise<AuditReport> {
    return verifyAll(this.db, this.keys, this.dir);
  }
}
