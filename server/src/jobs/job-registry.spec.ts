import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Job } from 'bullmq';
import { jobOptions } from './job-options';
import { HandlesJobs, JobRegistry, resolveJobHandlers, type JobHandler } from './job-registry';

@Injectable()
@HandlesJobs('purge-expired')
class Purge implements JobHandler<'purge-expired'> {
  async handle() {
    return 'purged';
  }
}

@HandlesJobs('notifyNextActors')
class Notify implements JobHandler<'notifyNextActors'> {
  async handle(payload: { loanId: string; seq: number }) {
    return `${payload.loanId}#${payload.seq}`;
  }
}

@HandlesJobs('notifyNextActors')
class NotifyAgain implements JobHandler<'notifyNextActors'> {
  async handle() {
    return 'again';
  }
}

class Unmarked {
  async handle() {
    return null;
  }
}

describe('the job registry refuses to start with a gap or a double', () => {
  it('a job with no handler', () => {
    expect(() => resolveJobHandlers(['purge-expired', 'notifyNextActors'], [Purge])).toThrow('the worker cannot start: job "notifyNextActors" has no handler');
  });

  it('a job with two handlers, naming both', () => {
    expect(() => resolveJobHandlers(['notifyNextActors'], [Notify, NotifyAgain])).toThrow('job "notifyNextActors" has 2 handlers (Notify, NotifyAgain)');
  });

  it('a handler of a job nobody queues, and a class without the mark', () => {
    expect(() => resolveJobHandlers(['notifyNextActors'], [Notify, Purge])).toThrow('Purge handles "purge-expired", which is not a job');
    expect(() => resolveJobHandlers(['notifyNextActors'], [Notify, Unmarked])).toThrow('Unmarked is not marked with @HandlesJobs');
  });

  it('a complete registry runs each job through its own handler', async () => {
    const registry = new JobRegistry(['purge-expired', 'notifyNextActors'], [new Purge(), new Notify()]);
    expect(await registry.run({ name: 'notifyNextActors', data: { loanId: 'L', seq: 3 } } as Job)).toBe('L#3');
    expect(await registry.run({ name: 'purge-expired', data: {} } as Job)).toBe('purged');
    expect(() => registry.run({ name: 'unknown', data: {} } as Job)).toThrow('no handler for job unknown');
  });
});

describe('a worker whose registry has a gap', () => {
  it('does not start: bootstrap rejects with the missing job named', async () => {
    @Module({
      providers: [
        Purge,
        { provide: JobRegistry, inject: [Purge], useFactory: (...handlers: Purge[]) => new JobRegistry(['purge-expired', 'notifyNextActors'], handlers) },
      ],
    })
    class GappyWorkerModule {}
    await expect(NestFactory.createApplicationContext(GappyWorkerModule, { logger: false, abortOnError: false })).rejects.toThrow(
      'the worker cannot start: job "notifyNextActors" has no handler',
    );
  });
});

describe('job options, decided in one place', () => {
  const payload = { event: 'SUBMIT_MATERIALS' as const, actorId: 'u', loanId: 'L', seq: 1 };

  it('a deterministic id from the key, retries with backoff for the notifications', () => {
    const options = jobOptions('notifyNextActors', payload, 'outbox-42');
    expect(options).toMatchObject({ jobId: 'notifyNextActors-outbox-42', attempts: 5, backoff: { type: 'exponential', delay: 1000 } });
    expect(options.delay).toBeUndefined();
    expect(jobOptions('notifyNextActors', payload, 'outbox-42').jobId).toBe(options.jobId);
    expect(jobOptions('notifyNextActors', payload, 'wf:1:2').jobId).not.toContain(':');
  });

  it('housekeeping is not retried; a payload with dueAt waits until then', () => {
    expect(jobOptions('purge-expired', {}, 'k')).toMatchObject({ attempts: 1 });
    const now = Date.parse('2026-01-01T00:00:00Z');
    const due = { ...payload, dueAt: '2026-01-01T01:00:00Z' } as typeof payload;
    expect(jobOptions('notifyNextActors', due, 'k', now).delay).toBe(3600_000);
    expect(jobOptions('notifyNextActors', { ...payload, dueAt: '2025-01-01T00:00:00Z' } as typeof payload, 'k', now).delay).toBe(0);
  });
});
