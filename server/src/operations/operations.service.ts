import { getQueueToken } from '@nestjs/bullmq';
import { HttpStatus, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import * as engine from '@app/workflow';
import type { Job, Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { authorityList, isAdmin, type AuthUser } from '../auth/auth-user';
import { AppError, CODES } from '../common/errors';
import { translate } from '../common/i18n';
import { QUEUES } from '../jobs/queues';
import { runtimeFor } from '../workflow/machine-registry';
import { BATCH_LIMIT, type BatchDto, type BatchItemsQuery, type LimitDto, type RetryDto, type StuckQuery, type TrailQuery } from './operations.dto';
import { OperationsRepository, type BatchRow, type TrailFilter } from './operations.repository';

/** Hours a loan may stand in a stage without an event before it is listed as stuck (the administrator may change each). */
export const DEFAULT_STUCK_HOURS: Readonly<Record<engine.StageKey, number>> = {
  collection: 30 * 24,
  preReview: 7 * 24,
  generalOffice: 14 * 24,
  riskControl: 7 * 24,
  insuranceReview: 14 * 24,
  withdrawal: 7 * 24,
  duringGuarantee: 30 * 24,
  disbursement: 14 * 24,
  // visits come every three months at most: a loan after guarantee is stuck past a round and a half
  afterGuarantee: 135 * 24,
  release: 30 * 24,
  compensation: 30 * 24,
  recovery: 180 * 24,
  closed: 1,
  discontinued: 1,
};

const ACTIVE_STAGES = engine.STAGE_KEYS.filter((s): s is Exclude<engine.StageKey, 'closed' | 'discontinued'> => s !== 'closed' && s !== 'discontinued');

export interface Account {
  id: string;
  username: string;
  nickname: string;
  roles: string[];
  permissions: string[];
}

/** A refusal's words in both languages, as a batch item keeps them. */
export function wordsOf(error: unknown): { zh: string; en: string; code: string } {
  if (error instanceof AppError) {
    const params = error.params;
    // the machine's refusal names its reason in the answer's data
    const reason = (error.data as { reason?: { zh: string; en: string } } | null)?.reason;
    if (reason?.zh)
      return {
        code: error.code,
        zh: `${translate(error.messageKey, 'zh-CN', params)}：${reason.zh}`,
        en: `${translate(error.messageKey, 'en', params)}: ${reason.en}`,
      };
    return { code: error.code, zh: translate(error.messageKey, 'zh-CN', params), en: translate(error.messageKey, 'en', params) };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'ERROR', zh: message, en: message };
}

/**
 * The operations console: stuck loans, failed work and its retry, batches, limits, the operator trail.
 * A move itself is the pipeline's event OPERATOR_MOVE (POST /loans/{id}/events), whose writer
 * (operations.hooks.ts) records it in the trail; everything else here records its own row, in the
 * transaction of what it changes.
 */
@Injectable()
export class OperationsService {
  constructor(
    private readonly db: DataSource,
    private readonly repo: OperationsRepository,
    private readonly moduleRef: ModuleRef,
  ) {}

  moveTargets(): engine.MoveTargetNode[] {
    return engine.moveTargetTree(engine.guaranteeMachine);
  }

  // --- limits ---------------------------------------------------------------------------------

  async limits() {
    const set = new Map((await this.repo.limits()).map((r) => [r.stage, r]));
    return ACTIVE_STAGES.map((stage) => {
      const row = set.get(stage);
      return {
        stage,
        label: { zh: engine.stageInfo(stage).zh, en: engine.stageInfo(stage).en },
        defaultHours: DEFAULT_STUCK_HOURS[stage],
        hours: row?.hours ?? DEFAULT_STUCK_HOURS[stage],
        changedBy: row?.changedBy ?? null,
        changedAt: row?.changedAt ?? null,
      };
    });
  }

  async setLimit(dto: LimitDto, user: AuthUser) {
    const stage = dto.stage as (typeof ACTIVE_STAGES)[number];
    if (!ACTIVE_STAGES.includes(stage)) throw AppError.badRequest('badRequest');
    await this.db.transaction(async (em) => {
      await em.query(`SELECT pg_advisory_xact_lock(hashtext('stuck_limit'))`);
      const before = (await this.repo.limits(em)).find((r) => r.stage === stage)?.hours ?? null;
      const after = dto.hours ?? null;
      await this.repo.setLimit(em, stage, after, user.id);
      await this.repo.trail(em, {
        actorId: user.id,
        action: 'SETTINGS',
        reason: dto.reason.trim(),
        before: { stage, hours: before ?? DEFAULT_STUCK_HOURS[stage], custom: before !== null },
        after: { stage, hours: after ?? DEFAULT_STUCK_HOURS[stage], custom: after !== null },
      });
    });
    return this.limits();
  }

  // --- stuck loans ----------------------------------------------------------------------------

  private async cutoffs(now: Date): Promise<Record<string, string>> {
    const limits = await this.limits();
    return Object.fromEntries(limits.map((l) => [l.stage, new Date(now.getTime() - l.hours * 3_600_000).toISOString()]));
  }

  /**
   * Loans without an event for longer than their stage's limit, oldest first (keyset pages). Each row:
   * how long, the limit, the last event, and the accounts that can act now (legal actions of the
   * loan's state for that account, administrators aside: they pass every key by their role); a loan
   * nobody can move is flagged, and comes first on its page.
   */
  async stuck(q: StuckQuery) {
    const now = new Date();
    const size = q.pageSize ?? 20;
    const after = q.cursor ? decodeCursor(q.cursor) : null;
    const limits = new Map((await this.limits()).map((l) => [l.stage, l.hours]));
    const rows = await this.repo.stuckPage(await this.cutoffs(now), q.stage ?? null, after, size);
    const last = await this.repo.lastEvents(rows.map((r) => r.loanId));
    const accounts = (await this.repo.activeAccounts()).filter((a) => !isAdmin(a));
    const actors = accounts.map((a) => ({ account: a, actor: { id: a.id, roles: a.roles, authorityList: authorityList(a) } }));
    const list = rows.map((r) => {
      const machine = runtimeFor(r.machineVersion).machine;
      const canAct = actors
        .filter(({ actor }) => engine.legalActions(r.snapshot, actor, machine).length > 0)
        .map(({ account }) => ({ id: account.id, username: account.username, nickname: account.nickname }));
      const event = last.get(r.loanId) ?? null;
      return {
        loanId: r.loanId,
        company: r.company,
        bank: r.bank,
        stage: r.stage,
        stageLabel: { zh: engine.stageInfo(r.stage as engine.StageKey).zh, en: engine.stageInfo(r.stage as engine.StageKey).en },
        state: r.snapshot.value,
        statusLabels: engine.statusLabels(r.snapshot),
        version: r.version,
        since: r.updatedAt,
        hoursStanding: Math.floor((now.getTime() - new Date(r.updatedAt).getTime()) / 3_600_000),
        limitHours: limits.get(r.stage as (typeof ACTIVE_STAGES)[number]) ?? DEFAULT_STUCK_HOURS[r.stage as engine.StageKey],
        lastEvent: event && {
          type: event.type,
          label: engine.EVENT_LABELS[event.type as engine.EventType] ?? null,
          actorId: event.actorId,
          actorName: event.actorName,
          at: event.at,
        },
        canAct,
        unmovable: canAct.length === 0,
      };
    });
    const lastRow = rows.at(-1);
    const nextCursor =
      rows.length === size && lastRow
        ? encodeCursor((await this.repo.updatedAtText(lastRow.loanId)) ?? new Date(lastRow.updatedAt).toISOString(), lastRow.loanId)
        : null;
    // flagged first (stable: oldest first among each)
    return { list: [...list.filter((r) => r.unmovable), ...list.filter((r) => !r.unmovable)], pageSize: size, nextCursor };
  }

  // --- failed work ----------------------------------------------------------------------------

  private queues(): Queue[] {
    return Object.values(QUEUES).map((name) => this.moduleRef.get<Queue>(getQueueToken(name), { strict: false }));
  }

  async failedWork(loanId: string | null) {
    const outbox = (await this.repo.failedOutbox(loanId)).map((r) => ({
      kind: 'OUTBOX' as 'OUTBOX' | 'JOB',
      id: r.id,
      name: r.topic,
      loanId: r.loanId,
      at: r.createdAt,
      attempts: r.attempts,
      error: r.lastError,
    }));
    const jobs: typeof outbox = [];
    for (const queue of this.queues()) {
      const failed: Job[] = await queue.getFailed(0, 499);
      for (const job of failed) {
        const jobLoan = (job.data as { loanId?: unknown } | undefined)?.loanId;
        if (loanId && jobLoan !== loanId) continue;
        jobs.push({
          kind: 'JOB',
          id: `${queue.name}:${job.id}`,
          name: job.name,
          loanId: typeof jobLoan === 'string' ? jobLoan : null,
          at: new Date(job.finishedOn ?? job.timestamp),
          attempts: job.attemptsMade,
          error: (job.failedReason ?? '').slice(0, 500),
        });
      }
    }
    return [...outbox, ...jobs];
  }

  /** Retries one failed outbox row or job, and records it (404 when it is not failed any more). */
  async retry(dto: RetryDto, user: AuthUser) {
    const reason = dto.reason.trim();
    if (dto.kind === 'OUTBOX') {
      if (!/^\d{1,18}$/.test(dto.id)) throw notFailed();
      await this.db.transaction(async (em) => {
        const old = await this.repo.retryOutbox(em, dto.id);
        if (!old) throw notFailed();
        await this.repo.trail(em, {
          actorId: user.id,
          action: 'RETRY',
          loanId: isUuid(old.loanId) ? old.loanId : null,
          reason,
          before: { kind: 'OUTBOX', id: dto.id, topic: old.topic, attempts: old.attempts, error: old.lastError },
          after: { kind: 'OUTBOX', id: dto.id, pending: true },
        });
      });
      return { kind: dto.kind, id: dto.id };
    }
    const at = dto.id.indexOf(':');
    const queue = this.queues().find((q) => q.name === dto.id.slice(0, at));
    const job = queue ? await queue.getJob(dto.id.slice(at + 1)) : undefined;
    if (!queue || !job || !(await job.isFailed())) throw notFailed();
    const loanId = (job.data as { loanId?: unknown })?.loanId;
    await this.db.transaction(async (em) => {
      await this.repo.trail(em, {
        actorId: user.id,
        action: 'RETRY',
        loanId: isUuid(loanId) ? loanId : null,
        reason,
        before: { kind: 'JOB', id: dto.id, name: job.name, attempts: job.attemptsMade, error: (job.failedReason ?? '').slice(0, 500) },
        after: { kind: 'JOB', id: dto.id, state: 'waiting' },
      });
      // in the transaction: a retry Redis refuses leaves no trail row behind
      await job.retry('failed');
    });
    return { kind: dto.kind, id: dto.id };
  }

  /** Every failed piece of work of one loan, retried (a batch item): how many. */
  async retryLoan(loanId: string, reason: string, user: AuthUser): Promise<number> {
    const failed = await this.failedWork(loanId);
    for (const f of failed) await this.retry({ kind: f.kind, id: f.id, reason }, user);
    return failed.length;
  }

  // --- batches --------------------------------------------------------------------------------

  async createBatch(dto: BatchDto, user: AuthUser, queueBatch: (id: string) => Promise<void>) {
    if (dto.action === 'MOVE') {
      if (dto.target === undefined || dto.target === null)
        throw new AppError(HttpStatus.BAD_REQUEST, CODES.operationsMoveTargetMissing, 'operationsMoveTargetMissing');
      const shape = engine.validateEvent({ type: 'OPERATOR_MOVE', actorId: user.id, at: new Date().toISOString(), target: dto.target, reason: dto.reason });
      if (shape.length)
        throw new AppError(HttpStatus.BAD_REQUEST, CODES.payloadInvalid, 'payloadInvalid', { detail: shape.map((e) => `${e.field} ${e.message}`).join('; ') });
      // a target the machine does not have refuses the whole batch, naming it (every item would be refused for it)
      const wrong = engine.operatorMoveRefusal(engine.guaranteeMachine, '__nowhere__', dto.target as engine.OperatorMoveTarget);
      if (wrong && wrong.code === 'OPERATOR_MOVE_UNKNOWN_TARGET')
        throw new AppError(HttpStatus.BAD_REQUEST, CODES.payloadInvalid, 'payloadInvalid', { detail: { zh: wrong.zh, en: wrong.en } }, { reason: wrong });
    }
    let loanIds: string[];
    if (dto.loanIds?.length) loanIds = await this.repo.existingLoans([...new Set(dto.loanIds)]);
    else if (dto.filter) loanIds = await this.repo.selectLoans(dto.filter, BATCH_LIMIT);
    else loanIds = [];
    if (!loanIds.length) throw new AppError(HttpStatus.BAD_REQUEST, CODES.operationsBatchEmpty, 'operationsBatchEmpty');
    if (loanIds.length > BATCH_LIMIT)
      throw new AppError(HttpStatus.BAD_REQUEST, CODES.operationsBatchTooLarge, 'operationsBatchTooLarge', { limit: BATCH_LIMIT, count: `${BATCH_LIMIT}+` });
    const id = randomUUID();
    const selection = dto.loanIds?.length ? { loanIds: dto.loanIds.length } : { filter: dto.filter };
    const params = dto.action === 'MOVE' ? { target: dto.target } : {};
    await this.db.transaction(async (em) => {
      await this.repo.createBatch(em, { id, action: dto.action, reason: dto.reason.trim(), params, selection, createdBy: user.id }, loanIds);
      await this.repo.trail(em, {
        actorId: user.id,
        action: 'BATCH_CREATE',
        batchId: id,
        reason: dto.reason.trim(),
        after: { action: dto.action, params, selection, total: loanIds.length },
      });
    });
    await queueBatch(id);
    return this.batch(id);
  }

  async batch(id: string): Promise<BatchRow> {
    const row = isUuid(id) ? await this.repo.batch(id) : null;
    if (!row) throw new AppError(HttpStatus.NOT_FOUND, CODES.operationsBatchNotFound, 'operationsBatchNotFound');
    return row;
  }

  batches() {
    return this.repo.batches(100);
  }

  async batchItems(id: string, q: BatchItemsQuery) {
    await this.batch(id);
    const list = await this.repo.batchItems(id, q.outcome ?? null, q.after ?? 0, q.pageSize ?? 100);
    return { list, next: list.length === (q.pageSize ?? 100) ? list.at(-1)!.position : null };
  }

  async cancel(id: string, reason: string, user: AuthUser) {
    await this.batch(id);
    await this.db.transaction(async (em) => {
      const row = await this.repo.requestCancel(em, id);
      if (!row) throw new AppError(HttpStatus.CONFLICT, CODES.operationsBatchFinished, 'operationsBatchFinished');
      await this.repo.trail(em, {
        actorId: user.id,
        action: 'BATCH_CANCEL',
        batchId: id,
        reason: reason.trim(),
        before: { status: row.status, applied: row.applied, refused: row.refused, skipped: row.skipped },
      });
    });
    return this.batch(id);
  }

  // --- the trail ------------------------------------------------------------------------------

  async trail(q: TrailQuery) {
    const size = q.pageSize ?? 50;
    const list = await this.repo.trailPage(q as TrailFilter, q.beforeId ?? null, size);
    return { list, pageSize: size, nextBeforeId: list.length === size ? list.at(-1)!.id : null };
  }

  trailRows(q: TrailQuery) {
    return this.repo.trailCursor(q as TrailFilter);
  }

  /** The creator of a batch as the pipeline sees a signed-in user (null: disabled or deleted since). */
  async actorOf(userId: string): Promise<AuthUser | null> {
    const a = await this.repo.account(userId);
    return a
      ? { id: a.id, username: a.username, nickname: a.nickname, avatar: null, roles: a.roles, permissions: a.permissions, sessionId: 'operations-batch' }
      : null;
  }
}

const notFailed = () => new AppError(HttpStatus.NOT_FOUND, CODES.operationsFailedWorkNotFound, 'operationsFailedWorkNotFound');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

function encodeCursor(at: string, id: string): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url');
}

function decodeCursor(cursor: string): { at: string; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'string' && /^\d{4}-\d{2}-\d{2}[ T][\d:.]+(Z|[+-]\d{2}(:?\d{2})?)?$/.test(at) && isUuid(id)) return { at, id };
  } catch {
    // falls through
  }
  throw new AppError(HttpStatus.BAD_REQUEST, CODES.listCursorInvalid, 'listCursorInvalid', {}, { field: 'cursor' }, 'ListCursorInvalid');
}
