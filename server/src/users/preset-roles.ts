import { ALL_PERMISSION_KEYS, keysUnder, ROLE_ADMIN, ROLE_ROOT, ROLE_USER, type PermissionKey } from '@app/workflow';

export interface PresetRole {
  code: string;
  zh: string;
  en: string;
  permissions: PermissionKey[];
}

const LOAN_READ: PermissionKey[] = ['loan_list', 'sys:loan:query', 'sys:loan:detail', 'sys:loan:node', 'sys:loan:preview', 'archives_detail'];

/**
 * The built-in roles of spec section 6 and one role per post of the pipeline. Administrators can
 * change the pipeline roles later; these are the starting point every new installation gets.
 */
export const PRESET_ROLES: PresetRole[] = [
  { code: ROLE_ROOT, zh: '超级管理员', en: 'Root', permissions: [...ALL_PERMISSION_KEYS] },
  { code: ROLE_ADMIN, zh: '系统管理员', en: 'Administrator', permissions: [...ALL_PERMISSION_KEYS] },
  { code: ROLE_USER, zh: '普通用户', en: 'User', permissions: [] },
  {
    code: 'A_POST',
    zh: 'A岗（业务经理）',
    en: 'A-post officer',
    permissions: [
      ...keysUnder('company_list'),
      ...keysUnder('loan_list'),
      'archives_detail',
      'meeting',
      ...keysUnder('review_meeting_list'),
      ...keysUnder('zb_meeting_process_list'),
      ...keysUnder('bs_meeting_process_list'),
      'database',
      ...keysUnder('files_list'),
      'protect_middle',
      ...keysUnder('contract_list'),
      ...keysUnder('premium_upload_list'),
      ...keysUnder('guarantee_letter_list'),
      ...keysUnder('guarantee_upload_list'),
      ...keysUnder('voucher_list'), // with sys:voucher:remind
      'custody_list', // sees the loan's certificates; returns those lent to the officer
      'protect_after',
      ...keysUnder('ledger_list'), // the officer holds the ledger: with sys:ledger:remind-repayment
      ...keysUnder('attachment_list'),
      'remind_list',
      'become_list',
      'repayment_list',
      ...keysUnder('secure_list'),
      'relieve_list',
      // the bad-loan path: the officer records the bank's notice, applies for extension and compensation, runs the recovery
      'overdue_list',
      'sys:overdue:notice',
      'sys:extension:apply',
      'sys:compensation:apply',
      'compensation_list',
      'recovery_list',
      'sys:recovery:record',
      'sys:recovery:close',
    ],
  },
  {
    code: 'B_POST',
    zh: 'B岗（风控经理）',
    en: 'B-post officer',
    permissions: [
      ...LOAN_READ,
      'meeting',
      ...keysUnder('risk_control_list'),
      'risk_control_detail',
      'risk_control_perfect',
      'sys:withdrawal:recheck',
      'initiate_withdrawal_list',
      'database',
      ...keysUnder('files_list'),
      'protect_middle',
      ...keysUnder('mutual_review_list'),
      ...keysUnder('counter_guarantee'),
      // risk control revalues the collateral it confirmed
      'custody_list',
      'sys:custody:revalue',
      'protect_after',
      ...keysUnder('b_post_list'),
      'overdue_list',
      'sys:extension:apply',
      'sys:compensation:apply',
      'compensation_list',
      'recovery_list',
    ],
  },
  {
    code: 'PRE_REVIEW',
    zh: '预审审批人',
    en: 'Pre-review approver',
    permissions: [...LOAN_READ, 'meeting', ...keysUnder('review_meeting_vote_list'), 'review_meeting_list', 'sys:review:detail', 'sys:review:preview'],
  },
  {
    code: 'GENERAL_OFFICE',
    zh: '总办会参会人',
    en: 'General-office attendee',
    permissions: [
      ...LOAN_READ,
      'meeting',
      ...keysUnder('zb_meeting_vote_list'),
      'database',
      'zb_meeting_list',
      'sys:zb-meeting:detail',
      'sys:zb-meeting:vote-detail',
    ],
  },
  {
    code: 'REVIEW_COMMITTEE',
    zh: '保审会参会人',
    en: 'Review-committee attendee',
    permissions: [
      ...LOAN_READ,
      'meeting',
      ...keysUnder('bs_meeting_vote_list'),
      'database',
      'bs_meeting_list',
      'sys:bs-meeting:detail',
      'sys:bs-meeting:vote-detail',
    ],
  },
  {
    code: 'LEADER',
    zh: '领导',
    en: 'Leader',
    permissions: [
      ...LOAN_READ,
      'meeting',
      'initiate_withdrawal_list',
      'sys:withdrawal:leader-review',
      ...keysUnder('database'),
      'protect_middle',
      ...keysUnder('contract_review_list'),
      ...keysUnder('contract_seal_list'),
      ...keysUnder('guarantee_letter_approval_list'),
      ...keysUnder('guarantee_letter_seal'),
      'guarantee_upload_list',
      'sys:contract-archive:confirm', // the checker of the contract archive the clerk uploads
      'custody_list', // the vault inventory and the loan-to-value alerts
      'protect_after',
      ...keysUnder('leader_review_list'),
      ...keysUnder('statistics'),
      // the checker of the bad-loan path: extensions, compensation below the threshold, write-offs
      'overdue_list',
      'sys:extension:approve',
      'compensation_list',
      'sys:compensation:decide',
      'recovery_list',
      'sys:recovery:approve-write-off',
    ],
  },
  {
    code: 'FINANCE',
    zh: '财务',
    en: 'Finance',
    permissions: [
      ...LOAN_READ,
      'protect_middle',
      ...keysUnder('premium_confirmation_list'),
      'voucher_list',
      'sys:voucher:confirm',
      // finance keeps the vault: deposits, lends, takes back and cancels the certificates
      'custody_list',
      'sys:custody:keep',
      // finance works voucherList (it confirms the disbursement voucher), so it may chase the officer
      'sys:voucher:remind',
      'protect_after',
      ...keysUnder('finance_list'),
      'ledger_list',
      'sys:ledger:upload-repayment',
      'repayment_list',
      // finance pays the bank the compensation and books what comes back
      'compensation_list',
      'sys:compensation:pay',
      'recovery_list',
      'sys:recovery:record',
    ],
  },
];
