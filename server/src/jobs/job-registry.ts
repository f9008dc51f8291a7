import type { Job } from 'bullmq';
import type { JobName, JobPayloads } from './queues';

/** Does the jobs named N: receives each one's payload as typed in JobPayloads. Must be idempotent. */
export interface JobHandler<N extends JobName = JobName> {
  handle(payload: JobPayloads[N], job: Job): Promise<unknown>;
}

/** A handler of some job(s), whichever: the registry matches it to its names by its mark. */
export interface AnyJobHandler {
  handle(payload: never, job: Job): Promise<unknown>;
}

const HANDLED_JOBS = Symbol('handledJobs');
type HandlerClass = abstract new (...args: never[]) => object;

/**
 * Marks a class as the handler of the jobs `names`; the class must take their payload types.
 * `@HandlesJobs('notifyNextActors') class X implements JobHandler<'notifyNextActors'>`.
 */
export function HandlesJobs<N extends JobName>(...names: N[]) {
  return <C extends abstract new (...args: never[]) => JobHandler<N>>(target: C): void => {
    Object.defineProperty(target, HANDLED_JOBS, { value: [...names], enumerable: false });
  };
}

export function jobsHandledBy(type: HandlerClass): string[] {
  return (type as unknown as { [HANDLED_JOBS]?: string[] })[HANDLED_JOBS] ?? [];
}

/**
 * Which class handles each of `expected`; throws, naming every problem, when a job has no handler,
 * has two, or a handler claims a job nobody queues. The worker builds this at bootstrap, so it
 * refuses to start rather than leave a job unprocessed or done twice.
 */
export function resolveJobHandlers<N extends string>(expected: readonly N[], types: readonly HandlerClass[]): Map<N, HandlerClass> {
  const claims = new Map<string, HandlerClass[]>();
  for (const type of types) for (const name of jobsHandledBy(type)) claims.set(name, [...(claims.get(name) ?? []), type]);
  const problems: string[] = [];
  for (const name of expected) {
    const handlers = claims.get(name) ?? [];
    if (handlers.length === 0) problems.push(`job "${name}" has no handler`);
    if (handlers.length > 1) problems.push(`job "${name}" has ${handlers.length} handlers (${handlers.map((h) => h.name).join(', ')})`);
  }
  for (const [name, handlers] of claims) {
    if (!(expected as readonly string[]).includes(name)) problems.push(`${handlers.map((h) => h.name).join(', ')} handles "${name}", which is not a job`);
  }
  for (const type of types) if (jobsHandledBy(type).length === 0) problems.push(`${type.name} is not marked with @HandlesJobs`);
  if (problems.length) throw new Error(`the worker cannot start: ${problems.join('; ')}`);
  return new Map(expected.map((name) => [name, claims.get(name)![0]]));
}

/** The handler instance of every job name, checked when it is built. */
export class JobRegistry {
  private readonly byName = new Map<string, AnyJobHandler>();

  constructor(expected: readonly JobName[], handlers: readonly AnyJobHandler[]) {
    const types = handlers.map((h) => h.constructor as HandlerClass);
    const resolved = resolveJobHandlers(expected, types);
    for (const [name, type] of resolved) this.byName.set(name, handlers[types.indexOf(type)]);
  }

  /** Runs a job through its handler (a processor of any queue calls this). */
  run(job: Job): Promise<unknown> {
    const handler = this.byName.get(job.name);
    if (!handler) throw new Error(`no handler for job ${job.name}`);
    // The handler was registered for this name, so job.data is its payload type.
    return handler.handle(job.data as never, job);
  }

  names(): string[] {
    return [...this.byName.keys()];
  }
}
