import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { JobRegistry } from './job-registry';
import { QUEUES } from './queues';

/** The BullMQ worker of each queue: it only hands each job to the handler registered for its name. */
abstract class RegistryWorker extends WorkerHost {
  constructor(private readonly registry: JobRegistry) {
    super();
  }

  process(job: Job): Promise<unknown> {
    return this.registry.run(job);
  }
}

@Processor(QUEUES.maintenance)
export class MaintenanceWorker extends RegistryWorker {
  constructor(registry: JobRegistry) {
    super(registry);
  }
}

@Processor(QUEUES.notifications)
export class NotificationsWorker extends RegistryWorker {
  constructor(registry: JobRegistry) {
    super(registry);
  }
}

@Processor(QUEUES.reminders)
export class RemindersWorker extends RegistryWorker {
  constructor(registry: JobRegistry) {
    super(registry);
  }
}

/** One worker per queue (keep in step with QUEUES). */
export const QUEUE_WORKERS = [MaintenanceWorker, NotificationsWorker, RemindersWorker] as const;
