import type { FeatureHooks } from '../workflow/hooks';
import { storedCompleteness } from './loan-data.repository';

export function loanDataHooks(): FeatureHooks {
  return {
    preparers: {
      // The completeness the guard checks comes from the loan's saved data, never from the client: a
      // completeDataTypes sent along is shape-checked, then replaced. The versions read go into the
      // commit, which is refused if any type was saved since.
      SUBMIT_MATERIALS: {
        commitChecked: async (em, loanId) => {
          const stored = await storedCompleteness(em, loanId);
          return { fields: { completeDataTypes: stored.types }, loanDataVersions: stored.versions };
        },
      },
    },
  };
}
