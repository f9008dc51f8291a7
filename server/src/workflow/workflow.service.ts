import { HttpStatus, Injectable } from '@nestjs/common';
import * as engine from '@app/workflow';
import { DataSource, EntityManager } from 'typeorm';
import { AppError, CODES } from '../common/errors';
import { AuthUser, authorityList, holds } from '../auth/auth-user';
import { effectJobPayload } from '../jobs/queues';
import { Clock } from '../common/clock';
import { storedCompleteness } from '../loan-data/loan-data.repository';
import { describeFieldErrors } from './event-field-messages';
import { fold, LoanVerdict, verifyLoan } from '../audit/replay';
import { CheckpointService } from '../audit/checkpoint.service';
import { canonicalJson, eventHash, genesisHash, sha256 } from './hash-chain';
import { runtimeFor } from './machine-registry';
import { ApplyEventDto, WorkflowView } from './workflow.dto';
import { EventRow, InstanceRow, WorkflowRepository } from './workflow.repository';
import { InstanceCache } from './instance-cache';
import { describeEvidence, requireEvidence } from './evidence';

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

/**
 * Stage data a feature puts into an event from what the server stores (or refuses the event with a
 * 4xx): called once before the shape check, and again inside the step's transaction with the loan's
 * workflow instance locked, so that what is committed is what the feature's tables say at that moment.
 */
export type EventPreparer = (em: EntityManager, loanId: string, payload: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** What a feature that writes its own rows with an event gets, inside the event's transaction. */
export interface EventWriteContext {
  em: EntityManager;
  loanId: string;
  event: engine.GuaranteeEvent;
  user: AuthUser;
  /** The machine's snapshot after the event. */
  snapshot: engine.PersistedSnapshot;
  /** Runs when the transaction fails (e.g. removes bytes written to the file storage). */
  onRollback(undo: () => Promise<void>): void;
  /** Runs once the transaction has committed (e.g. removes bytes whose rows were deleted). */
  onCommit(after: () => Promise<void>): void;
}

/**
 * Rows a feature writes with an event (generated contracts with CONTRACT_GENERATE, ...): run after the
 * machine accepted the event, in the same transaction, so that the step and its data commit or fail
 * together. It may refuse with an AppError (the event is then not recorded either).
 */
export type EventWriter = (ctx: EventWriteContext) => Promise<void>;

export interface ApplyResult {
  view: WorkflowView;
  /** True when an Idempotency-Key repeat answered the first result and applied nothing. */
  repeated: boolean;
}

/**
 * Runs loans through the machine: the server never decides what may happen next by itself; it asks
 * @app/workflow, persists the answer with the event, and chains the event's hash.
 */
@Injectable()
export class WorkflowService {
  private readonly writers = new Map<engine.EventType, EventWriter[]>();
  private readonly cache = new InstanceCache();

  constructor(
    private readonly db: DataSource,
    private readonly repo: WorkflowRepository,
    private readonly clock: Clock,
    private readonly checkpoints: CheckpointService,
  ) {
    // The steps that stand on a document (workflow EVENT_EVIDENCE) are refused without it: one check,
    // registered first so that it runs before the features' own writers.
    for (const type of Object.keys(engine.EVENT_EVIDENCE) as engine.EventType[]) {
      this.registerWriter(type, ({ em, loanId }) => requireEvidence(em, loanId, type));
    }
  }

  private readonly preparers = new Map<engine.EventType, EventPreparer>();

  /** A feature's stage data for one event type (premium, counter-guarantee); one preparer per type. */
  registerPreparer(type: engine.EventType, preparer: EventPreparer): void {
    if (this.preparers.has(type)) throw new Error(`a preparer for ${type} is already registered`);
    this.preparers.set(type, preparer);
  }

  /**
   * Registers a writer of an event's own rows, at module start. Several features may write with one
   * event (VOUCHER_CONFIRM: the letters' check, then the repayment plan); they run in registration order.
   */
  registerWriter(type: engine.EventType, writer: EventWriter): void {
    this.writers.set(type, [...(this.writers.get(type) ?? []), writer]);
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
   * `useCache`: an event with no key, preparer or writer may start from the instance this process
   * last saw (instance-cache.ts), committed in one statement that checks it is still the stored one;
   * if it is not, or the machine refuses, the event is judged again on the stored rows.
   */
  private async applyOnce(loanId: string, dto: ApplyEventDto, user: AuthUser, idempotencyKey: string | undefined, useCache: boolean): Promise<ApplyResult> {
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
    const payload = dto.payload ?? {};
    const reserved = RESERVED.filter((k) => k in payload);
    if (reserved.length) {
      throw new AppError(HttpStatus.BAD_REQUEST, CODES.payloadInvalid, 'payloadInvalid', { detail: reserved.join(', ') });
    }
    const validLoanId = UUID.test(loanId);
    const prepare = validLoanId ? this.preparers.get(type) : undefined;
    const writers = this.writers.get(type) ?? [];
    const writer = writers.length > 0;
    // The hot path: one statement, from the instance this process last saw at the client's version.
    const kept = useCache && validLoanId && !idempotencyKey && !prepare && !writer ? this.cache.instance(loanId) : undefined;
    const cached = kept && kept.version === dto.expectedVersion ? kept : undefined;
    // SUBMIT_MATERIALS: the completeness the guard checks comes from the loan's saved data (loan-data
    // feature), never from the client: a completeDataTypes sent along is shape-checked, then replaced.
    // The versions read go into the commit, which is refused if any type was saved since.
    let loanDataVersions: Record<string, number> | null = null;
    const serverFilled: Record<string, unknown> = {};
    if (type === 'SUBMIT_MATERIALS' && validLoanId) {
      // Kept completeness only with the kept instance: a refusal there is judged again on stored rows.
      let stored = cached ? this.cache.storedCompleteness(loanId) : undefined;
      if (!stored) {
        stored = await storedCompleteness(this.db, loanId);
        this.cache.rememberCompleteness(loanId, stored);
      }
      serverFilled.completeDataTypes = stored.types;
      loanDataVersions = stored.versions;
    }
    if (prepare) Object.assign(serverFilled, await prepare(this.db.manager, loanId, payload));
    const at = this.clock.now().toISOString();
    // Shape first (400), so that the machine only ever judges well-formed events: what the client sent
    // (its fields win here), and, when the server replaced some, the event as it will be committed.
    const sent = { ...serverFilled, ...payload, type, actorId: user.id, at };
    const fieldErrors = engine.validateEvent(sent);
    if (fieldErrors.length) {
      const detail = { zh: describeFieldErrors(fieldErrors, 'zh-CN'), en: describeFieldErrors(fieldErrors, 'en') };
      throw new AppError(HttpStatus.BAD_REQUEST, CODES.payloadInvalid, 'payloadInvalid', { detail }, { fieldErrors });
    }
    if (!validLoanId) throw AppError.notFound('loanNotFound');
    const replaced = Object.keys(serverFilled).some((k) => k in payload);
    // Without a preparer (which runs again below), the committed event is `sent` unless the server
    // replaced a field the client sent: then the machine checks its shape again.
    const shapeChecked = !prepare && !replaced;

    // The request's fingerprint is only needed to answer a repeated Idempotency-Key.
    const requestHash = idempotencyKey ? sha256(canonicalJson({ loanId, type, payload, expectedVersion: dto.expectedVersion })) : '';
    if (idempotencyKey) {
      const earlier = await this.earlierResult(user.id, idempotencyKey, requestHash);
      if (earlier) return { view: earlier, repeated: true };
    }

    if (cached) {
      const event = { ...payload, ...serverFilled, type, actorId: user.id, at } as engine.GuaranteeEvent;
      const outcome = await commitEvent(this.db.manager, this.repo, cached, event, { shapeChecked, loanDataVersions });
      if (outcome.ok) return { view: this.committed(cached, outcome, user), repeated: false };
      // Refused or not applied: judge again on the stored rows (the answer must come from them).
      this.cache.forget(loanId);
      return this.applyOnce(loanId, dto, user, idempotencyKey, false);
    }

    const rollbacks: (() => Promise<void>)[] = [];
    const commits: (() => Promise<void>)[] = [];
    try {
      // Without an Idempotency-Key, a preparer or a writer the step is one statement, atomic by itself;
      // with one, the key's claim, the step and the feature's rows share a transaction.
      const run = <T>(work: (em: EntityManager) => Promise<T>) => (idempotencyKey || prepare || writer ? this.db.transaction(work) : work(this.db.manager));
      let committedRow: InstanceRow | null = null;
      const view = await run(async (em) => {
        if (idempotencyKey) {
          // A concurrent twin with the same key waits here until the first commits, then finds its row.
          const [claimed] = await em.query(
            `INSERT INTO idempotency_key (user_id, key, request_hash) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING key`,
            [user.id, idempotencyKey, requestHash],
          );
          if (!claimed) throw new RepeatedRequest();
        }
        // A feature's rows and the step must agree: lock the instance its writes also lock, then re-read.
        if (prepare) await em.query(`SELECT 1 FROM workflow_instance WHERE loan_id = $1 FOR UPDATE`, [loanId]);
        const row = await this.repo.instance(loanId, em);
        if (!row) throw AppError.notFound('loanNotFound');
        if (row.version !== dto.expectedVersion) throw this.stale(row);
        if (prepare) Object.assign(serverFilled, await prepare(em, loanId, payload));

        const event = { ...payload, ...serverFilled, type, actorId: user.id, at } as engine.GuaranteeEvent;
        const outcome = await commitEvent(em, this.repo, row, event, { shapeChecked, loanDataVersions });
        if (!outcome.ok) {
          if (outcome.stale) throw this.stale({ version: dto.expectedVersion + 1 });
          const status = engine.statusLabels(row.snapshot).status;
          const refusal = outcome.refusal;
          throw new AppError(
            HttpStatus.CONFLICT,
            CODES.illegalEvent409,
            'illegalEvent',
            { status: { zh: status.zh, en: status.en }, reason: { zh: refusal.reason.zh, en: refusal.reason.en } },
            { reason: refusal.reason, refusals: refusal.refusals, legalActions: engine.legalActions(row.snapshot, actorOf(user)), version: row.version },
            'IllegalEvent',
          );
        }
        const { seq, snapshot } = outcome;
        for (const write of writers) {
          await write({ em, loanId, event, user, snapshot, onRollback: (undo) => rollbacks.push(undo), onCommit: (after) => commits.push(after) });
        }
        const view = this.view({ loanId, machineVersion: row.machineVersion, version: seq, snapshot }, user, undefined, outcome.statusLabels);
        if (idempotencyKey) {
          await em.query(`UPDATE idempotency_key SET response = $3 WHERE user_id = $1 AND key = $2`, [user.id, idempotencyKey, view]);
        }
        committedRow = nextRow(row, outcome);
        return view;
      });
      // Only once committed: the cache never holds a state a rollback undid.
      if (committedRow) this.cache.rememberInstance(committedRow);
      for (const after of commits) await after();
      return { view, repeated: false };
    } catch (error) {
      for (const undo of rollbacks) await undo();
      if (error instanceof RepeatedRequest && idempotencyKey) {
        const earlier = await this.earlierResult(user.id, idempotencyKey, requestHash);
        if (earlier) return { view: earlier, repeated: true };
        throw AppError.conflict();
      }
      throw error;
    }
  }

  /** The answer to a step committed from the cached instance, which moves on with it. */
  private committed(row: InstanceRow, outcome: Extract<CommitOutcome, { ok: true }>, user: AuthUser): WorkflowView {
    this.cache.rememberInstance(nextRow(row, outcome));
    return this.view(
      { loanId: row.loanId, machineVersion: row.machineVersion, version: outcome.seq, snapshot: outcome.snapshot },
      user,
      undefined,
      outcome.statusLabels,
    );
  }

  private async earlierResult(userId: string, key: string, requestHash: string): Promise<WorkflowView | null> {
    const [row] = await this.db.query(`SELECT request_hash, response FROM idempotency_key WHERE user_id = $1 AND key = $2`, [userId, key]);
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
    const [loan] = await this.db.query(
      `SELECT l.created_at, l.created_by, u.nickname FROM loan l LEFT JOIN app_user u ON u.id = l.created_by WHERE l.id = $1`,
      [loanId],
    );
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
    const heads = this.checkpoints.latestHeads();
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

export type CommitOutcome =
  | { ok: true; seq: number; snapshot: engine.PersistedSnapshot; hash: string; stage: string; status: string; statusLabels: engine.StatusLabels }
  | { ok: false; stale: true }
  | { ok: false; stale: false; refusal: Extract<engine.ApplyResult, { accepted: false }> };

/** The instance row after a committed step. */
function nextRow(row: InstanceRow, outcome: Extract<CommitOutcome, { ok: true }>): InstanceRow {
  return { ...row, snapshot: outcome.snapshot, stage: outcome.stage, status: outcome.status, version: outcome.seq, lastHash: outcome.hash };
}

export interface CommitOptions {
  /** The caller ran validateEvent on this very event. */
  shapeChecked?: boolean;
  /** SUBMIT_MATERIALS: the loan-data versions its completeness was read at (the commit checks them). */
  loanDataVersions?: Record<string, number> | null;
}

/**
 * The one way an event enters the log: the machine decides, then (in the caller's transaction) the
 * instance moves on only if still at the version and last hash read, the event is appended with its
 * chained hash, and the outbox gets one row per effect the transition declared, in one statement.
 * Used by the API and by the demo data alike.
 */
export async function commitEvent(
  em: EntityManager,
  repo: WorkflowRepository,
  row: InstanceRow,
  event: engine.GuaranteeEvent,
  options: CommitOptions = {},
): Promise<CommitOutcome> {
  const result = runtimeFor(row.machineVersion).applyEvent(row.snapshot, event, { shapeChecked: options.shapeChecked });
  if (!result.accepted) return { ok: false, stale: false, refusal: result };
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
  if (!applied) return { ok: false, stale: true };
  return { ok: true, seq, snapshot, hash, stage, status, statusLabels: result.statusLabels };
}

function statusKey(snapshot: any): string {
  return statusKeyOf(engine.statusLabels(snapshot), engine.stageOf(snapshot));
}

function statusKeyOf(labels: engine.StatusLabels, stage: string): string {
  return String((labels as any)?.status?.key ?? stage).slice(0, 40);
}
