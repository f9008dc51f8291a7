import type { Label } from '@app/workflow';

/** The operations console's messages (spread into common/i18n.ts MESSAGES). */
export const OPERATIONS_MESSAGES = {
  operationsBatchNotFound: { zh: '该批量操作不存在', en: 'The batch does not exist' },
  operationsBatchEmpty: { zh: '没有选中任何贷款', en: 'No loan is selected' },
  operationsBatchTooLarge: { zh: '一次批量操作最多 {limit} 笔贷款（选中了 {count} 笔）', en: 'A batch takes at most {limit} loans ({count} selected)' },
  operationsBatchFinished: { zh: '该批量操作已结束，不能取消', en: 'The batch has finished: it cannot be cancelled' },
  operationsFailedWorkNotFound: { zh: '该失败任务不存在或已不再失败', en: 'The failed work does not exist, or has not failed any more' },
  operationsMoveTargetMissing: { zh: '移动操作需要目标节点', en: 'A move needs a target state' },
  operationsAlreadyThere: { zh: '贷款已处于目标节点', en: 'The loan already stands in the target state' },
  operationsNothingToRetry: { zh: '该贷款没有失败的任务', en: 'The loan has no failed work' },
  operationsCancelled: { zh: '批量操作已取消，未执行', en: 'The batch was cancelled before this loan' },
  operationsLoanMissing: { zh: '该贷款没有流程实例', en: 'The loan has no workflow instance' },
  operationsResendEnded: { zh: '贷款流程已结束，没有待办可重发', en: 'The loan has finished: it has no to-dos to resend' },
  operationsResendNobody: {
    zh: '当前节点没有任何账号可以处理，待办无人可发（请改用移动）',
    en: 'No account can act on the loan in its state: there is nobody to send a to-do to (move it instead)',
  },
  operationsReclassifyNotAfter: {
    zh: '贷款不在保后管理阶段，没有风险分类可复核',
    en: 'The loan is not under after-guarantee management: it has no risk classification to review',
  },
  operationsReclassifyNobody: {
    zh: '没有可接收分类复核建议的B岗或领导账号',
    en: 'No B-post officer or leader account can receive the classification proposal',
  },
  operationsClassificationHolds: { zh: '逾期 {days} 天，当前风险分类仍然成立', en: 'At {days} days past due, the current classification holds' },
  operationsReclassifyProposed: {
    zh: '逾期 {days} 天，已向B岗和领导提出「次级」分类建议',
    en: 'At {days} days past due, "substandard" was proposed to the B-post officer and the leaders',
  },
} as const satisfies Record<string, Label>;
