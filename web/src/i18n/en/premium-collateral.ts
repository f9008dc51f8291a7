import type zhCN from '../zh-CN/premium-collateral';
import type { Translation } from '../types';

const premiumCollateral: Translation<typeof zhCN> = {
  premium: {
    title: 'Premium',
    loanType: 'Loan type',
    feeRate: 'Annual fee rate',
    term: 'Term',
    months: '{{count}} months',
    suggested: 'Computed premium',
    suggestedNone: 'The loan names no known loan type: nothing to compute',
    entered: 'Premium entered',
    reason: 'Reason for the change',
    state: 'State',
    states: { toUpload: 'To enter', uploaded: 'Entered, to submit', submitted: 'Awaiting finance', done: 'Confirmed' },
    differs: 'differs from the computed amount',
    vouchers: 'Payment vouchers',
    noVouchers: 'No payment voucher uploaded yet',
    upload: 'Upload payment voucher',
    uploaded: 'Voucher uploaded',
    hint: 'An amount other than the computed one needs a reason; add, edit and submit the premium under "Actions".',
  },
  collateral: {
    title: 'Collateral register',
    add: 'Add collateral',
    editTitle: 'Edit collateral',
    addTitle: 'Add collateral',
    delete: 'Delete',
    edit: 'Edit',
    confirmDelete: 'Delete this collateral item?',
    save: 'Save',
    cancel: 'Cancel',
    empty: 'No collateral registered yet',
    locked: 'The counter-guarantee is confirmed: the register can no longer change',
    amount: 'Guaranteed amount',
    total: 'Total appraised value',
    ltv: 'Loan-to-value (guaranteed amount / appraised value)',
    upload: 'Upload counter-guarantee attachment',
    uploaded: 'Attachment uploaded',
    saved: 'Saved',
    columns: { kind: 'Kind', owner: 'Owner', description: 'Description', value: 'Appraised value (yuan)', certificateNo: 'Certificate no.', ltv: 'LTV' },
    errors: {
      kind: 'Choose a kind',
      owner: 'Enter the owner (100 characters at most)',
      description: 'The description is 500 characters at most',
      appraisedValue: 'The appraised value is a non-negative amount with two decimals at most',
      certificateNo: 'The certificate number is 100 characters at most',
      invalid: 'Correct the fields shown, then save',
    },
  },
};

export default premiumCollateral;
