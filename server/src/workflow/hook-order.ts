import type { EventType } from '@app/workflow';

/**
 * The features with hooks in the pipeline: each declares them in its folder's `*.hooks.ts`
 * (`evidence`: server/src/workflow/evidence.hooks.ts).
 */
export const HOOK_FEATURES = [
  'evidence',
  'loan-data',
  'collateral',
  'regulatory',
  'premium',
  'reminders',
  'visits',
  'letters',
  'contracts',
  'bad-loans',
  'operations',
  'custody',
] as const;
export type HookFeature = (typeof HOOK_FEATURES)[number];

/** Per event: the features whose preparers, then writers, run, in this order. */
export type HookOrder = Partial<Record<EventType, { preparers?: readonly HookFeature[]; writers?: readonly HookFeature[] }>>;

/**
 * The one order of the pipeline's hooks, in the machine's event order. Adding a hook: declare it in
 * the feature's hooks file, then place it here; WorkflowService refuses to start (and the unit test
 * fails) while the two disagree. docs/pipeline-hooks.md shows the result beside the machine's effects.
 * The evidence check runs before any other writer, so a step without its document writes nothing.
 */
export const HOOK_ORDER: HookOrder = {
  SUBMIT_MATERIALS: { preparers: ['loan-data'] },
  COLLECTION_DISCONTINUE: { writers: ['reminders'] },
  PRE_REVIEW_DISCONTINUE: { writers: ['reminders'] },
  GENERAL_OFFICE_DISCONTINUE: { writers: ['reminders'] },
  RISK_CONTROL_DISCONTINUE: { writers: ['reminders'] },
  // a compensation's pending vote settled: its case row (the meeting library writes the tally's)
  INSURANCE_REVIEW_UPDATE_RESOLUTION: { writers: ['bad-loans'] },
  INSURANCE_REVIEW_DISCONTINUE: { writers: ['reminders'] },
  LEADER_APPROVE: { preparers: ['regulatory'] },
  WITHDRAWAL_DISCONTINUE: { writers: ['reminders'] },
  CONTRACT_GENERATE: { writers: ['contracts', 'regulatory'] },
  CONTRACT_DELETE: { writers: ['contracts'] },
  CONTRACT_ARCHIVE_UPLOAD: { writers: ['evidence'] },
  PREMIUM_ADD: { preparers: ['premium'] },
  PREMIUM_EDIT: { preparers: ['premium'] },
  // the confirmed items' revaluation clocks start (custody)
  COUNTER_GUARANTEE_CONFIRM: { preparers: ['collateral'], writers: ['custody'] },
  COUNTER_GUARANTEE_UPLOAD: { writers: ['evidence'] },
  LETTER_GENERATE: { writers: ['letters'] },
  LETTER_UPLOAD_SEALED: { writers: ['evidence'] },
  DURING_GUARANTEE_DISCONTINUE: { writers: ['reminders'] },
  VOUCHER_UPLOAD: { writers: ['evidence'] },
  // the day and amount are checked before the repayment plan is made from them
  VOUCHER_CONFIRM: { writers: ['letters', 'reminders'] },
  VISIT_SUBMIT_REPORT: { preparers: ['visits'], writers: ['evidence', 'visits'] },
  // the visit reminder reads the round's due day, written with VISIT_SUBMIT_REPORT (either order works)
  VISIT_APPROVE: { writers: ['reminders', 'visits'] },
  VISIT_RETURN: { writers: ['visits'] },
  RECORD_REPAYMENT: { preparers: ['reminders'], writers: ['evidence', 'reminders'] },
  REPAYMENT_PLAN_EDIT: { writers: ['reminders'] },
  // custody: refused while one of the item's certificates is not in the vault; those in it go out at release
  CONFIRM_RELEASE: { preparers: ['custody'], writers: ['reminders', 'custody'] },
  // the plan's maturity, then the live regulatory check for the longer exposure
  EXTENSION_APPLY: { preparers: ['reminders', 'regulatory'] },
  // the plan rebuilt to the new maturity, its reminders replaced
  EXTENSION_APPROVE: { writers: ['reminders'] },
  // the bad-loan path: the case row the lists read; the payment and the write-off stand on their documents
  COMPENSATION_APPLY: { writers: ['bad-loans'] },
  COMPENSATION_APPROVE: { preparers: ['bad-loans'], writers: ['bad-loans'] },
  COMPENSATION_REFUSE: { writers: ['bad-loans'] },
  COMPENSATION_PAY: { writers: ['evidence', 'bad-loans'] },
  RECOVERY_STAGE: { writers: ['bad-loans'] },
  RECOVERY_RECORD: { writers: ['bad-loans'] },
  RECOVERY_CLOSE: { writers: ['bad-loans'] },
  RECOVERY_WRITE_OFF_APPROVE: { writers: ['evidence', 'bad-loans'] },
  RECOVERY_WRITE_OFF_RETURN: { writers: ['bad-loans'] },
  // an administrator's move: its row in the operator trail, with the states before and after
  OPERATOR_MOVE: { writers: ['operations'] },
};
