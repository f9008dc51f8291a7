import type { FeatureHooks } from '../workflow/hooks';
import type { RegulatoryService } from './regulatory.service';

export function regulatoryHooks(regulatory: RegulatoryService): FeatureHooks {
  return {
    preparers: {
      // The live check of the loan against the limits: a breach refuses the approval (no override here).
      LEADER_APPROVE: async (em, loanId) => {
        await regulatory.refuseBreach(em, loanId);
        return {};
      },
      // An extension: the loan, already in force, is checked again for its longer exposure.
      EXTENSION_APPLY: async (em, loanId) => {
        await regulatory.refuseBreach(em, loanId, { inForce: true });
        return {};
      },
    },
    writers: {
      // Risk sharing: the loan's share starts as its contract bank's default (changeable until the seal).
      CONTRACT_GENERATE: async ({ em, loanId, event }) => {
        if (event.type === 'CONTRACT_GENERATE') await regulatory.copyBankRiskShare(em, loanId, event.bankId);
      },
    },
  };
}
