import type { FeatureHooks } from '../workflow/hooks';
import type { CustodyService } from './custody.service';

/**
 * The release guard: CONFIRM_RELEASE of a collateral item is refused (409, naming them) while any of
 * the item's certificates is not in the vault; accepted, the same transaction hands them out (out at
 * release, to the person the event names in `receivedBy`, or the loan's borrower). The confirmation
 * of the counter-guarantee starts each item's revaluation clock.
 */
export function custodyHooks(custody: CustodyService): FeatureHooks {
  return {
    preparers: { CONFIRM_RELEASE: (em, _loanId, payload) => custody.checkRelease(em, payload) },
    writers: {
      COUNTER_GUARANTEE_CONFIRM: (ctx) => custody.startRevaluationClocks(ctx),
      CONFIRM_RELEASE: (ctx) => custody.handOut(ctx),
    },
  };
}
