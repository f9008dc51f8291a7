import type zhCN from '../zh-CN/after-guarantee';
import type { Translation } from '../types';

const afterGuarantee: Translation<typeof zhCN> = {
  visits: {
    title: 'After-guarantee visits',
    round: 'Round in progress: {{round}} of 6',
    current: 'Current risk classification',
    nextDue: 'Next visit due',
    history: 'Classification history',
    none: 'No visit report submitted yet',
    columns: {
      round: 'Round',
      kind: 'Review kind',
      classification: 'Classification',
      reason: 'Reason',
      submitted: 'Submitted',
      state: 'State',
      nextDue: 'Next visit',
    },
    states: { SUBMITTED: 'Awaiting review', APPROVED: 'Approved', RETURNED: 'Returned' },
    downgraded: 'downgraded',
    returnedBecause: 'Returned: {{reason}}',
    attachments: 'Visit attachments',
    noAttachments: 'No visit attachment yet',
    upload: 'Upload visit attachment',
    uploaded: 'Visit attachment uploaded',
    hint: 'A visit report names its risk classification; a reason is needed unless it is Normal and unchanged.',
  },
  release: {
    title: 'Release of guarantee and collateral',
    columns: { item: 'Item', kind: 'Kind', value: 'Value (yuan)', state: 'State', released: 'Released' },
    states: { UNRESOLVED: 'Unresolved', RELEASED: 'Released' },
    kinds: { GUARANTEE: 'Guarantee', MORTGAGE: 'Mortgage', PLEDGE: 'Pledge', OTHER: 'Other' },
    guarantee: 'The guarantee',
    confirm: 'Confirm release',
    confirmed: 'Release confirmed',
  },
  plan: {
    title: 'Repayment plan',
    outstanding: 'Outstanding principal (yuan)',
    summary: 'Disbursed {{disbursedOn}}, matures {{maturityOn}}, term {{termMonths}} months',
    rate: 'annual rate {{rate}}%',
    columns: { seq: 'No.', dueOn: 'Due', principal: 'Principal (yuan)', interest: 'Interest (yuan)', repaid: 'Repaid (yuan)', state: 'State' },
    states: { DUE: 'Open', REPAID: 'Repaid' },
    uploadVoucher: 'Upload repayment voucher',
    // the instalment row only keeps the file; the repayment is recorded by the action 'Record repayment'
    attachVoucher: 'Attach voucher only',
    voucherUploaded: 'Repayment voucher uploaded',
    remind: 'Send repayment reminder',
    reminderSent: 'Repayment reminder sent to {{name}}',
    reminderAlreadySent: 'A repayment reminder was already sent to {{name}} today',
    reminders: 'Reminders',
    noReminders: 'No reminders',
    reminderColumns: { kind: 'Kind', dueAt: 'Due', fireAt: 'Fires at', state: 'State', queued: 'Queued' },
    reminderKinds: { REPAYMENT: 'Repayment', MATURITY: 'Maturity', VISIT: 'Visit due' },
    reminderStates: { SCHEDULED: 'Scheduled', SENT: 'Sent', CANCELLED: 'Cancelled' },
    queuedYes: 'Yes',
    queuedNo: 'No',
  },
  ledger: {
    title: 'Release ledger',
    export: 'Export',
    empty: 'Nothing released yet',
    columns: { company: 'Company', item: 'Item', kind: 'Kind', value: 'Value (yuan)', releasedAt: 'Released at', releasedBy: 'Released by' },
  },
};

export default afterGuarantee;
