import type { EventWriter, FeatureHooks } from '../workflow/hooks';
import { checkEarlySettlement } from './early-settlement';
import { REMINDER_EVENT_TYPES } from './reminder-writers';
import type { RemindersService } from './reminders.service';

export function remindersHooks(reminders: RemindersService): FeatureHooks {
  // The plan and its reminders: made, rebuilt, covered, or cancelled once the loan leaves after-guarantee.
  const writeRows: EventWriter = (ctx) => reminders.writeRows(ctx);
  return {
    // an amount above the open instalment settles early only when confirmed
    preparers: { RECORD_REPAYMENT: checkEarlySettlement },
    writers: Object.fromEntries(REMINDER_EVENT_TYPES.map((type) => [type, writeRows])),
  };
}
