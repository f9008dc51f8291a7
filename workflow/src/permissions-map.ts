/**
 * The one permission code each event needs (spec section 6 action codes). The server refuses an
 * event with 403 when the actor lacks it, before asking the machine; legalActions hides it.
 *
 * Several events may share a code (approving and rejecting are both the approver's "审批"), but an
 * event never needs two: that is why verbs repeated across stages are separate event types.
 */

import type { EventType } from './events';
import type { ActionKey } from './permissions';

export const EVENT_PERMISSIONS: Readonly<Record<EventType, ActionKey>> = {
  // collection: loan list
  SUBMIT_MATERIALS: 'sys:loan:perfect',
  RETURN_MATERIALS: 'sys:loan:return-materials',
  CONFIRM_RECEIPT: 'sys:loan:confirm-receipt',
  SUBMIT_TO_PRE_REVIEW: 'sys:loan:submit-pre-review',
  COLLECTION_DISCONTINUE: 'sys:loan:discontinue',
  // preReview: the approver's list decides, the pre-review list moves the loan on
  PRE_REVIEW_APPROVE: 'sys:review-vote:approve',
  PRE_REVIEW_REJECT: 'sys:review-vote:approve',
  PRE_REVIEW_RETURN: 'sys:review-vote:approve',
  PRE_REVIEW_RESUBMIT: 'sys:review:resubmit',
  PRE_REVIEW_MODIFY_AMOUNT: 'sys:review:modify-amount',
  PRE_REVIEW_DISCONTINUE: 'sys:review:discontinue',
  SUBMIT_TO_GENERAL_OFFICE: 'sys:review:submit-general-office',
  // generalOffice: meeting library (zb-meeting), voting (zb-vote), process list (zb)
  GENERAL_OFFICE_ALLOCATE: 'sys:zb-meeting:allocate',
  GENERAL_OFFICE_CANCEL_ALLOCATION: 'sys:zb-meeting:cancel-allocation',
  GENERAL_OFFICE_MEETING_STARTED: 'sys:zb-meeting:start',
  GENERAL_OFFICE_MEETING_CANCELLED: 'sys:zb-meeting:cancel',
  GENERAL_OFFICE_CAST_VOTE: 'sys:zb-vote:vote',
  GENERAL_OFFICE_MEETING_ENDED: 'sys:zb-meeting:end',
  GENERAL_OFFICE_UPDATE_RESOLUTION: 'sys:zb-meeting:update-resolution',
  GENERAL_OFFICE_RESUBMIT: 'sys:zb:resubmit',
  GENERAL_OFFICE_MODIFY_AMOUNT: 'sys:zb:modify-amount',
  GENERAL_OFFICE_DISCONTINUE: 'sys:zb:discontinue',
  SUBMIT_TO_RISK_CONTROL: 'sys:zb:submit-risk-control',
  SUBMIT_TO_INSURANCE_REVIEW: 'sys:zb:submit-insurance-review',
  // riskControl
  CONFIRM_COMPLETE: 'sys:risk:confirm-complete',
  REVOKE_CONFIRMATION: 'sys:risk:revoke',
  TRANSFER_DATA: 'sys:risk:transfer',
  RISK_CONTROL_DISCONTINUE: 'sys:risk:discontinue',
  // insuranceReview: meeting library (bs-meeting), voting (bs-vote), process list (bs)
  INSURANCE_REVIEW_ALLOCATE: 'sys:bs-meeting:allocate',
  INSURANCE_REVIEW_CANCEL_ALLOCATION: 'sys:bs-meeting:cancel-allocation',
  INSURANCE_REVIEW_MEETING_STARTED: 'sys:bs-meeting:start',
  INSURANCE_REVIEW_MEETING_CANCELLED: 'sys:bs-meeting:cancel',
  INSURANCE_REVIEW_CAST_VOTE: 'sys:bs-vote:vote',
  INSURANCE_REVIEW_MEETING_ENDED: 'sys:bs-meeting:end',
  INSURANCE_REVIEW_UPDATE_RESOLUTION: 'sys:bs-meeting:update-resolution',
  INSURANCE_REVIEW_RESUBMIT: 'sys:bs:resubmit',
  INSURANCE_REVIEW_DISCONTINUE: 'sys:bs:discontinue',
  INITIATE_WITHDRAWAL: 'sys:bs:initiate-withdrawal',
  // withdrawal
  RECHECK_PASS: 'sys:withdrawal:recheck',
  RECHECK_RETURN: 'sys:withdrawal:recheck',
  LEADER_APPROVE: 'sys:withdrawal:leader-review',
  REGULATORY_OVERRIDE: 'sys:withdrawal:regulatory-override',
  LEADER_RETURN: 'sys:withdrawal:leader-review',
  WITHDRAWAL_DISCONTINUE: 'sys:withdrawal:discontinue',
  // duringGuarantee: contract
  CONTRACT_GENERATE: 'sys:contract:generate',
  CONTRACT_DELETE: 'sys:contract:delete',
  CONTRACT_SUBMIT_REVIEW: 'sys:contract:submit-review',
  CONTRACT_MUTUAL_REVIEW_PASS: 'sys:contract:mutual-review',
  CONTRACT_MUTUAL_REVIEW_RETURN: 'sys:contract:mutual-review',
  CONTRACT_REVIEW_PASS: 'sys:contract:review',
  CONTRACT_REVIEW_RETURN: 'sys:contract:review',
  CONTRACT_SEAL_CONFIRM: 'sys:contract-seal:confirm',
  CONTRACT_SEAL_COMPLETE: 'sys:contract-seal:complete',
  CONTRACT_ARCHIVE_UPLOAD: 'sys:contract-archive:upload',
  CONTRACT_ARCHIVE_CONFIRM: 'sys:contract-archive:confirm',
  // premium
  PREMIUM_ADD: 'sys:premium:add',
  PREMIUM_EDIT: 'sys:premium:edit',
  PREMIUM_SUBMIT: 'sys:premium:submit',
  PREMIUM_REVOKE: 'sys:premium:revoke',
  PREMIUM_CONFIRM: 'sys:premium:confirm',
  // counter-guarantee
  COUNTER_GUARANTEE_CONFIRM: 'sys:counter:confirm',
  COUNTER_GUARANTEE_UPLOAD: 'sys:counter:upload',
  // letter
  LETTER_GENERATE: 'sys:letter:select-bank',
  LETTER_SUBMIT: 'sys:letter:submit',
  LETTER_APPROVE: 'sys:letter-review:approve',
  LETTER_RETURN: 'sys:letter-review:return',
  LETTER_SEAL_CONFIRM: 'sys:letter-seal:confirm',
  LETTER_SEAL_COMPLETE: 'sys:letter-seal:complete',
  LETTER_UPLOAD_SEALED: 'sys:letter:upload-sealed',
  DURING_GUARANTEE_DISCONTINUE: 'sys:contract:discontinue',
  // disbursement
  VOUCHER_UPLOAD: 'sys:voucher:upload',
  VOUCHER_CONFIRM: 'sys:voucher:confirm',
  // afterGuarantee
  VISIT_SUBMIT_REPORT: 'sys:after-b:submit',
  VISIT_APPROVE: 'sys:after-leader:approve',
  VISIT_RETURN: 'sys:after-leader:return',
  RECORD_REPAYMENT: 'sys:ledger:upload-repayment',
  REPAYMENT_PLAN_EDIT: 'sys:ledger:edit',
  // afterGuarantee, when the loan goes bad
  OVERDUE_NOTICE: 'sys:overdue:notice',
  EXTENSION_APPLY: 'sys:extension:apply',
  EXTENSION_APPROVE: 'sys:extension:approve',
  EXTENSION_RETURN: 'sys:extension:approve',
  COMPENSATION_APPLY: 'sys:compensation:apply',
  // compensation and recovery
  COMPENSATION_APPROVE: 'sys:compensation:decide',
  COMPENSATION_REFUSE: 'sys:compensation:decide',
  COMPENSATION_PAY: 'sys:compensation:pay',
  RECOVERY_STAGE: 'sys:recovery:record',
  RECOVERY_RECORD: 'sys:recovery:record',
  RECOVERY_CLOSE: 'sys:recovery:close',
  RECOVERY_WRITE_OFF_APPROVE: 'sys:recovery:approve-write-off',
  RECOVERY_WRITE_OFF_RETURN: 'sys:recovery:approve-write-off',
  // release
  CONFIRM_RELEASE: 'sys:secure:confirm',
  // any state: the operations console (held by the administrator's preset role only)
  OPERATOR_MOVE: 'sys:operations:move',
};

export function permissionOf(type: EventType): ActionKey {
  return EVENT_PERMISSIONS[type];
}
