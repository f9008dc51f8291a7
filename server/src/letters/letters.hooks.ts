import type { FeatureHooks } from '../workflow/hooks';
import type { LettersService } from './letters.service';

export function lettersHooks(letters: LettersService): FeatureHooks {
  return {
    writers: {
      // the bank's enabled letter template, filled into the loan's documents
      LETTER_GENERATE: (ctx) => letters.generate(ctx),
      // the day has come in the company calendar, and the bank lends no more than is guaranteed
      VOUCHER_CONFIRM: (ctx) => letters.checkDisbursement(ctx),
    },
  };
}
