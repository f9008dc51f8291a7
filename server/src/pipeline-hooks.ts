import type { ContractsService } from './contracts/contracts.service';
import type { LettersService } from './letters/letters.service';
import type { PremiumService } from './premium/premium.service';
import type { RegulatoryService } from './regulatory/regulatory.service';
import type { RemindersService } from './reminders/reminders.service';
import type { VisitsService } from './visits/visits.service';
import { badLoansHooks } from './bad-loans/bad-loans.hooks';
import type { BadLoansService } from './bad-loans/bad-loans.service';
import { collateralHooks } from './collateral/collateral.hooks';
import { custodyHooks } from './custody/custody.hooks';
import type { CustodyService } from './custody/custody.service';
import { contractsHooks } from './contracts/contracts.hooks';
import { lettersHooks } from './letters/letters.hooks';
import { loanDataHooks } from './loan-data/loan-data.hooks';
import { premiumHooks } from './premium/premium.hooks';
import { regulatoryHooks } from './regulatory/regulatory.hooks';
import { remindersHooks } from './reminders/reminders.hooks';
import { visitsHooks } from './visits/visits.hooks';
import { evidenceHooks } from './workflow/evidence.hooks';
import type { DeclaredHooks } from './workflow/hooks';
import { operationsHooks } from './operations/operations.hooks';
import type { OperationsRepository } from './operations/operations.repository';

/** The services the features' hooks call (the app module injects them; a test may pass stand-ins). */
export interface HookServices {
  contracts: ContractsService;
  letters: LettersService;
  premium: PremiumService;
  regulatory: RegulatoryService;
  reminders: RemindersService;
  visits: VisitsService;
  badLoans: BadLoansService;
  operations: Pick<OperationsRepository, 'trail' | 'lastStep'>;
  custody: CustodyService;
}

/**
 * Every feature's hooks, each from its own folder's hooks file. Beside the app module, so that
 * workflow/ imports no feature; their order per event is workflow/hook-order.ts.
 */
export function declaredHooks(s: HookServices): DeclaredHooks {
  return {
    evidence: evidenceHooks(),
    'loan-data': loanDataHooks(),
    collateral: collateralHooks(),
    regulatory: regulatoryHooks(s.regulatory),
    premium: premiumHooks(s.premium),
    reminders: remindersHooks(s.reminders),
    visits: visitsHooks(s.visits),
    letters: lettersHooks(s.letters),
    contracts: contractsHooks(s.contracts),
    'bad-loans': badLoansHooks(s.badLoans),
    operations: operationsHooks(s.operations),
    custody: custodyHooks(s.custody),
  };
}
