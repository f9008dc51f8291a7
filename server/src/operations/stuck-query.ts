import * as engine from '@app/workflow';
import { runtimeFor } from '../workflow/machine-registry';

// The stuck-loan list's query and what it is computed from, without Nest (the bench imports it).

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

/** Who can move loans now, as the stuck-loan query reads it: per machine version, the leaf states where some account can act. */
export interface MovableStates {
  /** machine version -> the leaf paths (`preReview.awaitingApproval`) where a held permission offers an event */
  live: Map<number, string[]>;
  /** the leaves of any version that offer events, none of them held (an unmovable loan stands in at least one of them) */
  dead: string[];
}

/** One page of the stuck list: each stage's cutoff time, one stage or all, the cursor, the size, who can move what, the machine versions. */
export interface StuckPageRequest {
  cutoffs: Record<string, string>;
  stage: string | null;
  after: StuckCursor | null;
  size: number;
  movable: MovableStates;
  versions: readonly number[];
}

/** A stuck-list cursor: the last row's flag, its exact updated_at (text, to the microsecond) and id. */
export interface StuckCursor {
  unmovable: boolean;
  at: string;
  id: string;
}

/**
 * From the accounts that can act (administrators left out), per machine version the leaf states where
 * one of them holds the permission of an offered event, and the leaves where none does.
 */
export function movableStatesOf(holders: readonly engine.Actor[]): MovableStates {
  const held = (type: engine.EventType) => holders.some((h) => engine.holdsPermission(h, engine.EVENT_PERMISSIONS[type]));
  const live = new Map<number, string[]>();
  const dead = new Set<string>();
  for (const version of engine.MACHINE_VERSIONS) {
    const leaves = leavesOf(version);
    const here = [...leaves].filter(([, events]) => events.some(held)).map(([path]) => path);
    live.set(version, here);
    const liveSet = new Set(here);
    // a final leaf (a region done) is never where a loan stands still alone: the parallel state would have moved on
    for (const [path, events] of leaves) if (events.length && !liveSet.has(path)) dead.add(path);
  }
  return { live, dead: [...dead].sort() };
}

/** Each machine version's leaves with the events offered there (the machine does not change while the process runs). */
const LEAVES = new Map<number, Map<string, engine.EventType[]>>();
function leavesOf(version: number): Map<string, engine.EventType[]> {
  let leaves = LEAVES.get(version);
  if (!leaves) LEAVES.set(version, (leaves = engine.offeredEventsByLeaf(runtimeFor(version).machine)));
  return leaves;
}

/**
 * The stuck-loan list's keyset query (the raw query the bench compares the API's page with): active
 * instances whose last event is older than their stage's cutoff, those no account can move first,
 * then the rest, each part oldest first; after the cursor's row. Each part is its own ordered scan of
 * workflow_instance_stuck_idx (the unmovable part narrowed by the GIN index on active_paths), so a
 * page reads about its own rows rather than every stuck loan. A loan is movable when one of its
 * active paths is a live leaf of its machine version.
 *
 * The text is written per shape (one stage or all, first page or after a cursor and in which part)
 * with the page size as a literal, so that a generic plan of it is the plan a custom one would pick:
 * no `$n IS NULL OR ...` branch hides an index condition, and the planner sees the real LIMIT.
 * Parameters: the cutoffs (jsonb), the stage when given, the cursor's updated_at and id when given,
 * each version's live leaves, the dead leaves (unless the cursor is past the unmovable part).
 * `columns` are of workflow_instance wi; each row also has `unmovable`.
 */
export function stuckKeysetStatement(
  { cutoffs, stage, after, size, movable, versions }: StuckPageRequest,
  columns = 'wi.loan_id, wi.updated_at, wi.updated_at::text AS at',
): { text: string; values: unknown[] } {
  const values: unknown[] = [JSON.stringify(cutoffs)];
  const param = (value: unknown) => `$${values.push(value)}`;
  const stageCond = stage === null ? '' : `AND wi.stage = ${param(stage)}`;
  const cursorCond = after ? `AND (wi.updated_at, wi.loan_id) > (${param(after.at)}::timestamptz, ${param(after.id)}::uuid)` : '';
  const limit = Math.trunc(Number(size));
  if (!(limit >= 1 && limit <= 1000)) throw new RangeError(`page size ${size}`);
  const stuck = `wi.stage NOT IN ('closed', 'discontinued') AND wi.updated_at < ($1::jsonb ->> wi.stage)::timestamptz ${stageCond}`;
  const live = versions.map((v) => `WHEN ${Number(v)} THEN wi.active_paths && ${param(movable.live.get(v) ?? [])}::text[]`);
  const isMovable = `(CASE wi.machine_version ${live.join(' ')} ELSE true END)`;
  const parts: string[] = [];
  // past a cursor in the movable part, the unmovable part is done
  if (!after || after.unmovable) {
    const dead = `${param(movable.dead)}::text[]`;
    parts.push(`(SELECT ${columns}, true AS unmovable FROM workflow_instance wi
      WHERE cardinality(${dead}) > 0 AND ${stuck} AND wi.active_paths && ${dead} AND NOT ${isMovable} ${cursorCond}
      ORDER BY wi.updated_at, wi.loan_id LIMIT ${limit})`);
  }
  parts.push(`(SELECT ${columns}, false AS unmovable FROM workflow_instance wi
      WHERE ${stuck} AND ${isMovable} ${after && !after.unmovable ? cursorCond : ''}
      ORDER BY wi.updated_at, wi.loan_id LIMIT ${limit})`);
  const text = `SELECT * FROM (${parts.join(' UNION ALL ')}) parts ORDER BY unmovable DESC, updated_at, loan_id LIMIT ${limit}`;
  return { text, values };
}

/**
 * The API's page in one statement: the keyset query's rows dressed with their loan, company and last
 * event (the event of the instance's own version); run as a named statement, planned once per connection.
 */
export function stuckPageStatement(request: StuckPageRequest): { text: string; values: unknown[] } {
  const keyset = stuckKeysetStatement(request, 'wi.loan_id, wi.updated_at, wi.stage, wi.version, wi.machine_version, wi.snapshot');
  const text = `
  SELECT k.loan_id AS "loanId", k.stage, k.updated_at AS "updatedAt", k.updated_at::text AS "updatedAtText", k.version,
         k.machine_version AS "machineVersion", k.snapshot, k.unmovable,
         c.name AS company, l.bank, l.a_post_officer_id AS "aPostOfficerId",
         e.type AS "lastEventType", e.actor_id AS "lastEventActorId", u.nickname AS "lastEventActorName", e.at AS "lastEventAt"
    FROM (${keyset.text}) k
    JOIN loan l ON l.id = k.loan_id JOIN company c ON c.id = l.company_id
    LEFT JOIN workflow_event e ON e.loan_id = k.loan_id AND e.seq = k.version
    LEFT JOIN app_user u ON u.id = e.actor_id
   ORDER BY k.unmovable DESC, k.updated_at, k.loan_id`;
  return { text, values: keyset.values };
}
