import type { EventPreparer, FeatureHooks } from '../workflow/hooks';
import type { PremiumService } from './premium.service';

export function premiumHooks(premium: PremiumService): FeatureHooks {
  // A premium other than the computed one needs a reason; none may exceed the guaranteed amount.
  const checkEntered: EventPreparer = (em, loanId, payload) => premium.checkEntered(em, loanId, payload);
  return { preparers: { PREMIUM_ADD: checkEntered, PREMIUM_EDIT: checkEntered } };
}
