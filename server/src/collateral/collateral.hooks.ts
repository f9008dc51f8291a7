import type { CollateralItem } from '@app/workflow';
import type { FeatureHooks } from '../workflow/hooks';
import { registerRows } from './collateral.repository';

export function collateralHooks(): FeatureHooks {
  return {
    preparers: {
      // The confirmation carries what the register holds, whatever the client sent.
      COUNTER_GUARANTEE_CONFIRM: async (em, loanId) => ({
        collateral: (await registerRows(em, loanId)).map((r): CollateralItem => ({ id: r.id, kind: r.kind })),
      }),
    },
  };
}
