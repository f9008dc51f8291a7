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
} as const satisfies Record<string, Label>;
