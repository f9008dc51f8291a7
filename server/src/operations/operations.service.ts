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
import { lockSetting } from './operator-trail';
import { OperationsRepository, type BatchRow, type TrailFilter } from './operations.repository';
import { DEFAULT_STUCK_HOURS, movableStatesOf, type MovableStates, type StuckCursor } from './stuck-query';

export { DEFAULT_STUCK_HOURS };

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
      await lockSetting(em, 'stuck_limit');
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

  private cutoffsOf(limits: { stage: string; hours: number }[], now: Date): Record<string, string> {
    return Object.fromEntries(limits.map((l) => [l.stage, new Date(now.getTime() - l.hours * 3_600_000).toISOString()]));
  }

  /**
   * What the stuck list is computed from, as last read by this process: the limits, the accounts that
   * can act (administrators aside: they pass every key by their role) with the events each holds the
   * key of, and from them and the machine the leaf states where a loan can be moved. Kept while the
   * database's fingerprint of them (limits, accounts, roles, keys) is unchanged.
   */
  private stuckInputs: StuckInputs | null = null;

  private async readStuckInputs(fingerprint: string): Promise<StuckInputs> {
    const [limitRows, accounts] = await Promise.all([this.limits(), this.repo.activeAccounts()]);
    const actors = accounts.filter((a) => !isAdmin(a)).map((a) => ({ id: a.id, roles: a.roles, authorityList: authorityList(a), account: a }));
    // the key of every event, asked once per account here rather than per row and event on each page
    const held = new Map(actors.map((a) => [a, new Set(engine.EVENT_TYPES.filter((type) => engine.holdsPermission(a, engine.EVENT_PERMISSIONS[type])))]));
    const movable = movableStatesOf(actors);
    return { fingerprint, limitRows, actors, held, movable, key: stuckInputsKey(limitRows, movable) };
  }

  /**
   * Loans without an event for longer than their stage's limit (keyset pages): those no account can
   * move first (no active account holds the permission of any event offered in their state), then the
   * rest, each oldest first. Each row: how long, the limit, the last event, and the accounts that can
   * act now (legal actions of the loan's state for that account, guards included). Two planned reads
   * a page whatever its size (the inputs' fingerprint, the page with its last events) while the inputs
   * hold, and the machine asked once per row for every account together.
   */
  async stuck(q: StuckQuery) {
    const now = new Date();
    const size = q.pageSize ?? 20;
    const after = q.cursor ? decodeCursor(q.cursor) : null;
    const page = (inputs: StuckInputs) =>
      this.repo.stuckPage({
        cutoffs: this.cutoffsOf(inputs.limitRows, now),
        stage: q.stage ?? null,
        after,
        size,
        movable: inputs.movable,
        versions: engine.MACHINE_VERSIONS,
      });
    // The page is read beside the fingerprint, with the inputs read before (they rarely change); the
    // inputs are read again when the fingerprint moved, and the page too if they differ: never stale.
    const guess = this.stuckInputs;
    const [fingerprint, guessed] = await Promise.all([this.repo.stuckInputsFingerprint(), guess ? page(guess) : null]);
    const inputs = guess?.fingerprint === fingerprint ? guess : await this.readStuckInputs(fingerprint);
    this.stuckInputs = inputs;
    const rows = guessed && guess?.key === inputs.key ? guessed : await page(inputs);
    const limits = new Map(inputs.limitRows.map((l) => [l.stage, l.hours]));
    const holds = (actor: StuckActor, type: engine.EventType) => inputs.held.get(actor)?.has(type) ?? false;
    const list = rows.map((r) => {
      const machine = runtimeFor(r.machineVersion).machine;
      // an unmovable row has nobody by construction: the machine is not asked
      const canAct = r.unmovable
        ? []
        : engine
            .actorsWhoCanAct(r.snapshot, inputs.actors, machine, holds)
            .map(({ account }) => ({ id: account.id, username: account.username, nickname: account.nickname }));
      const stage = engine.stageInfo(r.stage as engine.StageKey);
      return {
        loanId: r.loanId,
        company: r.company,
        bank: r.bank,
        stage: r.stage,
        stageLabel: { zh: stage.zh, en: stage.en },
        state: r.snapshot.value,
        statusLabels: engine.statusLabels(r.snapshot),
        version: r.version,
        since: r.updatedAt,
        hoursStanding: Math.floor((now.getTime() - new Date(r.updatedAt).getTime()) / 3_600_000),
        limitHours: limits.get(r.stage as (typeof ACTIVE_STAGES)[number]) ?? DEFAULT_STUCK_HOURS[r.stage as engine.StageKey],
        lastEvent: r.lastEventType && {
          type: r.lastEventType,
          label: engine.EVENT_LABELS[r.lastEventType as engine.EventType] ?? null,
          actorId: r.lastEventActorId,
          actorName: r.lastEventActorName,
          at: r.lastEventAt,
        },
        canAct,
        unmovable: r.unmovable,
      };
    });
    const lastRow = rows.at(-1);
    const nextCursor = rows.length === size && lastRow ? encodeCursor({ unmovable: lastRow.unmovable, at: lastRow.updatedAtText, id: lastRow.loanId }) : null;
    return { list, pageSize: size, nextCursor };
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

function encodeCursor(c: StuckCursor): string {
  return Buffer.from(JSON.stringify([c.unmovable ? 1 : 0, c.at, c.id])).toString('base64url');
}

function decodeCursor(cursor: string): StuckCursor {
  try {
    const [flag, at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if ((flag === 0 || flag === 1) && typeof at === 'string' && /^\d{4}-\d{2}-\d{2}[ T][\d:.]+(Z|[+-]\d{2}(:?\d{2})?)?$/.test(at) && isUuid(id))
      return { unmovable: flag === 1, at, id };
  } catch {
    // falls through
  }
  throw new AppError(HttpStatus.BAD_REQUEST, CODES.listCursorInvalid, 'listCursorInvalid', {}, { field: 'cursor' }, 'ListCursorInvalid');
}

/** What a stuck page's rows depend on besides the request: each stage's hours and the movable states. */
type StuckActor = engine.Actor & { account: Account };

interface StuckInputs {
  fingerprint: string;
  limitRows: { stage: string; hours: number }[];
  actors: StuckActor[];
  /** each actor's events whose key it holds */
  held: Map<StuckActor, Set<engine.EventType>>;
  movable: MovableStates;
  /** what the page's statement is made from (limits and movable states) */
  key: string;
}

function stuckInputsKey(limits: { stage: string; hours: number }[], movable: MovableStates): string {
  return JSON.stringify([limits.map((l) => [l.stage, l.hours]), movable.dead, [...movable.live].sort(([a], [b]) => a - b)]);
}
