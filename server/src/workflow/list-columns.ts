import * as engine from '@app/workflow';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The columns of workflow_instance that lists filter and sort on, kept beside the snapshot they come from. */
export interface ListColumns {
  /** Every active state as a dotted path, ancestors included (several inside duringGuarantee). */
  activePaths: string[];
  /** The machine's current amount in whole fen. */
  amountFen: number;
  /** The machine's current B-post officer (TRANSFER_DATA changes it); null when none or not a user id. */
  bPostOfficerId: string | null;
}

export function listColumns(snapshot: engine.SnapshotLike): ListColumns {
  const officer = snapshot.context.bPostOfficerId;
  return {
    activePaths: engine.activePaths(snapshot.value).sort(),
    amountFen: engine.toFen(snapshot.context.amount),
    bPostOfficerId: typeof officer === 'string' && UUID.test(officer) ? officer : null,
  };
}
