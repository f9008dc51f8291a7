import type { EventWriter, FeatureHooks } from '../workflow/hooks';
import { checkEarlySettlement } from './early-settlement';
import { checkExtensionDay } from './extension';
import { REMINDER_EVENT_TYPES } from './reminder-writers';
import type { RemindersService } from './reminders.service';

export function remindersHooks(reminders: RemindersService): FeatureHooks {
  // The plan and its reminders: made, rebuilt, covered, or cancelled once the loan leaves after-guarantee.
  const writeRows: EventWriter = (ctx) => reminders.writeRows(ctx);
  return {
    // an amount above the open instalment settles early only when confirmed
    // an extension's new maturity must be after the plan's current one
    preparers: { RECORD_REPAYMENT: checkEarlySettlement, EXTENSION_APPLY: checkExtensionDay },
    writers: Object.fromEntries(REMINDER_EVENT_TYPES.map((type) => [type, writeRows])),
  };
}
