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

/** A stuck-list cursor: the last row's flag, its exact updated_at (text, to the microsecond) and id. */
export interface StuckCursor {
  unmovable: boolean;
  at: string;
  id: string;
}

/**
 * The raw keyset query of the stuck-loan list (the bench compares the API's first page with it):
 * active instances whose last event is older than their stage's cutoff, those no account can move
 * first, then the rest, each part oldest first; after the cursor's row. Each part is its own ordered
 * scan of workflow_instance_stuck_idx (the unmovable part narrowed by the GIN index on active_paths),
 * so a page reads about its own rows rather than every stuck loan. A loan is movable when one of its
 * active paths is a live leaf of its machine version.
 * $1: stage -> cutoff time (jsonb), $2: one stage or null, $3/$4/$5: the cursor's (unmovable,
 * updated_at, loan_id) or nulls, $6: page size, $7: the dead leaves, $8...: each version's live leaves.
 */
export function stuckKeysetSql(versions: readonly number[]): string {
  const movable = `(CASE wi.machine_version ${versions.map((v, i) => `WHEN ${Number(v)} THEN wi.active_paths && $${8 + i}::text[]`).join(' ')} ELSE true END)`;
  const stuck = `wi.stage NOT IN ('closed', 'discontinued')
       AND wi.updated_at < ($1::jsonb ->> wi.stage)::timestamptz
       AND ($2::text IS NULL OR wi.stage = $2)`;
  return `
  SELECT loan_id, unmovable, updated_at::text AS at FROM (
    (SELECT wi.loan_id, true AS unmovable, wi.updated_at FROM workflow_instance wi
      WHERE cardinality($7::text[]) > 0 AND ${stuck}
        AND wi.active_paths && $7::text[] AND NOT ${movable}
        AND ($3::boolean IS NULL OR ($3 AND (wi.updated_at, wi.loan_id) > ($4::timestamptz, $5::uuid)))
      ORDER BY wi.updated_at, wi.loan_id LIMIT $6)
    UNION ALL
    (SELECT wi.loan_id, false AS unmovable, wi.updated_at FROM workflow_instance wi
      WHERE ${stuck} AND ${movable}
        AND ($3::boolean IS NULL OR $3 OR (wi.updated_at, wi.loan_id) > ($4::timestamptz, $5::uuid))
      ORDER BY wi.updated_at, wi.loan_id LIMIT $6)
  ) page
  ORDER BY unmovable DESC, updated_at, loan_id
  LIMIT $6`;
}

/** The parameters of stuckKeysetSql, in its order. */
export function stuckKeysetParams(
  cutoffs: Record<string, string>,
  stage: string | null,
  after: StuckCursor | null,
  size: number,
  movable: MovableStates,
  versions: readonly number[],
): unknown[] {
  return [
    JSON.stringify(cutoffs),
    stage,
    after?.unmovable ?? null,
    after?.at ?? null,
    after?.id ?? null,
    size,
    movable.dead,
    ...versions.map((v) => movable.live.get(v) ?? []),
  ];
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
