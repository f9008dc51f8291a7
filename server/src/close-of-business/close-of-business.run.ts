import * as engine from '@app/workflow';
import { DataSource } from 'typeorm';
import {
  claimRun,
  closeOverdue,
  enabledUsersWithKeys,
  ensureRun,
  finishRun,
  finishStep,
  insertOverdueMessages,
  insertSnapshot,
  latestBuckets,
  noteRunResumed,
  startStep,
} from './close-of-business.repository';

/** When the scheduler fires: 00:30 every day, company time (a run closes the company day it runs on). */
export const CLOSE_OF_BUSINESS_CRON = '30 0 * * *';

/** The steps of a close of business, in their fixed order. */
export const CLOSE_OF_BUSINESS_STEPS = ['overdue', 'notify', 'snapshot'] as const;
export type CloseOfBusinessStep = (typeof CLOSE_OF_BUSINESS_STEPS)[number];

/** The regulatory figures of a day, as the regulatory service answers them (stored whole, whatever they hold). */
export type FiguresOf = (day: string) => Promise<unknown>;

export type RunOutcome =
  | { day: string; ran: true; steps: { step: CloseOfBusinessStep; skipped: boolean; rows: number; ms: number }[] }
  | { day: string; ran: false; reason: 'finished-or-running' };

/** The overdue buckets in force: the administrator's (kept valid by the API), or the default. */
export async function bucketsInForce(db: DataSource): Promise<readonly engine.OverdueBucket[]> {
  const row = await latestBuckets(db);
  return row && engine.bucketsProblem(row.buckets) === null ? row.buckets : engine.DEFAULT_OVERDUE_BUCKETS;
}

/**
 * Runs the close of business of `day` once, whatever the number of workers: the day's run row is made
 * (its key decides) and then claimed with a row lock held by one connection for the whole run (a second
 * worker skips it; a worker that dies releases it). Each step is marked started in a committed statement,
 * then does its work and marks itself finished in one transaction: a step finished is not done again, a
 * step started and not finished (the worker died) is done again on the next start. Each step is also
 * idempotent by itself (keys and "as of" days), so even a redone step writes nothing twice.
 */
export async function runCloseOfBusiness(db: DataSource, day: string, figuresOf: FiguresOf, now: () => Date = () => new Date()): Promise<RunOutcome> {
  await ensureRun(db, day);
  const holder = db.createQueryRunner();
  await holder.connect();
  try {
    await holder.startTransaction();
    const claimed = await claimRun(holder.manager, day);
    if (!claimed) {
      await holder.rollbackTransaction();
      return { day, ran: false, reason: 'finished-or-running' };
    }
    await noteRunResumed(holder.manager, day);
    const buckets = await bucketsInForce(db);
    const steps: { step: CloseOfBusinessStep; skipped: boolean; rows: number; ms: number }[] = [];
    for (const [index, step] of CLOSE_OF_BUSINESS_STEPS.entries()) {
      const started = await startStep(db, day, step, index + 1, now());
      if (!started) {
        steps.push({ step, skipped: true, rows: 0, ms: 0 });
        continue;
      }
      const t0 = performance.now();
      // The snapshot's figures are read before its transaction (the service reads on its own connection).
      const figures = step === 'snapshot' ? await figuresOf(day) : null;
      const rows = await db.transaction(async (em) => {
        let touched = 0;
        if (step === 'overdue') touched = await closeOverdue(em, day, buckets);
        if (step === 'notify') touched = await insertOverdueMessages(em, day, await leaderIds(db), buckets);
        if (step === 'snapshot') touched = await insertSnapshot(em, day, figures);
        const ms = Math.round(performance.now() - t0);
        await finishStep(em, day, step, now(), ms, touched);
        return touched;
      });
      steps.push({ step, skipped: false, rows, ms: Math.round(performance.now() - t0) });
    }
    await finishRun(holder.manager, day, now());
    await holder.commitTransaction();
    return { day, ran: true, steps };
  } catch (error) {
    if (holder.isTransactionActive) await holder.rollbackTransaction();
    throw error;
  } finally {
    await holder.release();
  }
}

/** The leaders: who may approve visit reports (administrators are not the pipeline's leaders). */
async function leaderIds(db: DataSource): Promise<string[]> {
  const users = await enabledUsersWithKeys(db);
  return users
    .filter((u) => !engine.isAdminHolder(u))
    .filter((u) => engine.holdsPermission({ roles: u.roles, authorityList: u.permissions }, 'sys:after-leader:approve'))
    .map((u) => u.id);
}
