import 'reflect-metadata';
import { createHash, createHmac } from 'node:crypto';
import * as engine from '@app/workflow';
import { Client } from 'pg';
import { loadConfig } from '../config/config';
import { loadAuditKeys } from '../audit/audit-keys';
import { verifyLoan } from '../audit/replay';
import { loadEvents, loadInstances } from '../audit/verify-all';
import { withCheckChar } from '../companies/credit-code';
import { canonicalJson, setChainKey } from '../workflow/hash-chain';
import { runtimeFor } from '../workflow/machine-registry';
import { listColumns } from '../workflow/list-columns';
import { REMINDER_EVENT_TYPES, writeReminderRows } from '../reminders/reminder-writers';
import { writeVisitDecision, writeVisitReport } from '../visits/visit-writers';
import type { EntityManager } from 'typeorm';

/**
 * `npm run seed:scale -- --loans N`: N loans for benchmarks and a demo at scale, beside the demo data.
 *
 * Each loan's history is real: a few hundred "templates" (a target stage, an amount, a start day) are
 * folded through the machine once, with a placeholder loan id; each loan then takes a template's
 * events with its own id put in and its own keyed hash chain computed, so `npm run verify` replays
 * and accepts it like any loan. Rows go in with INSERT ... SELECT FROM unnest(arrays), one
 * transaction per batch, three batches under way at once (one connection each). The templates' events
 * sit in a temporary table of each connection, and an event row takes its type, actor, time, states
 * and (unless it names the loan) payload from there in SQL: per event only the loan id, the template,
 * the sequence and the two hashes travel and nothing is parsed as JSON again. Loan and company ids are derived from their
 * index, so a second run finds the batches not yet written and writes only those (resumable), and
 * asking for more loans adds the rest.
 * The rows the after-guarantee writers make with the events (visit records, repayment plans, instalments,
 * reminders) are produced by those writers once per template and copied per loan in the same statement
 * as the loans' attachments (data-collection materials and later vouchers: metadata only, no bytes, so
 * downloading one answers 404). Outbox rows and reminder messages are not produced.
 * The run ends with its profile (profileLine): each statement's share of the connections' time and
 * what PostgreSQL wrote for it (WAL, full-page images, checkpoints), the figures behind the seed's
 * entry in test/bench/PROFILES.md.
 */

const PLACEHOLDER = '00000000-0000-4000-8000-00000000feed';
const PREV_PLACEHOLDER = 'P'.repeat(64);
const LOANS_PER_COMPANY = 3;
const TEMPLATE_VARIANTS = 24;
/** Loans per transaction, and transactions under way at once (the CLI's connections). */
const DEFAULT_BATCH = 3000;
const DEFAULT_CONCURRENCY = 3;

/** Where seeded loans stand: most in the early stages and after guarantee, as in a working book. */
const STAGE_WEIGHTS: [target: Exclude<engine.StageKey, 'discontinued'> | 'discontinued', weight: number][] = [
  ['collection', 14],
  ['preReview', 6],
  ['generalOffice', 5],
  ['riskControl', 4],
  ['insuranceReview', 4],
  ['withdrawal', 4],
  ['duringGuarantee', 8],
  ['disbursement', 4],
  ['afterGuarantee', 25],
  ['release', 3],
  ['closed', 15],
  ['discontinued', 8],
];

const CITIES = ['上海', '杭州', '苏州', '南京', '宁波', '无锡', '合肥', '嘉兴', '常州', '绍兴'];
const WORDS = ['浦江', '申芯', '绿源', '云启', '华康', '海港', '新材', '数创', '智造', '恒信', '凯达', '蓝海', '瑞丰', '鼎盛', '天和', '星辰', '远航', '博远'];
const TRADES = ['精密机械', '微电子科技', '新能源科技', '软件', '生物医药', '物流装备', '文化传媒', '机器人', '节能环保', '汽车零部件', '教育科技', '食品'];
const BANKS = ['中国工商银行', '中国银行', '招商银行', '上海银行', '交通银行', '中国建设银行', '浦发银行', '中国农业银行', '兴业银行', '中信银行'];
const LOAN_TYPES = ['流动资金贷款', '固定资产贷款', '项目贷款'];

/** A stable UUID (v4 layout) from a text: the same index always names the same row. */
export function stableUuid(text: string): string {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
/**
 * Seeded ids carry their index in their leading digits (after a fixed prefix), so that loans, their
 * instances and events go into every index in ascending key order: each batch appends at the right
 * edge of the b-trees instead of touching pages all over them (what made the index writes of a
 * random-id seed grow with the table). Still a valid v4 layout; the prefixes are not the placeholder's.
 */
function indexedUuid(prefix: string, i: number): string {
  const h = i.toString(16).padStart(8, '0');
  return `${prefix}${h.slice(0, 4)}-${h.slice(4, 8)}-4000-8000-000000000000`;
}
export const seededLoanId = (i: number) => indexedUuid('5eed', i);
const seededCompanyId = (j: number) => indexedUuid('5eec', j);

interface TemplateEvent {
  type: string;
  payloadJson: string;
  actorId: string;
  at: string;
  fromJson: string;
  toJson: string;
  /** canonicalJson of the chained event with PLACEHOLDER as loan id and PREV_PLACEHOLDER as previous hash. */
  chained: string;
  /** `chained` cut at the placeholders, so each loan's hash is fed to the HMAC piece by piece without building the text. */
  chainedPieces: Piece[];
  /** Whether the payload names the loan (then each row carries its own payload; otherwise the template's is copied in SQL). */
  payloadHasId: boolean;
}

/** A piece of a template text: literal text, or where the loan id or the previous hash goes. */
type Piece = string | typeof LOAN_ID | typeof PREV_HASH;
const LOAN_ID = Symbol('loan id');
const PREV_HASH = Symbol('previous hash');

function piecesOf(text: string): Piece[] {
  return text
    .split(PREV_PLACEHOLDER)
    .flatMap((part, i) => [...(i ? [PREV_HASH] : []), ...part.split(PLACEHOLDER).flatMap((p, k) => (k ? [LOAN_ID, p] : [p]))])
    .filter((p) => p !== '') as Piece[];
}

function hmacOf(key: Buffer, pieces: Piece[], loanId: string, prev: string): string {
  const h = createHmac('sha256', key);
  for (const p of pieces) h.update(p === LOAN_ID ? loanId : p === PREV_HASH ? prev : p);
  return h.digest('hex');
}

interface Template {
  /** Its place among the distinct templates: the key of its events in the session's seed_template_event. */
  index: number;
  /** The machine version its events ran on (an older one makes a database as it stood before an upgrade). */
  machineVersion: number;
  input: engine.GuaranteeInput;
  inputJson: string;
  genesis: string;
  events: TemplateEvent[];
  snapshotJson: string;
  stage: string;
  status: string;
  columns: ReturnType<typeof listColumns>;
  createdAt: string;
  updatedAt: string;
  bank: string;
  loanType: string;
  /** The snapshot after each event: what the event writers are handed. */
  after: engine.PersistedSnapshot[];
  /** The files people attached on the way (metadata only: the seed keeps no bytes). */
  files: SeedFile[];
}

interface SeedFile {
  kind: engine.AttachmentKind;
  name: string;
  mime: string;
  size: number;
  at: string;
  actorId: string;
}

export interface People {
  apost: string;
  bpost: string;
  admin: string;
  prereview: string;
  leader: string;
  finance: string;
  zb: string[];
  bs: string[];
}

/** Like the server's status column (workflow.service statusKey): the status label's key, else the stage. */
function statusKey(snapshot: engine.SnapshotLike): string {
  const labels = engine.statusLabels(snapshot) as { status?: { key?: string } };
  return String(labels?.status?.key ?? engine.stageOf(snapshot)).slice(0, 40);
}

const APPROVER = 'approver-placeholder';

/** Folds one template's events through the machine: a refusal is a bug here, not data to write. */
export function buildTemplate(target: (typeof STAGE_WEIGHTS)[number][0], variant: number, people: People, machineVersion = engine.MACHINE_VERSION): Template {
  const amount = [500_000, 1_000_000, 2_000_000, 3_500_000, 5_000_000, 8_000_000, 12_000_000, 20_000_000][variant % 8] + (variant % 5) * 10_000;
  const termMonths = [6, 12, 18, 24, 36][variant % 5];
  const input: engine.GuaranteeInput = { loanId: PLACEHOLDER, amount, termMonths, aPostOfficerId: people.apost, bPostOfficerId: people.bpost };
  const actors: engine.PipelineActors = {
    aPost: people.apost,
    bPost: people.bpost,
    clerk: people.admin,
    approver: APPROVER,
    leader: people.leader,
    finance: people.finance,
    voters: ['voter-0', 'voter-1', 'voter-2'],
  };
  // Start days spread over the last two years, a template each.
  const start = new Date(Date.UTC(2024, 11, 1) + variant * 29 * 86_400_000 + STAGE_WEIGHTS.findIndex(([s]) => s === target) * 3_600_000).toISOString();
  const options = { startAt: start, stepMinutes: 240 };
  const drafts =
    target === 'discontinued'
      ? engine.discontinuedPathEvents(input, (['preReview', 'generalOffice', 'riskControl', 'collection'] as const)[variant % 4], actors, options)
      : target === 'closed'
        ? engine.happyPathEvents(input, actors, options)
        : engine.eventsToStage(input, target, actors, options);
  // Meeting votes are cast by the meeting's attendees: the general office's or the review committee's.
  const cast = (event: engine.GuaranteeEvent): engine.GuaranteeEvent => {
    const voters = event.type.startsWith('INSURANCE_REVIEW_') ? people.bs : people.zb;
    // The approver of the pipeline is two accounts: the pre-review approves its step, the leader the others.
    const approver = event.type === 'PRE_REVIEW_APPROVE' ? people.prereview : people.leader;
    const person = (v: unknown) => (v === APPROVER ? approver : typeof v === 'string' && /^voter-\d$/.test(v) ? voters[Number(v.slice(6)) % voters.length] : v);
    return Object.fromEntries(Object.entries(event).map(([k, v]) => [k, Array.isArray(v) ? v.map(person) : person(v)])) as unknown as engine.GuaranteeEvent;
  };
  const runtime = runtimeFor(machineVersion);
  let snapshot: any = JSON.parse(JSON.stringify(runtime.createInitialSnapshot(input)));
  const events: TemplateEvent[] = [];
  const after: engine.PersistedSnapshot[] = [];
  for (const [i, draft] of drafts.map(cast).entries()) {
    const result = runtime.applyEvent(snapshot, draft);
    if (!result.accepted) throw new Error(`seed template ${target}/${variant}: ${draft.type} refused (${JSON.stringify(result.reason)})`);
    const next = JSON.parse(JSON.stringify(result.snapshot));
    const payload = engine.payloadOf(draft);
    const chained = canonicalJson({
      loanId: PLACEHOLDER,
      seq: i + 1,
      type: draft.type,
      payload,
      actorId: draft.actorId,
      at: draft.at,
      from: snapshot.value,
      to: next.value,
      machineVersion,
      prevHash: PREV_PLACEHOLDER,
    });
    events.push({
      type: draft.type,
      payloadJson: JSON.stringify(payload),
      actorId: draft.actorId,
      at: draft.at,
      fromJson: JSON.stringify(snapshot.value),
      toJson: JSON.stringify(next.value),
      chained,
      chainedPieces: piecesOf(chained),
      payloadHasId: JSON.stringify(payload).includes(PLACEHOLDER),
    });
    snapshot = next;
    after.push(next);
  }
  const first = Date.parse(start) - 3_600_000;
  return {
    index: -1,
    machineVersion,
    input,
    inputJson: JSON.stringify(input),
    genesis: canonicalJson({ loanId: PLACEHOLDER, input, genesis: true }),
    events,
    snapshotJson: JSON.stringify(snapshot),
    stage: engine.stageOf(snapshot),
    status: statusKey(snapshot),
    columns: listColumns(snapshot),
    createdAt: new Date(first).toISOString(),
    updatedAt: events.length ? events[events.length - 1].at : new Date(first).toISOString(),
    bank: BANKS[variant % BANKS.length],
    loanType: LOAN_TYPES[variant % LOAN_TYPES.length],
    after,
    files: filesOf(target, variant, events, new Date(first + 1_800_000).toISOString(), people),
  };
}

/** The data-collection materials (what B-post collects before SUBMIT_MATERIALS), by share of the variant. */
const COLLECTION_FILES: [name: string, mime: string, size: number][] = [
  ['营业执照.pdf', 'application/pdf', 412_337],
  ['近三年财务报表.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 88_214],
  ['担保申请书.pdf', 'application/pdf', 201_902],
  ['征信报告.pdf', 'application/pdf', 655_120],
];

/**
 * The attachments a loan of this template holds, as the steps would have left them: a loan still in
 * collection has some of the collection materials (none to three), one past it all four (uploaded half an hour
 * after the loan was created); one that passed COUNTER_GUARANTEE_UPLOAD also its counter-guarantee confirmation,
 * and one that passed PREMIUM_SUBMIT its premium voucher, each dated at that event.
 */
function filesOf(target: (typeof STAGE_WEIGHTS)[number][0], variant: number, events: TemplateEvent[], collectedAt: string, people: People): SeedFile[] {
  const submitted = events.some((e) => e.type === 'SUBMIT_MATERIALS');
  const count = submitted ? COLLECTION_FILES.length : target === 'collection' || target === 'discontinued' ? variant % 4 : 0;
  const files: SeedFile[] = COLLECTION_FILES.slice(0, count).map(([name, mime, size], n) => ({
    kind: 'B_POST_MATERIAL',
    name,
    mime,
    size: size + variant * 97,
    at: new Date(Date.parse(collectedAt) + n * 60_000).toISOString(),
    actorId: people.bpost,
  }));
  for (const e of events) {
    if (e.type === 'COUNTER_GUARANTEE_UPLOAD')
      files.push({ kind: 'COUNTER_GUARANTEE', name: '反担保确认书.pdf', mime: 'application/pdf', size: 318_455 + variant, at: e.at, actorId: e.actorId });
    if (e.type === 'PREMIUM_SUBMIT')
      files.push({ kind: 'PREMIUM_VOUCHER', name: '保费缴纳凭证.pdf', mime: 'application/pdf', size: 96_210 + variant, at: e.at, actorId: e.actorId });
  }
  return files;
}

/** Templates in proportion to the stage weights: loan i takes templates[i % length] through a fixed shuffle. */
export function buildTemplates(people: People, machineVersion = engine.MACHINE_VERSION): Template[] {
  const templates: Template[] = [];
  let distinct = 0;
  for (let v = 0; v < TEMPLATE_VARIANTS; v++) {
    for (const [target, weight] of STAGE_WEIGHTS) {
      const t = buildTemplate(target, v, people, machineVersion);
      t.index = distinct++;
      for (let w = 0; w < weight; w++) templates.push(t);
    }
  }
  return templates;
}

/** The tables the after-guarantee writers fill, parents first; each row is copied per loan with its ids made the loan's own. */
const WRITTEN_TABLES = ['visit_record', 'repayment_plan', 'repayment_instalment', 'reminder'] as const;
/** The events whose writers (visits, then reminders, as the application registers them) leave rows. */
const WRITER_EVENTS = new Set<string>([...REMINDER_EVENT_TYPES, 'VISIT_SUBMIT_REPORT', 'VISIT_APPROVE', 'VISIT_RETURN']);
const PLACEHOLDER_COMPANY = '00000000-0000-4000-8000-000000c0feed';

/**
 * The rows the application's event writers (writeVisitReport, writeVisitDecision, writeReminderRows: the
 * very functions the API and the demo seed run) leave for each template, each event at its own time: run
 * once per template on a placeholder loan in a transaction that is rolled back, and read back as jsonb.
 * A reminder whose fire time has passed by `now` is taken as sent then (what the reminder worker would
 * have done; the messages it would have sent the loan's officers are not made: at a million loans they
 * would bury the demo accounts' inboxes).
 */
export async function writerRows(
  db: Client,
  templates: Template[],
  people: People,
  now: Date,
): Promise<{ template: number[]; table: string[]; row: string[] }> {
  const out = { template: [] as number[], table: [] as string[], row: [] as string[] };
  const em = { query: (sql: string, params?: unknown[]) => db.query(sql, params).then((r) => r.rows) } as unknown as EntityManager;
  const distinct = [...new Set(templates)].filter((t) => t.events.some((e) => WRITER_EVENTS.has(e.type)));
  if (!distinct.length) return out;
  await db.query('BEGIN');
  try {
    await db.query(`INSERT INTO company (id, name, credit_code, created_by) VALUES ($1, 'seed placeholder', $2, $3)`, [
      PLACEHOLDER_COMPANY,
      withCheckChar('91329999999999999'),
      people.admin,
    ]);
    for (const t of distinct) {
      await db.query('SAVEPOINT seed_template');
      await db.query(
        `INSERT INTO loan (id, company_id, amount, term_months, bank, loan_type, a_post_officer_id, b_post_officer_id, created_by, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $7, $9)`,
        [PLACEHOLDER, PLACEHOLDER_COMPANY, t.input.amount, t.input.termMonths, t.bank, t.loanType, people.apost, people.bpost, t.createdAt],
      );
      await db.query(
        `INSERT INTO workflow_instance (loan_id, machine_id, machine_version, input, snapshot, stage, status, version, last_hash, active_paths, amount_fen)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8, $9, $10)`,
        [
          PLACEHOLDER,
          engine.MACHINE_ID,
          t.machineVersion,
          t.inputJson,
          t.snapshotJson,
          t.stage,
          t.status,
          PREV_PLACEHOLDER,
          t.columns.activePaths,
          t.columns.amountFen,
        ],
      );
      for (const [n, e] of t.events.entries()) {
        if (!WRITER_EVENTS.has(e.type)) continue;
        // the event as the writers see it: its draft fields from the payload, its seq as the instance's version
        const event = { ...JSON.parse(e.payloadJson), type: e.type, actorId: e.actorId, at: e.at } as engine.GuaranteeEvent;
        await db.query(`UPDATE workflow_instance SET version = $2 WHERE loan_id = $1`, [PLACEHOLDER, n + 1]);
        await writeVisitReport(em, PLACEHOLDER, event, t.after[n]);
        await writeVisitDecision(em, PLACEHOLDER, event);
        await writeReminderRows(em, PLACEHOLDER, event, t.after[n], new Date(e.at));
      }
      await db.query(`UPDATE reminder SET state = 'SENT', sent_at = fire_at WHERE loan_id = $1 AND state = 'SCHEDULED' AND fire_at <= $2`, [PLACEHOLDER, now]);
      for (const table of WRITTEN_TABLES) {
        const { rows } = await db.query(`SELECT to_jsonb(x)::text AS row FROM ${table} x WHERE loan_id = $1`, [PLACEHOLDER]);
        for (const r of rows) {
          out.template.push(t.index);
          out.table.push(table);
          out.row.push(r.row);
        }
      }
      await db.query('ROLLBACK TO SAVEPOINT seed_template');
    }
  } finally {
    await db.query('ROLLBACK');
  }
  return out;
}

const replaceId = (text: string, id: string) => text.split(PLACEHOLDER).join(id);

/** Milliseconds spent per step of the batches, summed over the connections (they overlap in wall time). */
export type SeedSteps = Record<'prepare' | 'companies' | 'loans' | 'instances' | 'events' | 'rows' | 'commit', number>;
const emptySteps = (): SeedSteps => ({ prepare: 0, companies: 0, loans: 0, instances: 0, events: 0, rows: 0, commit: 0 });

/** Runs a step and adds its time to the profile. */
async function timedStep<T>(steps: SeedSteps, name: keyof SeedSteps, run: () => Promise<T>): Promise<T> {
  const t = performance.now();
  try {
    return await run();
  } finally {
    steps[name] += performance.now() - t;
  }
}

/** One batch of loans [from, to) with their companies, instances and events, in one transaction. */
async function writeBatch(db: Client, templates: Template[], people: People, key: Buffer, from: number, to: number, steps: SeedSteps): Promise<number> {
  const prepared = performance.now();
  const hmac = (text: string) => createHmac('sha256', key).update(text).digest('hex');
  const companies = { id: [] as string[], name: [] as string[], code: [] as string[], at: [] as string[] };
  const loans = {
    id: [] as string[],
    company: [] as string[],
    amount: [] as number[],
    term: [] as number[],
    bank: [] as string[],
    type: [] as string[],
    at: [] as string[],
  };
  const inst = {
    id: [] as string[],
    template: [] as number[],
    input: [] as string[],
    snapshot: [] as string[],
    stage: [] as string[],
    status: [] as string[],
    version: [] as number[],
    hash: [] as string[],
    paths: [] as string[],
    amount: [] as number[],
    bpost: [] as (string | null)[],
    on: [] as (string | null)[],
    lent: [] as (number | null)[],
    created: [] as string[],
    updated: [] as string[],
  };
  // Per event only what differs between loans; the rest is copied from the template's rows in SQL.
  const ev = {
    loan: [] as string[],
    template: [] as number[],
    seq: [] as number[],
    payload: [] as (string | null)[],
    prev: [] as string[],
    hash: [] as string[],
  };
  for (let i = from; i < to; i++) {
    const j = Math.floor(i / LOANS_PER_COMPANY);
    // Templates are visited with a stride coprime to their count, so neighbours differ in stage.
    const t = templates[(i * 7919) % templates.length];
    const companyId = seededCompanyId(j);
    if (i % LOANS_PER_COMPANY === 0) {
      companies.id.push(companyId);
      companies.name.push(`${CITIES[j % CITIES.length]}${WORDS[Math.floor(j / 10) % WORDS.length]}${TRADES[Math.floor(j / 180) % TRADES.length]}${j}有限公司`);
      // 9131 + 13 digits of the index: unique among seeded companies, valid check character.
      companies.code.push(withCheckChar(`9132${String(j).padStart(13, '0')}`));
      companies.at.push(t.createdAt);
    }
    const id = seededLoanId(i);
    loans.id.push(id);
    loans.company.push(companyId);
    loans.amount.push(t.input.amount);
    loans.term.push(t.input.termMonths);
    loans.bank.push(t.bank);
    loans.type.push(t.loanType);
    loans.at.push(t.createdAt);
    let prev = hmac(replaceId(t.genesis, id));
    for (const [n, e] of t.events.entries()) {
      const hash = hmacOf(key, e.chainedPieces, id, prev);
      ev.loan.push(id);
      ev.template.push(t.index);
      ev.seq.push(n + 1);
      ev.payload.push(e.payloadHasId ? replaceId(e.payloadJson, id) : null);
      ev.prev.push(prev);
      ev.hash.push(hash);
      prev = hash;
    }
    inst.id.push(id);
    inst.template.push(t.index);
    inst.input.push(replaceId(t.inputJson, id));
    inst.snapshot.push(replaceId(t.snapshotJson, id));
    inst.stage.push(t.stage);
    inst.status.push(t.status);
    inst.version.push(t.events.length);
    inst.hash.push(prev);
    // text[] cannot travel inside an array parameter: the active paths go as a JSON array, unpacked in SQL.
    inst.paths.push(JSON.stringify(t.columns.activePaths));
    inst.amount.push(t.columns.amountFen);
    inst.bpost.push(t.columns.bPostOfficerId);
    inst.on.push(t.columns.disbursedOn);
    inst.lent.push(t.columns.disbursedAmountFen);
    inst.created.push(t.createdAt);
    inst.updated.push(t.updatedAt);
  }
  steps.prepare += performance.now() - prepared;
  await db.query('BEGIN');
  try {
    await timedStep(steps, 'companies', () =>
      db.query(
        `INSERT INTO company (id, name, credit_code, created_by, created_at, updated_at)
       SELECT id, name, code, $5, at, at FROM unnest($1::uuid[], $2::text[], $3::text[], $4::timestamptz[]) AS u(id, name, code, at)`,
        [companies.id, companies.name, companies.code, companies.at, people.admin],
      ),
    );
    await timedStep(steps, 'loans', () =>
      db.query(
        `INSERT INTO loan (id, company_id, amount, term_months, bank, loan_type, a_post_officer_id, b_post_officer_id, created_by, created_at)
       SELECT id, company, amount, term, bank, type, $8, $9, $8, at
         FROM unnest($1::uuid[], $2::uuid[], $3::numeric[], $4::int[], $5::text[], $6::text[], $7::timestamptz[]) AS u(id, company, amount, term, bank, type, at)`,
        [loans.id, loans.company, loans.amount, loans.term, loans.bank, loans.type, loans.at, people.apost, people.bpost],
      ),
    );
    await timedStep(steps, 'instances', () =>
      db.query(
        `INSERT INTO workflow_instance (loan_id, machine_id, machine_version, input, snapshot, stage, status, version, last_hash,
                                      active_paths, amount_fen, b_post_officer_id, disbursed_on, disbursed_amount_fen, created_at, updated_at)
       SELECT id, $15, $16, input, snapshot, stage, status, version, hash,
              ARRAY(SELECT jsonb_array_elements_text(paths)), amount, bpost, on_day, lent, created, updated
         FROM unnest($1::uuid[], $2::jsonb[], $3::jsonb[], $4::text[], $5::text[], $6::int[], $7::text[], $8::jsonb[], $9::bigint[], $10::uuid[],
                     $11::date[], $12::bigint[], $13::timestamptz[], $14::timestamptz[])
              AS u(id, input, snapshot, stage, status, version, hash, paths, amount, bpost, on_day, lent, created, updated)`,
        [
          inst.id,
          inst.input,
          inst.snapshot,
          inst.stage,
          inst.status,
          inst.version,
          inst.hash,
          inst.paths,
          inst.amount,
          inst.bpost,
          inst.on,
          inst.lent,
          inst.created,
          inst.updated,
          engine.MACHINE_ID,
          templates[0].machineVersion,
        ],
      ),
    );
    // The states and most payloads are the template's jsonb, copied as they are: no text sent or parsed per row.
    await timedStep(steps, 'events', () =>
      db.query(
        `INSERT INTO workflow_event (loan_id, seq, type, payload, actor_id, at, state_from, state_to, machine_version, prev_hash, hash)
       SELECT u.loan, u.seq, t.type, coalesce(u.payload, t.payload), t.actor, t.at, t.s_from, t.s_to, $7, u.prev, u.hash
         FROM unnest($1::uuid[], $2::int[], $3::int[], $4::jsonb[], $5::text[], $6::text[]) AS u(loan, template, seq, payload, prev, hash)
         JOIN seed_template_event t ON t.template = u.template AND t.seq = u.seq`,
        [ev.loan, ev.template, ev.seq, ev.payload, ev.prev, ev.hash, templates[0].machineVersion],
      ),
    );
    // The writers' rows and the attachments, from the session's template tables, each id derived from the loan's and the template row's.
    const own = (column: string) => `'${column}', md5(u.loan::text || (w.row->>'${column}'))::uuid`;
    const copy = (table: (typeof WRITTEN_TABLES)[number], overrides: string) =>
      `${table}_rows AS (INSERT INTO ${table} SELECT (jsonb_populate_record(null::${table}, w.row || jsonb_build_object('loan_id', u.loan${overrides}))).*
                           FROM u JOIN seed_writer_row w ON w.template = u.template AND w.tbl = '${table}')`;
    await timedStep(steps, 'rows', () =>
      db.query(
        `WITH u AS (SELECT * FROM unnest($1::uuid[], $2::int[]) AS u(loan, template)),
       ${copy('visit_record', `, ${own('id')}`)},
       ${copy('repayment_plan', '')},
       ${copy('repayment_instalment', `, ${own('id')}`)},
       ${copy(
         'reminder',
         `, ${own('id')}, 'job_id', 'reminder-' || md5(u.loan::text || (w.row->>'id'))::uuid,
                           'instalment_id', CASE WHEN w.row->>'instalment_id' IS NOT NULL THEN md5(u.loan::text || (w.row->>'instalment_id'))::uuid END`,
       )},
       f AS (SELECT u.loan, s.*, md5(u.loan::text || ':file:' || s.n)::uuid AS file_id,
                   md5(u.loan::text || ':file:' || s.n)::uuid || s.ext AS stored
               FROM u JOIN seed_template_file s ON s.template = u.template),
       files AS (INSERT INTO uploaded_file (id, owner_id, kind, url, original_name, mime, size, storage, storage_key, created_at)
                 SELECT file_id, actor, 'attachment', 'attachment:' || stored, name, mime, size, 'local', 'attachments/' || stored, at FROM f)
       INSERT INTO attachment (id, loan_id, kind, file_id, created_by, created_at)
       SELECT md5(loan::text || ':attachment:' || n)::uuid, loan, kind, file_id, actor, at FROM f`,
        [inst.id, inst.template],
      ),
    );
    await timedStep(steps, 'commit', () => db.query('COMMIT'));
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  }
  return ev.loan.length;
}

/** The distinct templates' events in a temporary table of the session, which every batch's events join. */
async function uploadTemplates(db: Client, templates: Template[], written: Awaited<ReturnType<typeof writerRows>>): Promise<void> {
  const rows = { template: [] as number[], seq: [] as number[], type: [] as string[], payload: [] as string[], actor: [] as string[], at: [] as string[] };
  const states = { from: [] as string[], to: [] as string[] };
  for (const t of new Set(templates)) {
    for (const [n, e] of t.events.entries()) {
      rows.template.push(t.index);
      rows.seq.push(n + 1);
      rows.type.push(e.type);
      rows.payload.push(e.payloadJson);
      rows.actor.push(e.actorId);
      rows.at.push(e.at);
      states.from.push(e.fromJson);
      states.to.push(e.toJson);
    }
  }
  // A batch lost to a crash before its WAL reached the disk is simply missing, and a re-run writes it:
  // the seed need not wait for each commit's flush.
  await db.query(`SET synchronous_commit = off`);
  await db.query(`DROP TABLE IF EXISTS pg_temp.seed_template_event`);
  await db.query(`CREATE TEMP TABLE seed_template_event (template int, seq int, type text, payload jsonb, actor uuid, at timestamptz,
                                                        s_from jsonb, s_to jsonb, PRIMARY KEY (template, seq))`);
  await db.query(
    `INSERT INTO seed_template_event SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::jsonb[], $5::uuid[], $6::timestamptz[], $7::jsonb[], $8::jsonb[])`,
    [rows.template, rows.seq, rows.type, rows.payload, rows.actor, rows.at, states.from, states.to],
  );
  await db.query(`DROP TABLE IF EXISTS pg_temp.seed_writer_row`);
  await db.query(`CREATE TEMP TABLE seed_writer_row (template int, tbl text, row jsonb)`);
  await db.query(`INSERT INTO seed_writer_row SELECT * FROM unnest($1::int[], $2::text[], $3::jsonb[])`, [written.template, written.table, written.row]);
  const files = {
    template: [] as number[],
    n: [] as number[],
    kind: [] as string[],
    name: [] as string[],
    mime: [] as string[],
    size: [] as number[],
    at: [] as string[],
    actor: [] as string[],
  };
  for (const t of new Set(templates)) {
    for (const [n, f] of t.files.entries()) {
      files.template.push(t.index);
      files.n.push(n + 1);
      files.kind.push(f.kind);
      files.name.push(f.name);
      files.mime.push(f.mime);
      files.size.push(f.size);
      files.at.push(f.at);
      files.actor.push(f.actorId);
    }
  }
  await db.query(`DROP TABLE IF EXISTS pg_temp.seed_template_file`);
  await db.query(`CREATE TEMP TABLE seed_template_file (template int, n int, kind text, name text, mime text, size int, at timestamptz, actor uuid, ext text)`);
  await db.query(
    `INSERT INTO seed_template_file SELECT *, substring(name from '\\.[a-z]+$') FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::int[], $7::timestamptz[], $8::uuid[])
            AS u(template, n, kind, name, mime, size, at, actor)`,
    [files.template, files.n, files.kind, files.name, files.mime, files.size, files.at, files.actor],
  );
  await db.query(`ANALYZE seed_template_event; ANALYZE seed_writer_row; ANALYZE seed_template_file`);
}

/** Each batch is written whole or not at all: the batches not written yet, by their first loan's id (one query). */
async function missingBatches(db: Client, batches: number, size: number): Promise<number[]> {
  const firsts = Array.from({ length: batches }, (_, b) => seededLoanId(b * size));
  const { rows } = await db.query(`SELECT id FROM loan WHERE id = ANY($1::uuid[])`, [firsts]);
  const written = new Set(rows.map((r: { id: string }) => r.id));
  return firsts.flatMap((id, b) => (written.has(id) ? [] : [b]));
}

export async function peopleOf(db: Client): Promise<People> {
  const { rows } = await db.query(`SELECT id, username FROM app_user WHERE NOT disabled`);
  const id = Object.fromEntries(rows.map((r: { id: string; username: string }) => [r.username, r.id]));
  const need = ['apost', 'bpost', 'admin', 'prereview', 'leader', 'finance', 'zb1', 'zb2', 'zb3', 'bs1', 'bs2', 'bs3'];
  const missing = need.filter((u) => !id[u]);
  if (missing.length) throw new Error(`the demo accounts are missing (${missing.join(', ')}): start the application once in demo mode first`);
  return {
    apost: id.apost,
    bpost: id.bpost,
    admin: id.admin,
    prereview: id.prereview,
    leader: id.leader,
    finance: id.finance,
    zb: [id.zb1, id.zb2, id.zb3],
    bs: [id.bs1, id.bs2, id.bs3],
  };
}

export interface SeedOptions {
  loans: number;
  batch?: number;
  /** Loans replayed and verified at the end, as `npm run verify` would. */
  verifySample?: number;
  log?: (line: string) => void;
  /** The machine version the histories run on (default the current one; an older one to test its migration). */
  machineVersion?: number;
}

export async function seedScale(
  db: Client,
  key: Buffer,
  opts: SeedOptions & {
    /** A second connection: one batch is prepared while the other is written. */
    second?: Client;
    /** Further connections, each writing its own batches. */
    more?: Client[];
  },
): Promise<{ written: number; events: number; seconds: number; verified: number; steps: SeedSteps; server: ServerWork | null }> {
  const log = opts.log ?? (() => undefined);
  const steps = emptySteps();
  const serverBefore = await serverWork(db);
  // A multiple of LOANS_PER_COMPANY: a company and its loans are written by the same batch.
  const size = Math.max(LOANS_PER_COMPANY, Math.floor((opts.batch ?? DEFAULT_BATCH) / LOANS_PER_COMPANY) * LOANS_PER_COMPANY);
  const batches = Math.ceil(opts.loans / size);
  const started = Date.now();
  const people = await peopleOf(db);
  const templates = buildTemplates(people, opts.machineVersion);
  log(`${new Set(templates).size} templates folded through the machine in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const todo = await missingBatches(db, batches, size);
  if (todo.length < batches) log(`resuming: ${batches - todo.length} of ${batches} batches already written`);
  let written = 0;
  let events = 0;
  let done = 0;
  const worker = async (client: Client) => {
    for (let b = todo.shift(); b !== undefined; b = todo.shift()) {
      const to = Math.min((b + 1) * size, opts.loans);
      // Awaited first, then added: `events += await …` would add to the value read before the other worker's batch.
      const appended = await writeBatch(client, templates, people, key, b * size, to, steps);
      events += appended;
      written += to - b * size;
      if (++done % 10 === 0 || todo.length === 0) {
        const s = (Date.now() - started) / 1000;
        log(`${written} loans written this run (${events} events), ${(written / s).toFixed(0)} loans/s`);
      }
    }
  };
  const clients = [db, ...(opts.second ? [opts.second] : []), ...(opts.more ?? [])];
  if (todo.length) {
    const written = await writerRows(db, templates, people, new Date());
    log(`${written.row.length} rows of the event writers (visits, repayment plans, instalments, reminders) taken from the templates`);
    await Promise.all(clients.map((c) => uploadTemplates(c, templates, written)));
  }
  await Promise.all(clients.map(worker));
  if (written) {
    await db.query(`ANALYZE company; ANALYZE loan; ANALYZE workflow_instance; ANALYZE workflow_event`);
    await db.query(`ANALYZE visit_record; ANALYZE repayment_plan; ANALYZE repayment_instalment; ANALYZE reminder; ANALYZE uploaded_file; ANALYZE attachment`);
  }
  const certificates = await seedCertificates(db);
  if (certificates) log(`${certificates} certificates in custody for the seeded loans whose collateral is confirmed`);
  const seconds = (Date.now() - started) / 1000;
  const serverAfter = await serverWork(db);
  const server = serverBefore && serverAfter ? diffWork(serverBefore, serverAfter) : null;
  if (written) log(profileLine(steps, server, seconds));
  // Prove what was written replays: a sample through the auditor's own code.
  let verified = 0;
  const sample = Math.min(opts.verifySample ?? 200, opts.loans);
  if (sample > 0) {
    setChainKey(key);
    const ids = Array.from({ length: sample }, (_, k) => seededLoanId(Math.floor((k * opts.loans) / sample)));
    const source = { query: (sql: string, params: unknown[]) => db.query(sql, params).then((r) => r.rows) } as never;
    // loadInstances reads at most 200 at a time
    for (let k = 0; k < ids.length; k += 200) {
      const chunk = ids.slice(k, k + 200);
      const instances = await loadInstances(source, `loan_id = ANY($1::uuid[])`, [chunk]);
      const byLoan = await loadEvents(source, chunk);
      for (const row of instances) {
        const verdict = verifyLoan(row, byLoan.get(row.loanId) ?? [], null, key);
        if (!verdict.ok) throw new Error(`seeded loan ${row.loanId} does not verify: ${verdict.reason}`);
        verified++;
      }
    }
  }
  return { written, events, seconds, verified, steps, server };
}

/** What PostgreSQL did for the seed, from its cumulative statistics: WAL, full-page images, checkpoints. */
export interface ServerWork {
  walBytes: number;
  walFullPages: number;
  walRecords: number;
  checkpointsTimed: number;
  checkpointsRequested: number;
  databaseBytes: number;
}

/** The server's counters now (PostgreSQL 17+ views); null where they cannot be read (an older server). */
async function serverWork(db: Client): Promise<ServerWork | null> {
  try {
    const { rows } = await db.query(
      `SELECT w.wal_bytes::float8 AS wal_bytes, w.wal_fpi::float8 AS wal_fpi, w.wal_records::float8 AS wal_records,
              c.num_timed::float8 AS timed, c.num_requested::float8 AS req, pg_database_size(current_database())::float8 AS db
         FROM pg_stat_wal w, pg_stat_checkpointer c`,
    );
    const r = rows[0];
    return {
      walBytes: r.wal_bytes,
      walFullPages: r.wal_fpi,
      walRecords: r.wal_records,
      checkpointsTimed: r.timed,
      checkpointsRequested: r.req,
      databaseBytes: r.db,
    };
  } catch {
    return null;
  }
}

function diffWork(a: ServerWork, b: ServerWork): ServerWork {
  return {
    walBytes: b.walBytes - a.walBytes,
    walFullPages: b.walFullPages - a.walFullPages,
    walRecords: b.walRecords - a.walRecords,
    checkpointsTimed: b.checkpointsTimed - a.checkpointsTimed,
    checkpointsRequested: b.checkpointsRequested - a.checkpointsRequested,
    databaseBytes: b.databaseBytes - a.databaseBytes,
  };
}

/** One line of where the time went: each step's share of the connections' summed time, and the server's WAL work. */
export function profileLine(steps: SeedSteps, server: ServerWork | null, seconds: number): string {
  const total = Object.values(steps).reduce((a, b) => a + b, 0) || 1;
  const shares = (Object.entries(steps) as [keyof SeedSteps, number][])
    .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s (${((100 * ms) / total).toFixed(0)}%)`)
    .join(', ');
  const gb = (bytes: number) => `${(bytes / 2 ** 30).toFixed(2)} GB`;
  const wal = server
    ? `; WAL ${gb(server.walBytes)} (${server.walFullPages.toLocaleString('en')} full-page images, ${server.walRecords.toLocaleString('en')} records), ` +
      `checkpoints ${server.checkpointsRequested} requested by WAL size + ${server.checkpointsTimed} timed, database +${gb(server.databaseBytes)}`
    : '';
  return `seed profile over ${seconds.toFixed(0)} s of wall time, per step summed over the connections: ${shares}${wal}`;
}

async function main(args: string[]): Promise<number> {
  const value = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const loans = Number(value('--loans') ?? 100_000);
  const batch = Number(value('--batch') ?? DEFAULT_BATCH);
  const concurrency = Number(value('--concurrency') ?? DEFAULT_CONCURRENCY);
  if (
    !Number.isSafeInteger(loans) ||
    loans < 1 ||
    loans > 10_000_000 ||
    !Number.isSafeInteger(batch) ||
    batch < 1 ||
    !Number.isSafeInteger(concurrency) ||
    concurrency < 1 ||
    concurrency > 16
  ) {
    process.stderr.write(`usage: npm run seed:scale -- --loans N [--batch ${DEFAULT_BATCH}] [--concurrency ${DEFAULT_CONCURRENCY}]\n`);
    return 2;
  }
  const config = loadConfig();
  const keys = loadAuditKeys(config, { create: false });
  const clients = Array.from({ length: concurrency }, () => new Client({ connectionString: config.databaseUrl }));
  await Promise.all(clients.map((c) => c.connect()));
  const [db, ...more] = clients;
  try {
    const result = await seedScale(db, keys.hmacKey, { loans, batch, more, log: (line) => process.stdout.write(`${line}\n`) });
    process.stdout.write(
      `seed:scale: ${result.written} loans written (${result.events} events) in ${result.seconds.toFixed(1)} s; ${result.verified} sampled loans verified\n`,
    );
    return 0;
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      process.stderr.write(`seed:scale failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}

/**
 * The vault of the seeded loans (the custody inventory's bench reads it): each seeded loan whose
 * confirmation carried collateral gets a collateral row and one certificate of its own (ids derived
 * from the loan's), registered and deposited by finance on the loan's creation; one in ten lent to the
 * A-post officer (half of those overdue), released or cancelled ones for the closed loans, with their
 * moves. One set-based statement per table, resumable (loans that have certificates are left as they are).
 */
export async function seedCertificates(db: Client): Promise<number> {
  const { rows } = await db.query(
    `WITH l AS (
       SELECT l.id, l.created_at, l.a_post_officer_id, wi.stage, (get_byte(decode(md5(l.id::text), 'hex'), 0)) AS r
         FROM loan l JOIN workflow_instance wi ON wi.loan_id = l.id
        WHERE l.id::text LIKE '5eed%' AND jsonb_array_length(COALESCE(wi.snapshot->'context'->'collateral', '[]'::jsonb)) > 0
          AND NOT EXISTS (SELECT 1 FROM collateral k WHERE k.loan_id = l.id)
     ), finance AS (SELECT id FROM app_user WHERE username = 'finance'),
     items AS (
       INSERT INTO collateral (id, loan_id, kind, owner, description, appraised_value_fen, created_by, updated_by, created_at, updated_at)
       SELECT md5(l.id::text || ':collateral')::uuid, l.id, 'MORTGAGE', '抵押人', '厂房', 100000000 + l.r * 100000, f.id, f.id, l.created_at, l.created_at
         FROM l, finance f
       RETURNING id, loan_id
     ), certs AS (
       INSERT INTO custody_certificate (id, loan_id, collateral_id, kind, number, issuer, holder, state, deposited, lent_to, lent_reason, return_due_on,
                                        released_to, state_changed_at, created_by, created_at)
       SELECT md5(l.id::text || ':certificate')::uuid, l.id, i.id, 'OTHER_RIGHTS', '沪他项' || l.id::text, '不动产登记局', '担保公司',
              s.state, true,
              CASE WHEN s.state = 'LENT' THEN l.a_post_officer_id END,
              CASE WHEN s.state = 'LENT' THEN '办理变更' END,
              CASE WHEN s.state = 'LENT' THEN current_date + (CASE WHEN l.r % 2 = 0 THEN -3 ELSE 10 END) END,
              CASE WHEN s.state = 'RELEASED' THEN '抵押人' END,
              l.created_at + interval '1 day' + (l.r || ' minutes')::interval, f.id, l.created_at
         FROM l JOIN items i ON i.loan_id = l.id CROSS JOIN finance f
         CROSS JOIN LATERAL (SELECT CASE WHEN l.stage = 'closed' THEN (CASE WHEN l.r % 3 = 0 THEN 'CANCELLED' ELSE 'RELEASED' END)
                                         WHEN l.r % 10 = 0 AND l.a_post_officer_id IS NOT NULL THEN 'LENT' ELSE 'IN_VAULT' END AS state) s
       RETURNING id, loan_id, state, created_at, state_changed_at, lent_to, return_due_on
     ), moves AS (
       INSERT INTO custody_move (certificate_id, loan_id, kind, from_state, to_state, actor_id, at, counterparty_id, receiver_confirmed, return_due_on)
       SELECT c.id, c.loan_id, m.kind, m.from_state, m.to_state, f.id, m.at, m.counterparty, m.confirmed, m.due
         FROM certs c CROSS JOIN finance f
         CROSS JOIN LATERAL (VALUES
           (1, 'REGISTER', NULL, 'AWAITING_DEPOSIT', c.created_at, NULL::uuid, false, NULL::date),
           (2, 'DEPOSIT', 'AWAITING_DEPOSIT', 'IN_VAULT', c.created_at + interval '1 hour', NULL::uuid, false, NULL::date),
           (3, CASE c.state WHEN 'LENT' THEN 'LEND' WHEN 'RELEASED' THEN 'RELEASE' WHEN 'CANCELLED' THEN 'CANCEL' END, 'IN_VAULT', c.state,
               c.state_changed_at, c.lent_to, c.state IN ('LENT', 'RELEASED'), c.return_due_on)
         ) AS m(n, kind, from_state, to_state, at, counterparty, confirmed, due)
        WHERE m.n < 3 OR c.state <> 'IN_VAULT'
       RETURNING 1
     ) SELECT (SELECT count(*)::int FROM certs) AS n, (SELECT count(*)::int FROM moves) AS m`,
  );
  if (rows[0].n) await db.query(`ANALYZE collateral; ANALYZE custody_certificate; ANALYZE custody_move`);
  return rows[0].n;
}
