import type { FeatureHooks } from '../workflow/hooks';
import type { ContractsService } from './contracts.service';

export function contractsHooks(contracts: ContractsService): FeatureHooks {
  return {
    writers: {
      // the chosen template, or the bank's whole contract set, filled: all documents commit with the step or none
      CONTRACT_GENERATE: (ctx) => contracts.generate(ctx),
      // the generated contracts' rows go with the step, their bytes once it committed
      CONTRACT_DELETE: (ctx) => contracts.deleteContracts(ctx),
    },
  };
}
