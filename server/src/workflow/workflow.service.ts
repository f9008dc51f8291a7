import { HttpStatus, Injectable, OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import * as engine from '@app/workflow';
import { DataSource, EntityManager } from 'typeorm';
import { AppError, CODES } from '../common/errors';
import { AuthUser, authorityList, holds } from '../auth/auth-user';
import { effectJobPayload } from '../jobs/queues';
import { Clock } from '../common/clock';
import { describeFieldErrors } from './event-field-messages';
import { fold, LoanVerdict, verifyLoan } from '../audit/replay';
import { CheckpointService } from '../audit/checkpoint.service';
import { canonicalJson, eventHash, genesisHash, sha256 } from './hash-chain';
import { runtimeFor } from './machine-registry';
import { ApplyEventDto, WorkflowView } from './workflow.dto';
import { EventRow, InstanceRow, WorkflowRepository } from './workflow.repository';
import { InstanceCache } from './instance-cache';
import { describeEvidence } from './evidence';
import { type DeclaredHooks, type EventHooks, NO_HOOKS, PIPELINE_HOOKS, resolveHooks } from './hooks';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Fields the server puts into every event; a client may not supply them. */
const RESERVED = ['type', 'actorId', 'at'];

type Actor = { id: string; roles: string[]; authorityList: ReturnType<typeof authorityList> };
/** Per user object (the session cache hands out the same one until it changes): the key list costs a pass over every key. */
const actors = new WeakMap<AuthUser, Actor>();

export function actorOf(user: AuthUser): Actor {
  let actor = actors.get(user);
  if (!actor) {
    actor = { id: user.id, roles: user.roles, authorityList: authorityList(user) };
    actors.set(user, actor);
  }
  return actor;
}

export interface ApplyResult {
  view: WorkflowView;
  /** True when an Idempotency-Key repeat answered the first result and applied nothing. */
  repeated: boolean;
}

/** One event on its way through applyOnce: what the request asked, and what the preparers filled in. */
interface Step {
  loanId: string;
  type: engine.EventType;
  payload: Record<string, unknown>;
  expectedVersion: number;
  user: AuthUser;
  idempotencyKey: string | undefined;
  /** The request's fingerprint, only needed to answer a repeated Idempotency-Key ('' without one). */
  requestHash: string;
  at: string;
  hooks: EventHooks;
  /** Fields the preparers put into the event (they win over the client's). */
  serverFilled: Record<string, unknown>;
  /** What commit-checked preparers read: the commit is refused if loan data was saved since. */
  loanDataVersions: Record<string, number> | null;
  /** validateEvent ran on the very event that will be committed: the machine need not check its shape again. */
  shapeChecked: boolean;
  /** The hot path: the instance this process last saw, at the client's version. */
  cached: InstanceRow | undefined;
}

/** What the writers leave for after the transaction. */
interface Aftermath {
  rollbacks: (() => Promise<void>)[];
  commits: (() => Promise<void>)[];
}

/**
 * Runs loans through the machine: the server never decides what may happen next by itself; it asks
 * @app/workflow, persists the answer with the event, and chains the event's hash. The features' own
 * preparers and writers come from their hooks files, in the order of hook-order.ts (hooks.ts).
 */
@Injectable()
export class WorkflowService implements OnModuleInit {
  private readonly cache = new InstanceCache();
  private hooksByEvent: Map<engine.EventType, EventHooks> | null = null;

  constructor(
    private readonly db: DataSource,
    private readonly repo: WorkflowRepository,
    private readonly clock: Clock,
    private readonly checkpoints: CheckpointService,
    private readonly moduleRef: ModuleRef,
  ) {}

  /** At start: the declared hooks against their order list (throws, so the server does not start, when they disagree). */
  onModuleInit(): void {
    this.hooks();
  }

  private hooks(): Map<engine.EventType, EventHooks> {
    this.hooksByEvent ??= resolveHooks(this.moduleRef.get<DeclaredHooks>(PIPELINE_HOOKS, { strict: false }));
    return this.hooksByEvent;
  }

  private async load(loanId: string): Promise<InstanceRow> {
    const row = UUID.test(loanId) ? await this.repo.instance(loanId) : null;
    if (!row) throw AppError.notFound('loanNotFound');
    // What a client reads is what it sends its next event against.
    this.cache.rememberInstance(row);
    return row;
  }

  /**
   * `actor`: actorOf(user), passed in by a caller viewing many rows (it derives every key the user holds);
   * `labels`: the snapshot's status labels when already computed (the machine returns them with a step).
   */
  view(
    row: Pick<InstanceRow, 'loanId' | 'machineVersion' | 'version' | 'snapshot'>,
    user: AuthUser,
    actor = actorOf(user),
    labels?: engine.StatusLabels,
  ): WorkflowView {
    return {
      loanId: row.loanId,
      machineVersion: row.machineVersion,
      version: row.version,
      stage: engine.stageOf(row.snapshot),
      state: row.snapshot.value,
      statusLabels: labels ?? engine.statusLabels(row.snapshot),
      legalActions: engine.legalActions(row.snapshot, actor).filter((a) => !engine.isMeetingLibraryEvent(a.type)),
      // Beside the fixed fields: the persisted snapshot, so the web runs the same machine on it.
      snapshot: row.snapshot,
    };
  }

  async getView(loanId: string, user: AuthUser): Promise<WorkflowView> {
    return this.withDocuments(this.view(await this.load(loanId), user));
  }

  /** The view with `document` on each legal action that stands on one (workflow EVENT_EVIDENCE). */
  async withDocuments(view: WorkflowView, em: EntityManager = this.db.manager): Promise<WorkflowView> {
    await describeEvidence(em, [view]);
    return view;
  }

  async apply(loanId: string, dto: ApplyEventDto, user: AuthUser, idempotencyKey?: string): Promise<ApplyResult> {
    const result = await this.applyOnce(loanId, dto, user, idempotencyKey, true);
    return { ...result, view: await this.withDocuments(result.view) };
  }

  /**
   * prepare -> judge -> commit -> write -> answer. `useCache`: an event with no key, locked preparer or
   * writer may start from the instance this process last saw (instance-cache.ts), judged and committed
   * in one statement that checks it is still the stored one; if it is not, or the machine refuses, the
   * event is judged again on the stored rows.
   */
  private async applyOnce(loanId: string, dto: ApplyEventDto, user: AuthUser, idempotencyKey: string | undefined, useCache: boolean): Promise<ApplyResult> {
    const step = await this.prepare(loanId, dto, user, idempotencyKey, useCache);
    if (idempotencyKey) {
      const earlier = await this.earlierResult(user.id, idempotencyKey, step.requestHash);
      if (earlier) return { view: earlier, repeated: true };
    }
    if (step.cached) {
      const view = await this.applyToCached(step, step.cached);
      if (view) return { view, repeated: false };
      // Refused or not applied: judge again on the stored rows (the answer must come from them).
      this.cache.forget(loanId);
      return this.applyOnce(loanId, dto, user, idempotencyKey, false);
    }
    return this.applyToStored(step);
  }

  /** The event is one the API takes, the user holds its key, and the payload names no field the server sets. */
  private admit(dto: ApplyEventDto, user: AuthUser): engine.EventType {
    if (!(engine.EVENT_TYPES as readonly string[]).includes(dto.type)) {
      throw new AppError(HttpStatus.BAD_REQUEST, CODES.unknownEvent, 'unknownEvent', { type: dto.type });
    }
    const type = dto.type as engine.EventType;
    if (engine.isMeetingLibraryEvent(type)) {
      throw new AppError(HttpStatus.CONFLICT, CODES.meetingLibraryEvent, 'meetingLibraryEvent', {}, { type }, 'MeetingLibraryEvent');
    }
    const permission = engine.EVENT_PERMISSIONS[type];
    // Permission first: a refused actor learns nothing about the loan and writes nothing.
    if (!holds(user, permission)) throw AppError.forbidden({ required: permission });
    const reserved = RESERVED.filter((k) => k in (dto.payload ?? {}));
    if (reserved.length) {
      throw new AppError(HttpStatus.BAD_REQUEST, CODES.payloadInvalid, 'payloadInvalid', { detail: reserved.join(', ') });
    }
    return type;
  }

  /** Admission, the event's preparers (outside any transaction) and its shape (400): the step to judge. */
  private async prepare(loanId: string, dto: ApplyEventDto, user: AuthUser, idempotencyKey: string | undefined, useCache: boolean): Promise<Step> {
    const type = this.admit(dto, user);
    const payload = dto.payload ?? {};
    const validLoanId = UUID.test(loanId);
    const hooks = validLoanId ? (this.hooks().get(type) ?? NO_HOOKS) : NO_HOOKS;
    // The hot path: one statement, from the instance this process last saw at the client's version.
    const kept = useCache && validLoanId && !idempotencyKey && !hooks.locked.length && !hooks.writers.length ? this.cache.instance(loanId) : undefined;
    const cached = kept && kept.version === dto.expectedVersion ? kept : undefined;
    const serverFilled: Record<string, unknown> = {};
    let loanDataVersions: Record<string, number> | null = null;
    for (const { feature, prepare } of hooks.checked) {
      // What was read with the kept instance only with it: a refusal there is judged again on stored rows.
      const key = `${type}:${feature}`;
      let read = cached ? this.cache.checkedFields(loanId, key) : undefined;
      if (!read) {
        read = await prepare(this.db.manager, loanId);
        this.cache.rememberChecked(loanId, key, read);
      }
      Object.assign(serverFilled, read.fields);
      loanDataVersions = { ...(loanDataVersions ?? {}), ...read.loanDataVersions };
    }
    for (const prepare of hooks.locked) Object.assign(serverFilled, await prepare(this.db.manager, loanId, payload));
    const at = this.clock.now().toISOString();
    // Shape first (400), so that the machine only ever judges well-formed events: what the client sent
    // (its fields win here), and, when the server replaced some, the event as it will be committed.
    const fieldErrors = engine.validateEvent({ ...serverFilled, ...payload, type, actorId: user.id, at });
    if (fieldErrors.length) {
      const detail = { zh: describeFieldErrors(fieldErrors, 'zh-CN'), en: describeFieldErrors(fieldErrors, 'en') };
      throw new AppError(HttpStatus.BAD_REQUEST, CODES.payloadInvalid, 'payloadInvalid', { detail }, { fieldErrors });
    }
    if (!validLoanId) throw AppError.notFound('loanNotFound');
    const replaced = Object.keys(serverFilled).some((k) => k in payload);
    const requestHash = idempotencyKey ? sha256(canonicalJson({ loanId, type, payload, expectedVersion: dto.expectedVersion })) : '';
    return {
      loanId,
      type,
      payload,
      expectedVersion: dto.expectedVersion,
      user,
      idempotencyKey,
      requestHash,
      at,
      hooks,
      serverFilled,
      loanDataVersions,
      // Without a locked preparer (which runs again below), the committed event is the one checked
      // unless the server replaced a field the client sent: then the machine checks its shape again.
      shapeChecked: !hooks.locked.length && !replaced,
      cached,
    };
  }

  /** The hot path: judged on the kept instance and committed in one statement; null when refused or no longer current. */
  private async applyToCached(step: Step, row: InstanceRow): Promise<WorkflowView | null> {
    const event = eventOf(step);
    const judged = judgeEvent(row, event, step);
    if (!judged.accepted) return null;
    const committed = await commitJudged(this.db.manager, this.repo, row, event, judged, step);
    if (!committed) return null;
    this.cache.rememberInstance(nextRow(row, committed));
    return this.answer(step, row, committed);
  }

  /**
   * On the stored row. Without an Idempotency-Key, a locked preparer or a writer the step is one
   * statement, atomic by itself; with one, the key's claim, the step and the features' rows share a
   * transaction, and nothing of it stays when any of them refuses.
   */
  private async applyToStored(step: Step): Promise<ApplyResult> {
    const { hooks, idempotencyKey } = step;
    const after: Aftermath = { rollbacks: [], commits: [] };
    const run = <T>(work: (em: EntityManager) => Promise<T>) =>
      idempotencyKey || hooks.locked.length || hooks.writers.length ? this.db.transaction(work) : work(this.db.manager);
    try {
      const { view, row } = await run(async (em) => {
        const row = await this.readForStep(em, step);
        await this.prepareLocked(em, step);
        const event = eventOf(step);
        const judged = judgeEvent(row, event, step);
        if (!judged.accepted) throw this.refused(row, judged, step.user);
        const committed = await commitJudged(em, this.repo, row, event, judged, step);
        if (!committed) throw this.stale({ version: step.expectedVersion + 1 });
        await this.write(em, step, event, committed.snapshot, after);
        const view = this.answer(step, row, committed);
        if (idempotencyKey) {
          await this.repo.saveIdempotentResponse(em, step.user.id, idempotencyKey, view);
        }
        return { view, row: nextRow(row, committed) };
      });
      // Only once committed: the cache never holds a state a rollback undid.
      this.cache.rememberInstance(row);
      for (const done of after.commits) await done();
      return { view, repeated: false };
    } catch (error) {
      for (const undo of after.rollbacks) await undo();
      if (error instanceof RepeatedRequest && idempotencyKey) {
        const earlier = await this.earlierResult(step.user.id, idempotencyKey, step.requestHash);
        if (earlier) return { view: earlier, repeated: true };
        throw AppError.conflict();
      }
      throw error;
    }
  }

  /** Claims the Idempotency-Key, locks the instance when a preparer runs again, and reads it at the client's version. */
  private async readForStep(em: EntityManager, step: Step): Promise<InstanceRow> {
    if (step.idempotencyKey) {
      // A concurrent twin with the same key waits here until the first commits, then finds its row.
      if (!(await this.repo.claimIdempotencyKey(em, step.user.id, step.idempotencyKey, step.requestHash))) throw new RepeatedRequest();
    }
    // A feature's rows and the step must agree: lock the instance its writes also lock, then re-read.
    if (step.hooks.locked.length) await this.repo.lockInstance(em, step.loanId);
    const row = await this.repo.instance(step.loanId, em);
    if (!row) throw AppError.notFound('loanNotFound');
    if (row.version !== step.expectedVersion) throw this.stale(row);
    return row;
  }

  /** The locked preparers again, under the lock: the event carries what the features' tables hold now. */
  private async prepareLocked(em: EntityManager, step: Step): Promise<void> {
    for (const prepare of step.hooks.locked) Object.assign(step.serverFilled, await prepare(em, step.loanId, step.payload));
  }

  /** The features' rows, in the event's transaction, in the order of hook-order.ts. */
  private async write(em: EntityManager, step: Step, event: engine.GuaranteeEvent, snapshot: engine.PersistedSnapshot, after: Aftermath): Promise<void> {
    for (const write of step.hooks.writers) {
      await write({
        em,
        loanId: step.loanId,
        event,
        user: step.user,
        snapshot,
        onRollback: (undo) => after.rollbacks.push(undo),
        onCommit: (done) => after.commits.push(done),
      });
    }
  }

  /** The machine's refusal, with the loan's status and what the user may do instead (409). */
  private refused(row: InstanceRow, judged: Extract<engine.ApplyResult, { accepted: false }>, user: AuthUser): AppError {
    const status = engine.statusLabels(row.snapshot).status;
    return new AppError(
      HttpStatus.CONFLICT,
      CODES.illegalEvent409,
      'illegalEvent',
      { status: { zh: status.zh, en: status.en }, reason: { zh: judged.reason.zh, en: judged.reason.en } },
      { reason: judged.reason, refusals: judged.refusals, legalActions: engine.legalActions(row.snapshot, actorOf(user)), version: row.version },
      'IllegalEvent',
    );
  }

  /** The loan as the committed step left it, for the user who took it. */
  private answer(step: Step, row: InstanceRow, committed: Committed): WorkflowView {
    return this.view(
      { loanId: row.loanId, machineVersion: row.machineVersion, version: committed.seq, snapshot: committed.snapshot },
      step.user,
      undefined,
      committed.statusLabels,
    );
  }

  private async earlierResult(userId: string, key: string, requestHash: string): Promise<WorkflowView | null> {
    const row = await this.repo.idempotencyKey(userId, key);
    if (!row) return null;
    if (row.request_hash !== requestHash) {
      throw new AppError(HttpStatus.UNPROCESSABLE_ENTITY, CODES.idempotencyKeyReused, 'idempotencyKeyReused');
    }
    return row.response ?? null;
  }

  private stale(row: Pick<InstanceRow, 'version'>) {
    return new AppError(HttpStatus.CONFLICT, CODES.staleVersion, 'staleVersion', {}, { version: row.version }, 'StaleVersion');
  }

  async history(loanId: string) {
    await this.load(loanId);
    const events = await this.repo.events(loanId);
    return events.map((e) => ({
      seq: e.seq,
      type: e.type,
      payload: e.payload,
      actor: { id: e.actorId, name: e.actorName },
      time: e.at,
      from: e.from,
      to: e.to,
      machineVersion: e.machineVersion,
      prevHash: e.prevHash,
      hash: e.hash,
    }));
  }

  async timeline(loanId: string) {
    const row = await this.load(loanId);
    const events = await this.repo.events(loanId);
    const loan = await this.repo.loanCreation(loanId);
    const names = new Map<string, string | null>(events.map((e) => [e.actorId, e.actorName]));
    if (loan?.created_by) names.set(loan.created_by, loan.nickname);
    const nodes = engine.timelineFromHistory(
      events.map((e) => ({ seq: e.seq, type: e.type, actorId: e.actorId, at: e.at, from: e.from as any, to: e.to as any })),
      loan ? { at: new Date(loan.created_at).toISOString(), actorId: loan.created_by } : undefined,
    );
    const nameOf = (id: string | null) => (id ? (names.get(id) ?? null) : null);
    return {
      loanId,
      stage: engine.stageOf(row.snapshot),
      nodes: nodes.map((n) => ({ ...n, actorName: nameOf(n.actor), leftByName: nameOf(n.leftBy) })),
    };
  }

  /** The loan as it stood right after event `seq` (0: as created). */
  async at(loanId: string, seq: number) {
    const row = await this.load(loanId);
    if (!Number.isInteger(seq) || seq < 0 || seq > row.version) throw AppError.notFound('eventNotFound');
    const events = await this.repo.events(loanId, seq);
    const snapshot = this.fold(row, events).snapshot;
    return {
      loanId,
      seq,
      stage: engine.stageOf(snapshot),
      state: snapshot.value,
      statusLabels: engine.statusLabels(snapshot),
      context: snapshot.context,
    };
  }

  /** Replays events through the machine version they ran on, stopping at the first that does not fit. */
  private fold(row: InstanceRow, events: EventRow[]) {
    return fold(row, events);
  }

  /**
   * The loan's keyed chain replayed, the instance against the log's end, and the log against the
   * loan's head in the latest signed checkpoint (a deleted tail with a rolled-back instance shows there).
   */
  async verify(loanId: string): Promise<LoanVerdict & { checkpointId: string | null }> {
    const found = UUID.test(loanId) ? await this.repo.instanceWithLog(loanId) : null;
    if (!found) throw AppError.notFound('loanNotFound');
    const { row, events } = found;
    const heads = await this.checkpoints.latestHeads();
    const head = heads?.find(loanId) ?? null;
    return { ...verifyLoan(row, events, head), checkpointId: head ? heads!.id : null };
  }

  /** The instance of a new loan, in one transaction with the loan row. */
  createInstance(em: EntityManager, loanId: string, input: engine.GuaranteeInput): Promise<InstanceRow> {
    return createInstanceRow(em, this.repo, loanId, input);
  }
}

export async function createInstanceRow(em: EntityManager, repo: WorkflowRepository, loanId: string, input: engine.GuaranteeInput): Promise<InstanceRow> {
  const snapshot = engine.createInitialSnapshot(input);
  const row = {
    loanId,
    machineVersion: engine.MACHINE_VERSION,
    input: input as unknown as Record<string, unknown>,
    snapshot,
    stage: engine.stageOf(snapshot),
    status: statusKey(snapshot),
    lastHash: genesisHash(loanId, input),
  };
  await repo.createInstance(em, { ...row, machineId: engine.MACHINE_ID });
  return { ...row, version: 0 };
}

class RepeatedRequest extends Error {}

/** A committed step: its number, the snapshot after it and its chained hash. */
export type Committed = {
  ok: true;
  seq: number;
  snapshot: engine.PersistedSnapshot;
  hash: string;
  stage: string;
  status: string;
  statusLabels: engine.StatusLabels;
};

export type CommitOutcome = Committed | { ok: false; stale: true } | { ok: false; stale: false; refusal: Extract<engine.ApplyResult, { accepted: false }> };

/** The instance row after a committed step. */
function nextRow(row: InstanceRow, outcome: Committed): InstanceRow {
  return { ...row, snapshot: outcome.snapshot, stage: outcome.stage, status: outcome.status, version: outcome.seq, lastHash: outcome.hash };
}

export interface CommitOptions {
  /** The caller ran validateEvent on this very event. */
  shapeChecked?: boolean;
  /** SUBMIT_MATERIALS: the loan-data versions its completeness was read at (the commit checks them). */
  loanDataVersions?: Record<string, number> | null;
}

/** The event as committed: the client's payload, the fields the server filled in over it, who and when. */
function eventOf(step: Step): engine.GuaranteeEvent {
  return { ...step.payload, ...step.serverFilled, type: step.type, actorId: step.user.id, at: step.at } as engine.GuaranteeEvent;
}

/** The machine's answer to the event on the row's snapshot (no I/O). */
export function judgeEvent(row: InstanceRow, event: engine.GuaranteeEvent, options: CommitOptions = {}): engine.ApplyResult {
  return runtimeFor(row.machineVersion).applyEvent(row.snapshot, event, { shapeChecked: options.shapeChecked });
}

/**
 * An accepted step in one statement (in the caller's transaction): the instance moves on only if still
 * at the version and last hash read, the event is appended with its chained hash, and the outbox gets
 * one row per effect the transition declared. Null when the stored instance moved meanwhile.
 */
export async function commitJudged(
  em: EntityManager,
  repo: WorkflowRepository,
  row: InstanceRow,
  event: engine.GuaranteeEvent,
  result: Extract<engine.ApplyResult, { accepted: true }>,
  options: CommitOptions = {},
): Promise<Committed | null> {
  const seq = row.version + 1;
  const snapshot = result.snapshot;
  const payload = engine.payloadOf(event);
  const chained = {
    loanId: row.loanId,
    seq,
    type: event.type,
    payload,
    actorId: event.actorId,
    at: event.at,
    from: row.snapshot.value,
    to: snapshot.value,
    machineVersion: row.machineVersion,
    prevHash: row.lastHash,
  };
  const hash = eventHash(chained);
  const stage = result.stage;
  const status = statusKeyOf(result.statusLabels, stage);
  const applied = await repo.commitStep(em, {
    loanId: row.loanId,
    expectedVersion: row.version,
    snapshot,
    stage,
    status,
    event: { ...chained, hash },
    // One outbox row per effect the machine declared, its params plus which loan and step.
    outbox: result.effects.map((effect) => ({ topic: effect.type, payload: effectJobPayload(effect, row.loanId, seq) })),
    loanDataVersions: options.loanDataVersions ?? null,
  });
  if (!applied) return null;
  return { ok: true, seq, snapshot, hash, stage, status, statusLabels: result.statusLabels };
}

/**
 * The one way an event enters the log: the machine decides (judgeEvent), then the step is written
 * (commitJudged). Used by the API, the meetings and the demo data alike.
 */
export async function commitEvent(
  em: EntityManager,
  repo: WorkflowRepository,
  row: InstanceRow,
  event: engine.GuaranteeEvent,
  options: CommitOptions = {},
): Promise<CommitOutcome> {
  const result = judgeEvent(row, event, options);
  if (!result.accepted) return { ok: false, stale: false, refusal: result };
  return (await commitJudged(em, repo, row, event, result, options)) ?? { ok: false, stale: true };
}

function statusKey(snapshot: any): string {
  return statusKeyOf(engine.statusLabels(snapshot), engine.stageOf(snapshot));
}

function statusKeyOf(labels: engine.StatusLabels, stage: string): string {
  return String((labels as any)?.status?.key ?? stage).slice(0, 40);
}
