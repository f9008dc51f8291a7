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
  /** VOUCHER_CONFIRM's day (YYYY-MM-DD) and the amount lent in fen; null until disbursed. */
  disbursedOn: string | null;
  disbursedAmountFen: number | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function listColumns(snapshot: engine.SnapshotLike): ListColumns {
  const officer = snapshot.context.bPostOfficerId;
  // older snapshots may lack the fields
  const { disbursedOn: on, disbursedAmountFen: lent } = snapshot.context as Partial<engine.GuaranteeContext>;
  return {
    activePaths: engine.activePaths(snapshot.value).sort(),
    amountFen: engine.toFen(snapshot.context.amount),
    bPostOfficerId: typeof officer === 'string' && UUID.test(officer) ? officer : null,
    disbursedOn: typeof on === 'string' && DAY.test(on) ? on : null,
    disbursedAmountFen: typeof lent === 'number' && Number.isSafeInteger(lent) ? lent : null,
  };
}
