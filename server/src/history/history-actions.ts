/**
 * What a history row's request did, in words for staff: "POST /server/open/auth/
 * platformLogin/:platform" reads 登录 / Sign in. Keyed by method and route pattern as the middleware
 * records them (under /server); a route not listed reads by its method (新增 / 修改 / 删除).
 */
import type { Lang } from '../common/i18n';

type Words = readonly [zh: string, en: string];

const ACTIONS: ReadonlyMap<string, Words> = new Map<string, Words>([
  ['POST /open/auth/platformLogin/:platform', ['登录', 'Sign in']],
  ['POST /auth/logout', ['退出登录', 'Sign out']],
  ['POST /audit/checkpoints', ['签署审计检查点', 'Sign an audit checkpoint']],
  ['PATCH /messages/read-all', ['全部消息标为已读', 'Mark all messages read']],
  ['PATCH /messages/:id/read', ['消息标为已读', 'Mark a message read']],
  ['POST /admin/queue-page/session', ['打开队列页面', 'Open the queue page']],
  ['DELETE /admin/queue-page/session', ['关闭队列页面', 'Close the queue page']],
  ['PATCH /user/change-avatar', ['修改头像', 'Change avatar']],
  ['POST /user/change-password', ['修改密码', 'Change password']],
  ['PATCH /user/language', ['设置语言', 'Set language']],
  ['PATCH /user/:id/disabled', ['启用/停用用户', 'Enable or disable a user']],
  ['POST /user', ['新增用户', 'Add a user']],
  ['PUT /user/:id', ['修改用户', 'Edit a user']],
  ['DELETE /user/:id', ['删除用户', 'Delete a user']],
  ['POST /user/:id/reset-password', ['重置密码', 'Reset a password']],
  ['POST /upload/user', ['上传头像', 'Upload an avatar']],
  ['POST /roles', ['新增角色', 'Add a role']],
  ['DELETE /roles', ['删除角色', 'Delete roles']],
  ['PUT /roles/:id', ['修改角色', 'Edit a role']],
  ['POST /loans/:id/events', ['贷款流程操作', 'Loan step']],
  ['POST /companies', ['新增企业', 'Add a company']],
  ['PUT /companies/:id', ['修改企业', 'Edit a company']],
  ['DELETE /companies/:id', ['删除企业', 'Delete a company']],
  ['POST /loans', ['发起贷款', 'Start a loan']],
  ['DELETE /loans/:id', ['删除贷款', 'Delete a loan']],
  ['PUT /loans/:id/data/:type', ['保存贷款资料', 'Save loan data']],
  ['PUT /loans/:id/data/:type/draft', ['暂存贷款资料', 'Save a draft of loan data']],
  ['DELETE /loans/:id/data/:type/draft', ['丢弃暂存资料', 'Discard a draft']],
  ['POST /loans/:id/copy', ['复制贷款', 'Copy a loan']],
  ['POST /meetings/ys/:day/minutes', ['上传预审会纪要', 'Upload pre-review minutes']],
  ['DELETE /meetings/ys/:day/minutes/:attachmentId', ['删除预审会纪要', 'Delete pre-review minutes']],
  ['POST /meetings/:kind', ['新建会议', 'Create a meeting']],
  ['POST /meetings/:kind/:id/allocations', ['分配项目到会议', 'Allocate loans to a meeting']],
  ['DELETE /meetings/:kind/:id/allocations/:loanId', ['从会议移出项目', 'Remove a loan from a meeting']],
  ['POST /meetings/:kind/:id/start', ['开始会议', 'Start a meeting']],
  ['POST /meetings/:kind/:id/end', ['结束会议', 'End a meeting']],
  ['POST /meetings/:kind/:id/cancel', ['取消会议', 'Cancel a meeting']],
  ['POST /meetings/:kind/:id/minutes', ['上传会议纪要', 'Upload meeting minutes']],
  ['DELETE /meetings/:kind/:id/minutes/:attachmentId', ['删除会议纪要', 'Delete meeting minutes']],
  ['POST /banks', ['新增银行', 'Add a bank']],
  ['PUT /banks/:id', ['修改银行', 'Edit a bank']],
  ['DELETE /banks/:id', ['删除银行', 'Delete a bank']],
  ['POST /banks/:bankId/templates', ['上传合同模板', 'Upload a contract template']],
  ['DELETE /templates/:id', ['删除合同模板', 'Delete a contract template']],
  ['PUT /templates/:id/enabled', ['启用/停用合同模板', 'Enable or disable a template']],
  ['POST /loan-types', ['新增贷款类型', 'Add a loan type']],
  ['PUT /loan-types/:id', ['修改贷款类型', 'Edit a loan type']],
  ['DELETE /loan-types/:id', ['删除贷款类型', 'Delete a loan type']],
  ['POST /loans/:loanId/collaterals', ['新增抵质押物', 'Add a collateral item']],
  ['PUT /loans/:loanId/collaterals/:id', ['修改抵质押物', 'Edit a collateral item']],
  ['DELETE /loans/:loanId/collaterals/:id', ['删除抵质押物', 'Remove a collateral item']],
  ['POST /loans/:id/documents', ['上传合同', 'Upload a contract']],
  ['POST /loans/:id/sealed-letter', ['上传盖章保函', 'Upload the sealed letter']],
  ['POST /loans/:id/disbursement-voucher', ['上传放款凭证', 'Upload the disbursement voucher']],
  ['POST /loans/:id/disbursement-reminder', ['提醒跟进放款', 'Remind of disbursement']],
  ['POST /admin/reminders/reconcile', ['重排提醒', 'Reschedule reminders']],
  ['POST /loans/:id/instalments/:instalmentId/voucher', ['上传还款凭证', 'Upload a repayment voucher']],
  ['POST /loans/:id/repayment-reminder', ['提醒还款', 'Remind of repayment']],
  ['POST /loans/:id/ledger/reports', ['新增保后报告', 'Add an after-guarantee report']],
  ['POST /loans/:id/ledger/reports/:attachmentId', ['重新上传保后报告', 'Replace an after-guarantee report']],
  ['POST /loans/:loanId/visits/attachments', ['上传保后走访附件', 'Upload a visit attachment']],
  ['PUT /regulatory/settings', ['修改监管设置', 'Edit regulatory settings']],
  ['POST /regulatory/groups', ['新增关联企业组', 'Add a related-company group']],
  ['DELETE /regulatory/groups/:groupId', ['删除关联企业组', 'Delete a related-company group']],
  ['POST /regulatory/groups/:groupId/members', ['加入关联企业组', 'Add a company to a group']],
  ['DELETE /regulatory/groups/:groupId/members/:companyId', ['移出关联企业组', 'Remove a company from a group']],
  ['PUT /regulatory/clients/:companyId', ['设置监管分类', "Set a company's regulatory class"]],
  ['DELETE /archives/files/:attachmentId', ['删除档案附件', 'Delete an archive file']],
  ['POST /archives/:loanId/files', ['上传档案附件', 'Upload an archive file']],
  ['POST /conferees', ['新增参会人员', 'Add an attendee']],
  ['PATCH /conferees/:userId', ['修改参会人员', 'Edit an attendee']],
  ['DELETE /conferees/:userId', ['删除参会人员', 'Remove an attendee']],
]);

const BY_METHOD: Record<string, Words> = {
  POST: ['新增', 'Add'],
  PUT: ['修改', 'Edit'],
  PATCH: ['修改', 'Edit'],
  DELETE: ['删除', 'Delete'],
};

/** The recorded action ("POST /server/loans/:id/events") in words; meetings' two kinds share words. */
export function actionWords(action: string, lang: Lang): string {
  const [method = '', route = ''] = action.split(' ', 2);
  const key = `${method} ${route.replace(/^\/server(?=\/)/, '').replace(/^\/meetings\/(zb|bs)(?=\/|$)/, '/meetings/:kind')}`;
  const words = ACTIONS.get(key) ?? BY_METHOD[method] ?? [action, action];
  return lang === 'en' ? words[1] : words[0];
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** Where the object of a request is named: the loan's company, a company, a user (by id in the path). */
export function objectRef(target: string): { kind: 'loan' | 'company' | 'user'; id: string } | null {
  const path = target.replace(/^\/server(?=\/)/, '');
  const id = UUID.exec(path)?.[0];
  if (!id) return null;
  if (/^\/(loans|archives)\//.test(path)) return { kind: 'loan', id };
  if (path.startsWith('/companies/')) return { kind: 'company', id };
  if (path.startsWith('/user/')) return { kind: 'user', id };
  return null;
}
