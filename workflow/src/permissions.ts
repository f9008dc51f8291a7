/**
 * The permission tree of spec section 6: menu entries (route keys, snake_case as the spec names them)
 * with action codes beneath (`sys:<area>:<action>`, the spec's element-code form).
 *
 * One place decides every permission code: the server seeds its table from this tree, guards name
 * these codes, the web gates routes and buttons with them, and the workflow maps each event to one.
 */

export type PermissionKind = 'menu' | 'action';

export interface PermissionNode {
  /** Route key (menus) or action code (buttons, API actions). Unique in the whole tree. */
  readonly key: string;
  readonly kind: PermissionKind;
  readonly zh: string;
  readonly en: string;
  readonly children?: readonly PermissionNode[];
}

// `const` type parameters keep each key as its literal type, so the tree's own type lists every key
// and PermissionKey below is derived from it: a key that is not in the tree does not compile.
function menu<const K extends string>(key: K, zh: string, en: string): { key: K; kind: 'menu'; zh: string; en: string };
function menu<const K extends string, const C extends readonly PermissionNode[]>(
  key: K,
  zh: string,
  en: string,
  children: C,
): { key: K; kind: 'menu'; zh: string; en: string; children: C };
function menu(key: string, zh: string, en: string, children?: readonly PermissionNode[]): PermissionNode {
  return children ? { key, kind: 'menu', zh, en, children } : { key, kind: 'menu', zh, en };
}
const act = <const K extends string>(key: K, zh: string, en: string) => ({ key, kind: 'action' as const, zh, en });
const tree = <const T extends readonly PermissionNode[]>(nodes: T): T => nodes;

export const PERMISSION_TREE = tree([
  menu('user', '用户管理', 'User management', [
    menu('user_list', '用户列表', 'Users', [
      act('sys:user:load', '查询', 'Load'),
      act('sys:user:add', '新增', 'Add'),
      act('sys:user:delete', '删除', 'Delete'),
      act('sys:user:edit', '编辑', 'Edit'),
      act('sys:user:disable', '禁用/启用', 'Disable / enable'),
      act('sys:user:reset-password', '重置密码', 'Reset password'),
    ]),
    menu('role_list', '角色列表', 'Roles', [
      act('sys:role:load', '查询', 'Load'),
      act('sys:role:add', '新增', 'Add'),
      act('sys:role:delete', '删除', 'Delete'),
      act('sys:role:edit', '编辑', 'Edit'),
    ]),
    menu('conferee_list', '参会人员', 'Meeting attendees', [
      act('sys:conferee:load', '查询', 'Load'),
      act('sys:conferee:add', '新增', 'Add'),
      act('sys:conferee:delete', '删除', 'Delete'),
      act('sys:conferee:manage', '管理', 'Manage'),
    ]),
  ]),
  menu('statistics', '统计报表', 'Statistics', [
    menu('population_list', '项目总体情况', 'Project overview'),
    menu('project_list', '全部项目', 'All projects'),
    menu('guo_dan_list', '国担报送数据', 'National guarantee platform data'),
    menu('industrial_information_list', '工信部报送数据', 'Industry ministry data'),
    menu('amount_list', '按担保金额', 'By guarantee amount'),
    menu('amount_bank_list', '按银行', 'By bank'),
    menu('amount_region_list', '按区域', 'By region', [act('sys:statistics:region-export', '导出', 'Export')]),
    menu('personnel_list', '按人员', 'By personnel'),
  ]),
  menu('company_list', '企业列表', 'Companies', [
    act('sys:company:add', '新增', 'Add'),
    act('sys:company:edit', '编辑', 'Edit'),
    act('sys:company:delete', '删除', 'Delete'),
    act('sys:company:detail', '详情', 'Detail'),
    act('sys:company:initiate-loan', '发起贷款', 'Initiate loan'),
  ]),
  menu('loan_list', '贷款列表', 'Loans', [
    act('sys:loan:query', '查询', 'Query'),
    act('sys:loan:delete', '删除', 'Delete'),
    act('sys:loan:node', '节点查询', 'Node query'),
    act('sys:loan:detail', '详情', 'Detail'),
    act('sys:loan:copy', '复制数据', 'Copy data'),
    act('sys:loan:perfect', '完善资料', 'Complete data'),
    act('sys:loan:preview', '报告预览', 'Report preview'),
    act('sys:loan:return-materials', '退回资料', 'Return materials'),
    act('sys:loan:confirm-receipt', '确认接收', 'Confirm receipt'),
    act('sys:loan:submit-pre-review', '提交预审会', 'Submit to pre-review'),
    act('sys:loan:discontinue', '终止项目', 'Discontinue'), // added for the workflow: COLLECTION_DISCONTINUE
  ]),
  menu('archives_detail', '贷款节点', 'Loan nodes'),
  menu('meeting', '会议流程', 'Meeting flow', [
    menu('review_meeting_list', '预审会列表', 'Pre-review list', [
      act('sys:review:detail', '详情', 'Detail'),
      act('sys:review:preview', '预览', 'Preview'),
      act('sys:review:perfect', '完善', 'Complete'),
      act('sys:review:modify-amount', '修改金额', 'Modify amount'),
      act('sys:review:submit-general-office', '提交总办会', 'Submit to general office'),
      act('sys:review:resubmit', '重新提交', 'Resubmit'),
      act('sys:review:discontinue', '终止项目', 'Discontinue'),
    ]),
    menu('review_meeting_vote_list', '预审审批', 'Pre-review approval', [
      act('sys:review-vote:detail', '详情', 'Detail'),
      act('sys:review-vote:preview', '预览', 'Preview'),
      act('sys:review-vote:approve', '审批', 'Approve'),
    ]),
    menu('zb_meeting_process_list', '总办会列表', 'General-office list', [
      act('sys:zb:detail', '详情', 'Detail'),
      act('sys:zb:preview', '预览', 'Preview'),
      act('sys:zb:perfect', '完善', 'Complete'),
      act('sys:zb:modify-amount', '修改金额', 'Modify amount'),
      act('sys:zb:submit-risk-control', '提交B岗风控', 'Submit to B-post risk control'),
      act('sys:zb:submit-insurance-review', '提交保审会', 'Submit to review committee'),
      act('sys:zb:resubmit', '重新提交', 'Resubmit'),
      act('sys:zb:discontinue', '终止项目', 'Discontinue'),
    ]),
    menu('zb_meeting_vote_list', '总办会投票', 'General-office voting', [
      act('sys:zb-vote:detail', '详情', 'Detail'),
      act('sys:zb-vote:vote', '投票', 'Vote'),
      act('sys:zb-vote:preview', '预览', 'Preview'),
    ]),
    menu('risk_control_list', 'B岗风控', 'B-post risk control', [
      act('sys:risk:detail', '详情', 'Detail'),
      act('sys:risk:preview', '预览', 'Preview'),
      act('sys:risk:perfect', '完善', 'Complete'),
      act('sys:risk:a-report', 'A岗报告', 'A-post report'),
      act('sys:risk:confirm-complete', '确认完成', 'Confirm complete'),
      act('sys:risk:revoke', '撤销', 'Revoke'),
      act('sys:risk:transfer', '转移数据', 'Transfer data'),
      act('sys:risk:discontinue', '终止项目', 'Discontinue'), // added for the workflow: RISK_CONTROL_DISCONTINUE
    ]),
    menu('risk_control_detail', 'B岗资料详情', 'B-post data detail'),
    menu('risk_control_perfect', 'B岗资料完善', 'B-post data completion'),
    menu('bs_meeting_process_list', '保审会列表', 'Review-committee list', [
      act('sys:bs:detail', '详情', 'Detail'),
      act('sys:bs:perfect', '完善', 'Complete'),
      act('sys:bs:a-report', 'A岗报告', 'A-post report'),
      act('sys:bs:b-report', 'B岗报告', 'B-post report'),
      act('sys:bs:resubmit', '重新提交', 'Resubmit'),
      act('sys:bs:initiate-withdrawal', '发起提款', 'Initiate withdrawal'),
      act('sys:bs:discontinue', '终止项目', 'Discontinue'),
    ]),
    menu('bs_meeting_vote_list', '保审会投票', 'Review-committee voting', [
      act('sys:bs-vote:detail', '详情', 'Detail'),
      act('sys:bs-vote:vote', '投票', 'Vote'),
      act('sys:bs-vote:a-report', 'A岗报告预览', 'A-post report preview'),
      act('sys:bs-vote:b-report', 'B岗报告预览', 'B-post report preview'),
    ]),
    menu('initiate_withdrawal_list', '提款列表', 'Withdrawal list', [
      act('sys:withdrawal:recheck', 'B岗复核', 'B-post recheck'),
      act('sys:withdrawal:leader-review', '领导审核', 'Leader review'),
      // held by the administrator's preset role only (regulatory limits)
      act('sys:withdrawal:regulatory-override', '监管指标超限放行', 'Override regulatory limits'),
      act('sys:withdrawal:discontinue', '终止项目', 'Discontinue'), // added for the workflow: WITHDRAWAL_DISCONTINUE
    ]),
  ]),
  menu('database', '会议资料库', 'Meeting data library', [
    menu('ys_meeting_list', '预审会', 'Pre-review meetings', [
      act('sys:ys-meeting:upload-minutes', '上传会议纪要', 'Upload minutes'),
      act('sys:ys-meeting:export-minutes', '导出会议纪要', 'Export minutes'),
    ]),
    menu('zb_meeting_list', '总办会', 'General-office meetings', [
      act('sys:zb-meeting:add', '新增会议', 'Add meeting'),
      act('sys:zb-meeting:allocate', '分配项目', 'Allocate projects'),
      act('sys:zb-meeting:detail', '详情', 'Detail'),
      act('sys:zb-meeting:cancel-allocation', '取消分配', 'Cancel allocation'),
      act('sys:zb-meeting:start', '开始会议', 'Start'),
      act('sys:zb-meeting:end', '结束会议', 'End'),
      act('sys:zb-meeting:cancel', '取消会议', 'Cancel'),
      act('sys:zb-meeting:vote-detail', '投票详情', 'Vote details'),
      act('sys:zb-meeting:update-resolution', '更新决议', 'Update resolution'), // added for the workflow: GENERAL_OFFICE_UPDATE_RESOLUTION
      act('sys:zb-meeting:upload-minutes', '上传会议纪要', 'Upload minutes'),
      act('sys:zb-meeting:export-minutes', '导出会议纪要', 'Export minutes'),
    ]),
    menu('bs_meeting_list', '保审会', 'Review-committee meetings', [
      act('sys:bs-meeting:add', '新增会议', 'Add meeting'),
      act('sys:bs-meeting:allocate', '分配项目', 'Allocate projects'),
      act('sys:bs-meeting:detail', '详情', 'Detail'),
      act('sys:bs-meeting:cancel-allocation', '取消分配', 'Cancel allocation'),
      act('sys:bs-meeting:start', '开始会议', 'Start'),
      act('sys:bs-meeting:end', '结束会议', 'End'),
      act('sys:bs-meeting:cancel', '取消会议', 'Cancel'),
      act('sys:bs-meeting:vote-detail', '投票详情', 'Vote details'),
      act('sys:bs-meeting:update-resolution', '更新决议', 'Update resolution'),
      act('sys:bs-meeting:upload-minutes', '上传会议纪要', 'Upload minutes'),
      act('sys:bs-meeting:export-minutes', '导出会议纪要', 'Export minutes'),
    ]),
    menu('files_list', '档案管理', 'Archives', [
      act('sys:archive:detail', '附件详情', 'Attachment detail'),
      act('sys:archive:upload', '上传', 'Upload'),
      act('sys:archive:archive-all', '一键归档', 'One-click archive'),
      act('sys:archive:delete', '删除', 'Delete'),
    ]),
  ]),
  menu('protect_middle', '保中管理', 'During guarantee', [
    menu('contract_list', '合同生成', 'Contract generation', [
      act('sys:contract:submit-review', '提交审核', 'Submit for review'),
      act('sys:contract:delete', '删除', 'Delete'),
      act('sys:contract:upload', '上传', 'Upload'),
      act('sys:contract:generate', '生成合同', 'Generate'),
      act('sys:contract:discontinue', '终止项目', 'Discontinue'), // added for the workflow: DURING_GUARANTEE_DISCONTINUE
    ]),
    menu('mutual_review_list', 'B岗互审', 'B-post mutual review', [act('sys:contract:mutual-review', '互审', 'Mutual review')]),
    menu('contract_review_list', '合同审核', 'Contract review', [act('sys:contract:review', '审核', 'Review')]),
    menu('contract_seal_list', '合同用印', 'Contract sealing', [
      act('sys:contract-seal:confirm', '确认', 'Confirm'),
      act('sys:contract-seal:complete', '完成', 'Complete'),
    ]),
    menu('premium_upload_list', '保费上传', 'Premium upload', [
      act('sys:premium:add', '新增', 'Add'),
      act('sys:premium:edit', '编辑', 'Edit'),
      act('sys:premium:submit', '提交', 'Submit'),
      act('sys:premium:revoke', '撤回', 'Revoke'),
    ]),
    menu('premium_confirmation_list', '保费确认', 'Premium confirmation', [act('sys:premium:confirm', '通过', 'Pass')]),
    menu('counter_guarantee', '反担保', 'Counter-guarantee', [
      act('sys:counter:confirm', 'B岗确认', 'B-post confirm'),
      act('sys:counter:upload', '上传附件', 'Upload attachment'),
    ]),
    menu('guarantee_letter_list', '保函生成', 'Letter generation', [
      act('sys:letter:select-bank', '选择银行', 'Select bank'),
      act('sys:letter:submit', '提交', 'Submit'),
      act('sys:letter:upload-sealed', '上传盖章保函', 'Upload sealed letter'),
    ]),
    menu('guarantee_letter_approval_list', '保函审核', 'Letter review', [
      act('sys:letter-review:detail', '详情', 'Detail'),
      act('sys:letter-review:approve', '审核通过', 'Approve'),
      act('sys:letter-review:return', '一键退回', 'One-click return'),
    ]),
    menu('guarantee_letter_seal', '保函用印', 'Letter sealing', [
      act('sys:letter-seal:confirm', '确认', 'Confirm'),
      act('sys:letter-seal:complete', '完成', 'Complete'),
    ]),
    menu('guarantee_upload_list', '合同归档上传', 'Contract archive upload', [
      act('sys:contract-archive:upload', '上传', 'Upload'),
      act('sys:contract-archive:confirm', '确认', 'Confirm'),
    ]),
    menu('voucher_list', '放款凭证', 'Disbursement voucher', [
      act('sys:voucher:upload', '上传', 'Upload'),
      act('sys:voucher:confirm', '确认', 'Confirm'),
      act('sys:voucher:remind', '发送放款提醒', 'Send disbursement reminder'),
    ]),
    // Custody of the collateral's certificates (not in the spec): the vault inventory and its keeper.
    menu('custody_list', '权证保管', 'Certificate custody', [
      act('sys:custody:keep', '权证保管（入库、借出、归还、注销）', 'Keep the vault (deposit, lend, return, cancel)'),
      act('sys:custody:revalue', '押品重估', 'Revalue collateral'),
    ]),
  ]),
  menu('protect_after', '保后管理', 'After guarantee', [
    menu('ledger_list', '台账', 'Ledger', [
      act('sys:ledger:edit', '编辑', 'Edit'),
      act('sys:ledger:upload-repayment', '上传还款凭证', 'Upload repayment voucher'),
      act('sys:ledger:remind-repayment', '发送还款提醒', 'Send repayment reminder'),
      act('sys:ledger:select-loan', '选择贷款', 'Select loan'),
      act('sys:ledger:attachments', '查看附件', 'View attachments'),
    ]),
    menu('finance_list', '财务列表', 'Finance list', [act('sys:finance:delete', '删除', 'Delete')]),
    menu('b_post_list', 'B岗列表', 'B-post list', [act('sys:after-b:upload', '上传', 'Upload'), act('sys:after-b:submit', '提交', 'Submit')]),
    menu('leader_review_list', '领导审核', 'Leader review', [
      act('sys:after-leader:approve', '审核通过', 'Approve'),
      act('sys:after-leader:return', '退回', 'Return'), // added for the workflow: VISIT_RETURN
      act('sys:after-leader:attachments', '查看附件', 'View attachments'),
    ]),
    menu('attachment_list', '附件列表', 'Attachments', [
      act('sys:attachment:add-report', '新增报告', 'Add report'),
      act('sys:attachment:reupload', '重新上传', 'Re-upload'),
    ]),
    menu('remind_list', '保后提醒', 'Post-loan reminders'),
    menu('become_list', '到期提醒', 'Maturity reminders'),
    menu('repayment_list', '还款凭证上传', 'Repayment vouchers'),
    menu('secure_list', '解保解押', 'Release of guarantee and security', [act('sys:secure:confirm', '确认解除', 'Confirm release')]),
    menu('relieve_list', '解保台账', 'Release ledger'),
    // The bad-loan path (not in the spec): overdue loans, extensions, compensation and recovery.
    menu('overdue_list', '逾期项目', 'Overdue loans', [
      act('sys:overdue:notice', '登记逾期通知', 'Record overdue notice'),
      act('sys:extension:apply', '申请展期', 'Apply for extension'),
      act('sys:extension:approve', '审批展期', 'Approve extension'),
      act('sys:compensation:apply', '申请代偿', 'Apply for compensation'),
    ]),
    menu('compensation_list', '代偿', 'Compensation', [
      act('sys:compensation:decide', '代偿审批', 'Decide compensation'),
      act('sys:compensation:pay', '代偿支付', 'Pay compensation'),
    ]),
    menu('recovery_list', '追偿', 'Recovery', [
      act('sys:recovery:record', '登记追偿', 'Record recovery'),
      act('sys:recovery:close', '追偿结案', 'Close recovery'),
      act('sys:recovery:approve-write-off', '核销审批', 'Approve write-off'),
    ]),
  ]),
  // The operations console (issue 23): administrators' interventions on stuck loans, each one recorded
  // in the operator trail. Held by the administrator's preset role only.
  menu('operations', '运维', 'Operations', [
    act('sys:operations:move', '移动贷款节点', 'Move a loan'),
    act('sys:operations:retry', '重试失败任务', 'Retry failed work'),
    act('sys:operations:batch', '批量操作', 'Batch operations'),
    act('sys:operations:settings', '滞留时限设置', 'Stuck-loan limits'),
  ]),
  menu('basic', '基础数据', 'Basic data', [
    menu('bank_list', '银行列表', 'Banks', [
      act('sys:bank:add', '新增', 'Add'),
      act('sys:bank:edit', '编辑', 'Edit'),
      act('sys:bank:delete', '删除', 'Delete'),
    ]),
    menu('template_list', '银行模板', 'Bank templates', [
      act('sys:template:add', '新增', 'Add'),
      act('sys:template:edit', '编辑', 'Edit'),
      act('sys:template:delete', '删除', 'Delete'),
      act('sys:template:enable', '启用/禁用', 'Enable / disable'),
    ]),
    menu('loan_type_list', '贷款类型', 'Loan types', [
      act('sys:loan-type:add', '新增', 'Add'),
      act('sys:loan-type:edit', '编辑', 'Edit'),
      act('sys:loan-type:delete', '删除', 'Delete'),
    ]),
  ]),
]);

/** A node and every node beneath it, each with its literal key and kind. */
type NodesOf<N> = N extends { readonly children: readonly (infer C)[] } ? N | NodesOf<C> : N;
type TreeNode = NodesOf<(typeof PERMISSION_TREE)[number]>;

/** Every key of the tree: route keys and action codes. */
export type PermissionKey = TreeNode['key'];
/** Route keys (menu entries): what ROLE_ADMIN passes without holding them. */
export type MenuKey = Extract<TreeNode, { kind: 'menu' }>['key'];
/** Action codes (buttons, API actions): only ROOT passes them without holding them. */
export type ActionKey = Extract<TreeNode, { kind: 'action' }>['key'];

export interface FlatPermission {
  key: PermissionKey;
  kind: PermissionKind;
  zh: string;
  en: string;
  parentKey: PermissionKey | null;
  sort: number;
}

/** The tree in depth-first order, each node with its parent's key. */
export function flattenPermissionTree(nodes: readonly PermissionNode[] = PERMISSION_TREE): FlatPermission[] {
  const out: FlatPermission[] = [];
  const walk = (list: readonly PermissionNode[], parentKey: PermissionKey | null) => {
    for (const node of list) {
      const key = node.key as PermissionKey;
      out.push({ key, kind: node.kind, zh: node.zh, en: node.en, parentKey, sort: out.length });
      if (node.children) walk(node.children, key);
    }
  };
  walk(nodes, null);
  return out;
}

const FLAT = flattenPermissionTree();
export const ALL_PERMISSION_KEYS: readonly PermissionKey[] = FLAT.map((p) => p.key);
const KIND_OF: ReadonlyMap<string, PermissionKind> = new Map(FLAT.map((p) => [p.key, p.kind]));

/** Narrows a string from outside (a request, a database row) to a key of the tree. */
export function isPermissionKey(key: string): key is PermissionKey {
  return KIND_OF.has(key);
}

/** Menu or action; undefined for a string that is not in the tree. */
export function permissionKind(key: string): PermissionKind | undefined {
  return KIND_OF.get(key);
}

/** A menu key with every key beneath it, in tree order. */
export function keysUnder(key: PermissionKey): PermissionKey[] {
  const find = (nodes: readonly PermissionNode[]): PermissionNode | undefined => {
    for (const n of nodes) {
      if (n.key === key) return n;
      const hit = n.children && find(n.children);
      if (hit) return hit;
    }
    return undefined;
  };
  const node = find(PERMISSION_TREE);
  return node ? flattenPermissionTree([node]).map((p) => p.key) : [];
}

/** Built-in roles of spec section 6. */
export const ROLE_ROOT = 'ROOT';
export const ROLE_ADMIN = 'ROLE_ADMIN';
export const ROLE_USER = 'ROLE_USER';
