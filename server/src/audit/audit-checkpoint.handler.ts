import { Injectable } from '@nestjs/common';
import { HandlesJobs, type JobHandler } from '../jobs/job-registry';
import { CheckpointService } from './checkpoint.service';

/**
 * Runs every minute on the worker: signs a checkpoint when CHECKPOINT_EVERY events were appended since
 * the last one or it is older than CHECKPOINT_MAX_AGE_HOURS. Any number of workers (and an admin's
 * POST) may try at once: an advisory lock lets one write, the others skip.
 */
@Injectable()
@HandlesJobs('audit-checkpoint')
export class AuditCheckpointHandler implements JobHandler<'audit-checkpoint'> {
  constructor(private readonly checkpoints: CheckpointService) {}

  async handle(): Promise<{ written: string | null }> {
    const written = await this.checkpoints.writeIfDue();
    return { written: written?.manifest.id ?? null };
  }
}
