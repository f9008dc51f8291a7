import { ALL_PERMISSION_KEYS, PermissionNode, PERMISSION_TREE, ROLE_ADMIN, ROLE_ROOT, ROLE_USER } from '@app/workflow';

/** A menu key with everything beneath it. */
function under(key: string): string[] {
  const find = (nodes: PermissionNode[]): PermissionNode | undefined => {
    for (const n of nodes) {
      if (n.key === key) return n;
      const hit = n.children && find(n.children);
      if (hit) return hit;
    }
    return undefined;
  };
  const node = find(PERMISSION_TREE);
  if (!node) throw new Error(`unknown permission ${key}`);
  const out: string[] = [];
  const walk = (n: PermissionNode) => {
    out.push(n.key);
    n.children?.forEach(walk);
  };
  walk(node);
  return out;
}

export interface PresetRole {
  code: string;
  zh: string;
  en: string;
  permissions: string[];
}

const LOAN_READ = ['loan_list', 'sys:loan:query', 'sys:loan:detail', 'sys:loan:node', 'sys:loan:preview', 'archives_detail'];

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
      ...under('company_list'),
      ...under('loan_list'),
      'archives_detail',
      'meeting',
      ...under('review_meeting_list'),
      ...under('zb_meeting_process_list'),
      ...under('bs_meeting_process_list'),
      'database',
      ...under('files_list'),
      'protect_middle',
      ...under('contract_list'),
      ...under('premium_upload_list'),
      ...under('guarantee_letter_list'),
      ...under('guarantee_upload_list'),
      ...under('voucher_list'),
      'protect_after',
      ...under('ledger_list'),
      ...under('attachment_list'),
      'remind_list',
      'become_list',
      'repayment_list',
      ...under('secure_list'),
      'relieve_list',
    ],
  },
  {
    code: 'B_POST',
    zh: 'B岗（风控经理）',
    en: 'B-post officer',
    permissions: [
      ...LOAN_READ,
      'meeting',
      ...under('risk_control_list'),
      'risk_control_detail',
      'risk_control_perfect',
      'sys:withdrawal:recheck',
      'initiate_withdrawal_list',
      'database',
      ...under('files_list'),
      'protect_middle',
      ...under('mutual_review_list'),
      ...under('counter_guarantee'),
      'protect_after',
      ...under('b_post_list'),
    ],
  },
  {
    code: 'PRE_REVIEW',
    zh: '预审审批人',
    en: 'Pre-review approver',
    permissions: [...LOAN_READ, 'meeting', ...under('review_meeting_vote_list'), 'review_meeting_list', 'sys:review:detail', 'sys:review:preview'],
  },
  {
    code: 'GENERAL_OFFICE',
    zh: '总办会参会人',
    en: 'General-office attendee',
    permissions: [
      ...LOAN_READ,
      'meeting',
      ...under('zb_meeting_vote_list'),
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
      ...under('bs_meeting_vote_list'),
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
      ...under('database'),
      'protect_middle',
      ...under('contract_review_list'),
      ...under('contract_seal_list'),
      ...under('guarantee_letter_approval_list'),
      ...under('guarantee_letter_seal'),
      'guarantee_upload_list',
      'sys:contract-archive:confirm', // the checker of the contract archive the clerk uploads
      'protect_after',
      ...under('leader_review_list'),
      ...under('statistics'),
    ],
  },
  {
    code: 'FINANCE',
    zh: '财务',
    en: 'Finance',
    permissions: [
      ...LOAN_READ,
      'protect_middle',
      ...under('premium_confirmation_list'),
      'voucher_list',
      'sys:voucher:confirm',
      'protect_after',
      ...under('finance_list'),
      'ledger_list',
      'sys:ledger:upload-repayment',
      'repayment_list',
    ],
  },
];
