import type { Label } from '@app/workflow';

/** The server's words of certificate custody and revaluation (spread into MESSAGES, common/i18n.ts). */
export const CUSTODY_MESSAGES = {
  certificateNotFound: { zh: '权证不存在', en: 'No such certificate' },
  certificateMoveNotNow: {
    zh: '权证“{number}”当前为“{state}”，不能{move}',
    en: 'Certificate "{number}" is {state}: it cannot be {move} now',
  },
  certificateReturnNotYours: {
    zh: '只有借用人或权证保管员可以登记归还',
    en: 'Only the borrower or a vault keeper may record the return',
  },
  certificatesNotInVault: {
    zh: '该抵质押物的权证不在库中，不能解押：{names}',
    en: 'The certificates of this item are not in the vault, so it cannot be released: {names}',
  },
  collateralNotConfirmed: {
    zh: '该抵质押物尚未经B岗确认（或已解押），不能登记权证',
    en: 'The collateral item is not confirmed (or already released): no certificate can be registered for it',
  },
  receiverNotConfirmed: { zh: '交接需要接收人确认', en: 'The receiver must confirm the handover' },
  borrowerUnknown: { zh: '借用人不是有效的用户', en: 'The borrower is not an active user' },
  returnDueNotAhead: { zh: '归还日期须晚于今天', en: 'The return day must lie ahead' },
  custodyCursorInvalid: { zh: '翻页标记无效，请从第一页重新查询', en: 'The page cursor is not valid: start again from the first page' },
  valuedOnAhead: { zh: '评估日期不能晚于今天', en: 'The valuation day cannot lie ahead' },
  receiverTooLong: { zh: '领取人过长（最多 {limit} 个字符）', en: 'The receiver is too long (at most {limit} characters)' },
  certificateNumberTaken: { zh: '同类权证编号“{number}”已登记', en: 'A certificate of this kind numbered "{number}" is registered already' },
  // the moves, as the refusal above names them
  moveDEPOSIT: { zh: '入库', en: 'deposited' },
  moveLEND: { zh: '借出', en: 'lent out' },
  moveRETURN: { zh: '归还', en: 'returned' },
  moveRELEASE: { zh: '解押出库', en: 'handed out at release' },
  moveCANCEL: { zh: '注销', en: 'cancelled' },
  stateAWAITING_DEPOSIT: { zh: '待入库', en: 'awaiting deposit' },
  stateIN_VAULT: { zh: '在库', en: 'in the vault' },
  stateLENT: { zh: '借出', en: 'lent out' },
  stateRELEASED: { zh: '解押出库', en: 'out at release' },
  stateCANCELLED: { zh: '已注销', en: 'cancelled' },
  // reminders and notices
  reminderTitleCertReturn: { zh: '权证归还提醒：{company}', en: 'Certificate return reminder: {company}' },
  reminderContentCertReturn: {
    zh: '借出的权证 {number} 应于 {day} 归还。',
    en: 'The certificate {number} you hold is due back in the vault on {day}.',
  },
  reminderContentCertOverdue: {
    zh: '借出的权证 {number} 应于 {day} 归还，已逾期 {days} 天，请尽快归还。',
    en: 'The certificate {number} was due back in the vault on {day}: {days} days overdue. Please return it.',
  },
  reminderTitleRevaluation: { zh: '押品重估提醒：{company}', en: 'Revaluation reminder: {company}' },
  reminderContentRevaluation: {
    zh: '抵质押物“{item}”应于 {day} 重新评估。',
    en: 'The collateral item "{item}" is due for revaluation on {day}.',
  },
  ltvAlertTitle: { zh: '抵押率超限：{company}', en: 'Loan-to-value above the limit: {company}' },
  ltvAlertContent: {
    zh: '重估后抵押率为 {ltv}，高于 {threshold} 的上限。',
    en: 'After the revaluation the loan-to-value is {ltv}, above the limit of {threshold}.',
  },
} as const satisfies Record<string, Label>;

/** Names of custody's validated fields, for field-level messages. */
export const CUSTODY_FIELD_LABELS: Record<string, Label> = {
  collateralId: { zh: '抵质押物', en: 'collateral item' },
  issuer: { zh: '发证机关', en: 'issuer' },
  holder: { zh: '登记权利人', en: 'holder of record' },
  number: { zh: '权证编号', en: 'certificate number' },
  borrowerId: { zh: '借用人', en: 'borrower' },
  returnDueOn: { zh: '应还日期', en: 'return day' },
  receiverConfirmed: { zh: '接收人确认', en: "receiver's confirmation" },
  valuedOn: { zh: '评估日期', en: 'valuation day' },
  ltvThresholdBp: { zh: '抵押率上限', en: 'loan-to-value limit' },
  intervalMonths: { zh: '重估间隔（月）', en: 'revaluation interval (months)' },
  state: { zh: '状态', en: 'state' },
  cursor: { zh: '翻页标记', en: 'page cursor' },
};
