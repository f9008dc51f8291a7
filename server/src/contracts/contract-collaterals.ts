import type { EntityManager } from 'typeorm';
import type { ContextCollateral } from '../basic-data/docx-template';

/**
 * The collateral rows a generated contract lists (the `{#collaterals}` loop). The collateral register
 * is built in parallel (issue 9, counter-guarantee); until it is merged a contract lists none.
 * MERGE: read the loan's register here, in the event's transaction (`em`), ordered as it is shown.
 */
export async function collateralsForContract(_em: EntityManager, _loanId: string): Promise<ContextCollateral[]> {
  return [];
}
