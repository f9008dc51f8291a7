import type { Label } from '@app/workflow';
import type { Request } from 'express';
import { OPERATIONS_MESSAGES } from '../operations/operations.messages';
import { CUSTODY_FIELD_LABELS, CUSTODY_MESSAGES } from '../custody/custody.messages';

export type Lang = 'zh-CN' | 'en';

/** A label in the request's language. Label ({ zh, en }, from @app/workflow) is the one shape of words in
 * both languages across the workspaces: the workflow's tables, the permission tree and these messages. */
export const pickLabel = (label: Label, lang: Lang): string => (lang === 'en' ? label.en : label.zh);

/** Picks the language of messages from Accept-Language: English when it asks for en, else Chinese. */
export function langOf(req: Pick<Request, 'headers'> | undefined): Lang {
  const header = req?.headers?.['accept-language'];
  const value = (Array.isArray(header) ? header[0] : (header ?? '')).trim().toLowerCase();
  return value.startsWith('en') ? 'en' : 'zh-CN';
}

/** Every message the server speaks, in both languages. `{name}` is filled from params. */
export const MESSAGES = {
  ok: { zh: '操作成功', en: 'Success' },
  unchanged: { zh: '重复请求，未做任何更改', en: 'Repeated request: nothing changed' },
  systemError: { zh: '系统出错', en: 'System error' },
  badRequest: { zh: '请求参数有误', en: 'The request is not valid' },
  validationFailed: { zh: '输入有误：{detail}', en: 'Invalid input: {detail}' },
  malformedJson: { zh: '请求体不是合法的 JSON', en: 'The request body is not valid JSON' },
  // the edge's input guard (common/input-guard.ts); {where} names the place, e.g. "the query"
  inputTooDeep: { zh: '{where}嵌套过深（最多 {limit} 层）', en: 'The data in {where} is nested too deep (at most {limit} levels)' },
  inputTooLarge: { zh: '请求体过大（最大 {limit}）', en: 'The request body is too large (at most {limit})' },
  inputBadCharacter: {
    zh: '{where}含有不允许的字符（空字符 U+0000 或不成对的代理字符）',
    en: 'The value in {where} contains a character that is not allowed (NUL, U+0000, or an unpaired surrogate)',
  },
  inputNumberRange: {
    zh: '{where}的数字超出范围（整数最多 ±9007199254740991）',
    en: 'A number in {where} is out of range (whole numbers at most ±9007199254740991)',
  },
  inputMalformedUrl: { zh: '请求地址的编码无效', en: 'The request address is not validly encoded' },
  inputTooWide: {
    zh: '{where}的键或元素过多（每个对象最多 {keys} 个键，每个数组最多 {items} 个元素，总计最多 {values} 个）',
    en: 'The data in {where} is too wide (at most {keys} keys per object, {items} items per array, {values} in all)',
  },
  inputReservedKey: {
    zh: '{where}使用了不允许的名称“{name}”（__proto__、constructor、prototype 不能用作名称）',
    en: 'The name "{name}" in {where} is not allowed (__proto__, constructor and prototype cannot be used as names)',
  },
  moreFieldErrors: { zh: '等，共 {count} 处错误', en: ' and {count} more errors in all' },
  inputRefusedByDatabase: {
    zh: '请求中的某个值无效或超出范围（如不存在的日期、过大的数字）',
    en: 'A value in the request is not valid or out of range (an impossible date, a number too large)',
  },
  sessionExpired: { zh: '当前页面已失效，请重新登录', en: 'Your session has expired, please sign in again' },
  forbidden: { zh: '没有权限执行此操作', en: 'You do not have permission to do this' },
  notFound: { zh: '请求的资源不存在', en: 'The requested resource does not exist' },
  conflict: { zh: '数据已被他人修改，请刷新后重试', en: 'Someone else changed this data; reload and try again' },
  tooManyRequests: { zh: '请求过于频繁，请稍后再试', en: 'Too many requests, please try again later' },
  exportBusy: { zh: '导出任务较多，请稍后再试', en: 'Too many exports are running: please try again in a minute' },
  wrongCredentials: { zh: '用户名或密码错误', en: 'Wrong user name or password' },
  captchaRequired: { zh: '请输入验证码', en: 'Please enter the verification code' },
  captchaWrong: { zh: '验证码错误或已失效', en: 'The verification code is wrong or has expired' },
  accountLocked: {
    zh: '登录失败次数过多，账号已锁定，请 {minutes} 分钟后再试',
    en: 'Too many failed sign-ins: the account is locked, try again in {minutes} minutes',
  },
  agreementRequired: {
    zh: '请勾选同意服务协议和隐私政策',
    en: 'Please tick and agree to the service agreement and privacy policy',
  },
  passwordNotEncrypted: {
    zh: '密码未加密或无法解密，请刷新页面后重试',
    en: 'The password is not encrypted or cannot be decrypted; reload the page and try again',
  },
  accountDisabled: { zh: '账号已被禁用', en: 'This account is disabled' },
  addressThrottled: {
    zh: '该地址登录失败次数过多，请稍后再试',
    en: 'Too many failed sign-ins from this address, please try again later',
  },
  oldPasswordWrong: { zh: '原密码错误', en: 'The old password is wrong' },
  weakPassword: {
    zh: '新密码须为 8-16 位，且包含数字、大写字母、小写字母和符号',
    en: 'The new password must be 8-16 characters with digits, upper and lower case letters and symbols',
  },
  samePassword: { zh: '新密码不能与原密码相同', en: 'The new password must differ from the old one' },
  fileMissing: { zh: '请选择要上传的文件', en: 'Please choose a file to upload' },
  fileTooLarge: { zh: '文件不能超过 {limit}', en: 'The file must not be larger than {limit}' },
  fileWrongType: { zh: '文件类型不支持，仅支持 {types}', en: 'File type not supported; allowed: {types}' },
  fileZipCorrupt: { zh: '文件已损坏或不是有效的 Office 文档', en: 'The file is damaged or is not a valid Office document' },
  fileZipEntries: {
    zh: '文件包含的部件过多（最多 {limit} 个），无法处理',
    en: 'The file holds too many parts (at most {limit}); it cannot be processed',
  },
  fileZipTooLarge: {
    zh: '文件解压后过大（每个部件最大 {part}，总计最大 {total}），无法处理',
    en: 'The file unpacks to more than allowed (at most {part} per part, {total} in all); it cannot be processed',
  },
  fileZipRatio: {
    zh: '文件的压缩比异常（解压后超过压缩大小的 {ratio} 倍），无法处理',
    en: 'The file is compressed abnormally well (it unpacks to more than {ratio} times its size); it cannot be processed',
  },
  fileTooComplex: {
    zh: '文件过于复杂，无法在 {seconds} 秒内处理',
    en: 'The document is too complex to be processed within {seconds} seconds',
  },
  fileNameMismatch: {
    zh: '文件内容是 {type}，与文件名“{name}”的扩展名不符，请检查后重新上传',
    en: 'The file holds {type}, which does not match the extension of its name "{name}"; check it and upload again',
  },
  imageUnreadable: { zh: '图片已损坏或无法读取', en: 'The picture is damaged or cannot be read' },
  fileNotFound: { zh: '文件不存在或已删除', en: 'The file does not exist or was deleted' },
  avatarNotUploaded: {
    zh: '头像地址无效，请先上传图片',
    en: 'The avatar address is not valid: upload the picture first',
  },
  userNotFound: { zh: '用户不存在', en: 'The user does not exist' },
  // users and roles
  usernameTaken: { zh: '用户名 {name} 已被使用', en: 'The user name {name} is already taken' },
  passwordMismatch: { zh: '两次输入的密码不一致', en: 'The two passwords are inconsistent' },
  notOnYourself: { zh: '不能对自己的账号执行此操作', en: 'You cannot do this to your own account' },
  roleUnknown: { zh: '所选角色不存在', en: 'A chosen role does not exist' },
  roleNameTaken: { zh: '已有同名角色：{name}', en: 'A role named {name} already exists' },
  roleInUse: {
    zh: '角色仍有用户在使用，不能删除：{names}',
    en: 'Users still hold these roles, which cannot be deleted: {names}',
  },
  roleBuiltin: { zh: '内置角色不能删除：{names}', en: 'Built-in roles cannot be deleted: {names}' },
  roleNotFound: { zh: '角色不存在', en: 'The role does not exist' },
  permissionUnknown: { zh: '权限不存在：{keys}', en: 'Unknown permissions: {keys}' },
  // a manager acts only on users and roles whose keys it holds (auth/held-keys-rule.ts)
  rolesBeyondYourKeys: {
    zh: '只能管理自己持有其全部权限的用户和角色：{roles} 含有您没有的权限：{keys}',
    en: 'You can only manage users and roles whose permissions you hold yourself: {roles} include permissions you do not hold: {keys}',
  },
  keysBeyondYours: {
    zh: '只能授予或收回自己持有的权限，您没有：{keys}',
    en: 'You can only grant or take away permissions you hold yourself; you do not hold: {keys}',
  },
  adminRoleOnly: {
    zh: '只有系统管理员可以授予、收回或操作以下角色及其用户：{roles}',
    en: 'Only an administrator can give, take or act on these roles and their users: {roles}',
  },
  rootRoleOnly: {
    zh: '只有超级管理员可以授予、收回或操作以下角色及其用户：{roles}',
    en: 'Only the root user can give, take or act on these roles and their users: {roles}',
  },
  messageNotFound: { zh: '消息不存在', en: 'The message does not exist' },
  agreementNotFound: { zh: '协议不存在', en: 'The agreement does not exist' },
  serviceUnavailable: { zh: '服务暂不可用', en: 'Service unavailable' },
  loanNotFound: { zh: '贷款不存在', en: 'The loan does not exist' },
  companyNotFound: { zh: '企业不存在', en: 'The company does not exist' },
  // regulatory figures
  regulatoryLimitBreached: {
    zh: '该笔业务将突破监管指标：{limits}。如确需放行，须由管理员登记超限放行及理由',
    en: 'This loan would break a regulatory limit: {limits}. An administrator must record an override with a reason to let it pass',
  },
  regulatoryGroupBelowSingle: {
    zh: '关联方集中度上限不得低于单一客户集中度上限',
    en: 'The related-parties limit may not be below the single-client limit',
  },
  relatedGroupNameTaken: { zh: '关联集团“{name}”已存在', en: 'A related group named "{name}" already exists' },
  companyInOtherGroup: {
    zh: '该企业已属于关联集团“{group}”，请先移出',
    en: 'The company already belongs to the related group "{group}"; remove it there first',
  },
  relatedGroupNotFound: { zh: '关联集团不存在', en: 'The related group does not exist' },
  regulatoryBadDay: { zh: '日期“{value}”无效，应为 YYYY-MM-DD', en: 'The date "{value}" is not valid (YYYY-MM-DD)' },
  riskShareLocked: {
    zh: '风险分担比例只能在合同已生成、尚未用印时修改',
    en: 'The risk share can be changed only after the contract is generated and before it is sealed',
  },
  provisionCapBelowRate: {
    zh: '担保赔偿准备金的累计上限不能低于每年的提取比例',
    en: 'The compensation reserve cap cannot be below its yearly rate',
  },
  userMissing: { zh: '指定的人员不存在或已禁用', en: 'The person named does not exist or is disabled' },
  creditCodeInvalid: {
    zh: '统一社会信用代码无效（应为 18 位且校验位正确）',
    en: 'The unified social credit code is not valid (18 characters with a correct check character)',
  },
  creditCodeDuplicate: { zh: '该统一社会信用代码已存在', en: 'A company with this unified social credit code already exists' },
  unknownEvent: { zh: '未知的流程操作：{type}', en: 'Unknown workflow action: {type}' },
  illegalEvent: {
    zh: '当前节点（{status}）不能执行该操作：{reason}',
    en: 'This action is not possible at the current step ({status}): {reason}',
  },
  staleVersion: {
    zh: '该贷款已被他人更新，请刷新后重试',
    en: 'Someone else has changed this loan; reload it and try again',
  },
  idempotencyKeyReused: {
    zh: '幂等键已用于另一个不同的请求',
    en: 'This Idempotency-Key was already used for a different request',
  },
  payloadInvalid: { zh: '操作参数有误：{detail}', en: 'The action data is not valid: {detail}' },
  meetingLibraryEvent: {
    zh: '会议的分配、开始、结束和取消请在会议资料库中操作',
    en: 'Allocating, starting, ending and cancelling meetings is done in the meeting library',
  },
  eventNotFound: { zh: '该序号的流程事件不存在', en: 'No workflow event has that sequence number' },
  // companies, loans and the stage lists of the meeting flow
  companyInvalid: { zh: '企业信息有误：{detail}', en: 'The company record is not valid: {detail}' },
  companyHasOpenLoans: {
    zh: '该企业还有 {count} 笔未结束的贷款，不能删除（贷款结束或终止后才能删除）',
    en: 'The company still has {count} loan(s) in progress: it can be deleted once they are closed or discontinued',
  },
  loanNotDeletable: {
    zh: '贷款当前处于“{stage}”阶段，只有资料收集阶段（提交预审会之前）的贷款可以删除',
    en: 'The loan is in the {stage} stage: only loans still in data collection (before pre-review) can be deleted',
  },
  worklistUnknown: { zh: '没有这个工作列表：{list}', en: 'There is no such worklist: {list}' },
  officerInvalid: {
    zh: '{role}须为持有该岗位角色的在职人员，且 A 岗与 B 岗不能是同一人',
    en: 'The {role} must be an active user holding that post, and the A-post and B-post officers must differ',
  },
  listCursorInvalid: {
    zh: '翻页位置无效或已不适用于当前排序，请从第一页重新开始',
    en: 'The page cursor is invalid or does not match the current sort: start again from the first page',
  },
  // meetings, attendees, votes and archives
  meetingNotFound: { zh: '会议不存在', en: 'The meeting does not exist' },
  meetingStatus: {
    zh: '会议当前状态为“{status}”，不能{step}',
    en: 'The meeting is {status}: it cannot {step}',
  },
  meetingEmpty: { zh: '会议还没有分配项目，不能开始', en: 'No project is allocated to the meeting yet: it cannot start' },
  attendeeNotInPool: {
    zh: '参会人员须从{kind}的参会人员库中选择（已停用的人员不能参会）：{names}',
    en: 'Attendees must come from the active {kind} attendee pool: {names}',
  },
  meetingInvalid: { zh: '会议信息有误：{detail}', en: 'The meeting is not valid: {detail}' },
  meetingLoanRefused: {
    zh: '项目“{company}”不能{step}：{reason}（所有项目均未改动）',
    en: 'Project "{company}" cannot {step}: {reason} (no project was changed)',
  },
  agendaItemNotFound: { zh: '该项目不在此会议上', en: 'The project is not on this meeting' },
  confereeExists: { zh: '已在参会人员库中：{names}', en: 'Already in the attendee pool: {names}' },
  confereeNotFound: { zh: '参会人员不存在', en: 'The attendee does not exist' },
  attachmentNotFound: { zh: '附件不存在或已删除', en: 'The attachment does not exist or was deleted' },
  attachmentKindInvalid: { zh: '附件类型无效', en: 'The attachment kind is not valid' },
  sessionNotFound: { zh: '该日期没有预审会记录', en: 'No pre-review session was held on that day' },
  attachmentNotDeletable: {
    zh: '会议纪要属于会议，请在会议资料库中删除',
    en: 'Meeting minutes belong to the meeting: delete them in the meeting data library',
  },
  meetingLoanNotFound: { zh: '项目不存在或不可分配：{detail}', en: 'Projects that do not exist or cannot be allocated: {detail}' },
  archiveEmpty: { zh: '该项目还没有附件，无需归档', en: 'The project has no attachments to archive yet' },
  // loan data (A-post data, reports, B-post conclusion)
  dataTypeUnknown: { zh: '没有这种资料类型：{type}', en: 'There is no such data type: {type}' },
  dataInvalid: { zh: '资料填写有误：{detail}', en: 'The data is not valid: {detail}' },
  dataNotEditable: {
    zh: '贷款当前节点（{status}）不允许修改{type}',
    en: "The {type} cannot be changed at the loan's current step ({status})",
  },
  dataStale: {
    zh: '{type}已被他人保存为新版本，请刷新后再保存（您的草稿已保留）',
    en: 'Someone else saved a newer version of the {type}; reload before saving (your draft is kept)',
  },
  notLoanOfficer: {
    zh: '只有该贷款的{post}（或超级管理员）可以完善此资料',
    en: "Only the loan's {post} (or ROOT) may complete this data",
  },
  sectionNotEditable: { zh: '您不能修改“{section}”', en: 'You may not change "{section}"' },
  dataTooLarge: { zh: '资料内容过大（超过 {limit}）', en: 'The data is too large (over {limit})' },
  pdfUnavailable: {
    zh: '服务器未安装 PDF 生成所需的 Chromium，暂不能下载 PDF，请使用打印功能',
    en: 'Chromium, which renders PDFs, is not installed on the server: use Print instead',
  },
  // basic data: banks, bank contract templates, loan types
  bankNotFound: { zh: '银行不存在', en: 'The bank does not exist' },
  bankNameTaken: { zh: '已有同名银行：{name}', en: 'A bank named {name} already exists' },
  bankInUse: {
    zh: '该银行正被 {loans} 笔贷款和 {templates} 个合同模板使用，不能删除',
    en: 'The bank is used by {loans} loan(s) and {templates} contract template(s): it cannot be deleted',
  },
  templateNotFound: { zh: '合同模板不存在', en: 'The contract template does not exist' },
  templateNotDocx: {
    zh: '文件“{name}”不是 Word 文档（.docx）：文件内容与扩展名不符',
    en: 'The file "{name}" is not a Word document (.docx): its content does not match its name',
  },
  templateUnknownPlaceholders: {
    zh: '模板中有未定义的占位符：{names}（可用的占位符见模板说明）',
    en: 'The template uses placeholders that do not exist: {names} (see the list of placeholders)',
  },
  templateSyntax: { zh: '模板的占位符写法有误：{detail}', en: 'The placeholders of the template are malformed: {detail}' },
  templateReservedTag: {
    zh: '模板使用了不允许的占位符名称：{names}（__proto__、constructor、prototype 不能用作名称）',
    en: 'The template uses placeholder names that are not allowed: {names} (__proto__, constructor and prototype cannot be used as names)',
  },
  loanTypeNotFound: { zh: '贷款类型不存在', en: 'The loan type does not exist' },
  loanTypeNameTaken: { zh: '已有同名贷款类型：{name}', en: 'A loan type named {name} already exists' },
  loanTypeInUse: {
    zh: '该贷款类型正被 {count} 笔贷款使用，不能删除',
    en: 'The loan type is used by {count} loan(s): it cannot be deleted',
  },
  feeRateInvalid: {
    zh: '担保费率须为 0 到 100 之间的百分数，最多两位小数',
    en: 'The guarantee fee rate must be a percentage from 0 to 100 with two decimals at most',
  },
  // premium and counter-guarantee
  premiumReasonRequired: {
    zh: '保费 {amount} 元与测算值 {suggested} 不同，请填写调整原因',
    en: 'The premium {amount} yuan differs from the computed {suggested}: give the reason for the change',
  },
  premiumTooLarge: {
    zh: '保费 {amount} 元不能超过担保金额 {limit} 元',
    en: 'The premium {amount} yuan cannot exceed the guaranteed amount of {limit} yuan',
  },
  collateralNotFound: { zh: '反担保物不存在', en: 'The collateral item does not exist' },
  collateralLocked: {
    zh: '反担保登记只能在“待B岗确认”时修改（当前：{status}）',
    en: 'The collateral register can only change while the counter-guarantee awaits B-post confirmation (now: {status})',
  },
  // contracts and documents of a loan
  contractTemplateUnusable: {
    zh: '所选合同模板不可用（不属于所选银行、已停用或已删除），请重新选择',
    en: 'The chosen contract template cannot be used (not of the chosen bank, disabled or deleted): choose again',
  },
  contractSetEmpty: {
    zh: '所选银行没有启用的合同模板，无法生成全套合同；请先在“基础数据 - 合同模板”中上传并启用',
    en: 'The chosen bank has no enabled contract template, so no contract set can be generated: upload and enable one under Basic data - Contract templates',
  },
  contractTemplateIsLetter: { zh: '保函模板不能用于生成合同', en: 'A guarantee letter template cannot generate a contract' },
  documentNotFound: { zh: '文档不存在', en: 'The document does not exist' },
  signedCopyNotNow: {
    zh: '只能在合同已生成、尚未提交审核时上传签署件',
    en: 'A signed copy can be uploaded only while the contract is generated and not yet submitted for review',
  },
  // guarantee letters and the disbursement voucher
  letterTemplateMissing: { zh: '所选银行没有启用的保函模板', en: 'The chosen bank has no enabled guarantee letter template' },
  sealedLetterMissing: { zh: '请先上传已盖章的保函', en: 'Upload the sealed guarantee letter first' },
  sealedLetterNotNow: { zh: '只能在保函用印完成后上传盖章保函', en: 'The sealed letter can be uploaded only once the letter is sealed' },
  voucherMissing: { zh: '请先上传放款凭证', en: 'Upload the disbursement voucher first' },
  voucherNotNow: { zh: '只能在待放款时上传放款凭证', en: 'The disbursement voucher can be uploaded only while the loan awaits disbursement' },
  disbursementReminderNotNow: {
    zh: '只能在贷款等待放款时发送放款提醒',
    en: 'A disbursement reminder can be sent only while the loan awaits disbursement',
  },
  disbursementReminderNoOfficer: { zh: '该贷款没有A岗经办人，无法发送放款提醒', en: 'The loan has no A-post officer to remind' },
  disbursedOnFuture: { zh: '放款日期不能晚于今天（{today}）', en: 'The disbursement date cannot be after today ({today})' },
  disbursedAmountTooLarge: {
    zh: '放款金额不能超过担保金额 {guaranteed} 元',
    en: 'The amount lent cannot exceed the guaranteed amount of {guaranteed} yuan',
  },
  // after-guarantee visits and release
  visitClassificationRequired: {
    zh: '请选择本轮保后走访的风险分类（正常、关注、次级、可疑、损失）',
    en: "Choose this visit round's risk classification (normal, special mention, substandard, doubtful, loss)",
  },
  visitReasonRequired: {
    zh: '风险分类为「{classification}」（上一轮为「{previous}」），请填写分类原因',
    en: 'The risk classification is "{classification}" (previous round: "{previous}"): give the reason for it',
  },
  visitClassificationFloor: {
    zh: '该贷款已逾期{days}天（超过90天），风险分类为「{classification}」（优于次级），请填写理由',
    en: 'The loan is {days} days past due (over 90): a classification of "{classification}", better than substandard, needs a reason',
  },
  visitRoundsExhausted: {
    zh: '保后走访最多6轮，本项目6轮均已审核通过，不能再提交第7轮',
    en: 'There are at most six visit rounds: all six of this loan are approved, a seventh cannot be submitted',
  },
  visitAttachmentNotNow: {
    zh: '只能在保后管理阶段上传保后附件',
    en: 'Visit attachments can be uploaded only while the loan is under after-guarantee management',
  },
  // repayment plan and reminders
  repaymentPlanMissing: { zh: '该贷款没有还款计划', en: 'The loan has no repayment plan' },
  repaymentRateRequired: {
    zh: '等额本息需要年利率（annualRatePercent）',
    en: 'Equal instalments need an annual interest rate (annualRatePercent)',
  },
  reminderTitleRepayment: { zh: '还款提醒：{company}', en: 'Repayment reminder: {company}' },
  reminderContentRepayment: {
    zh: '第 {seq} 期还款（本金 {amount} 元）将于 {day} 到期。',
    en: 'Instalment {seq} (principal {amount} yuan) falls due on {day}.',
  },
  reminderTitleMaturity: { zh: '到期提醒：{company}', en: 'Maturity reminder: {company}' },
  instalmentNotFound: { zh: '该贷款没有这一期还款', en: 'The loan has no such instalment' },
  instalmentRepaid: { zh: '该期已还清，不能再上传还款凭证', en: 'The instalment is already repaid: no voucher can be uploaded for it' },
  ledgerNotNow: { zh: '只能在保后管理阶段办理', en: 'This can be done only while the loan is under after-guarantee management' },
  ledgerAttachmentsClosed: {
    zh: '只能在保后管理或解保阶段新增或重新上传报告',
    en: 'Reports can be added or re-uploaded only while the loan is after guarantee or awaiting release',
  },
  noOpenInstalment: { zh: '该贷款没有未还清的还款期次', en: 'The loan has no open instalment to remind of' },
  regulatoryPeriodInverted: { zh: '开始日期不能晚于结束日期', en: 'The start day cannot be after the end day' },
  statisticsPeriodInverted: { zh: '统计期间的开始日期不能晚于结束日期', en: 'The start of the period cannot be after its end' },
  repaymentReminderNoOfficer: { zh: '该贷款没有A岗经办人，无法发送还款提醒', en: 'The loan has no A-post officer to remind' },
  reminderContentMaturity: { zh: '贷款将于 {day} 到期（还有 {days} 天）。', en: 'The loan matures on {day} ({days} days left).' },
  reminderTitleVisit: { zh: '保后走访提醒：{company}', en: 'Visit reminder: {company}' },
  reminderContentVisit: {
    zh: '下一次保后走访应于 {day} 前完成（还有 {days} 天）。',
    en: 'The next after-guarantee visit is due by {day} ({days} days left).',
  },
  evidenceMissing: {
    zh: '请先上传{document}：本步骤须有本轮上传的{document}',
    en: 'Upload the {document} first: this step needs the {document} uploaded for its current round',
  },
  evidenceNotNow: { zh: '现在不能上传{document}：该贷款不在这一步', en: 'The {document} cannot be uploaded now: the loan is not at that step' },
  // compensation and recovery (bad loans)
  compensationAboveLeaderLimit: {
    zh: '代偿总额 {total} 元达到或超过领导审批限额 {limit} 元：须经保审会决议',
    en: 'The compensation of {total} yuan is at or above the leader-approval limit of {limit} yuan: it needs the review committee',
  },
  recoveryNotNow: { zh: '只能在追偿阶段登记诉讼费用和查封', en: 'Litigation fees and seizures can be recorded only while the loan is in recovery' },
  litigationFeeNotFound: { zh: '该诉讼费用不存在', en: 'The litigation fee does not exist' },
  seizureNotFound: { zh: '该查封记录不存在', en: 'The seizure does not exist' },
  seizureExpiryNotAfter: { zh: '查封到期日必须晚于查封日', en: 'The seizure must expire after the day it was made' },
  reminderTitleSeizure: { zh: '查封到期提醒：{company}', en: 'Seizure expiry reminder: {company}' },
  reminderContentSeizure: {
    zh: '对{asset}的查封将于 {day} 到期（还有 {days} 天），请及时申请续封。',
    en: 'The seizure of {asset} expires on {day} ({days} days left): apply for its renewal in time.',
  },
  earlySettlementUnconfirmed: {
    zh: '还款金额 {amount} 元超过第 {seq} 期应还的 {due} 元：提前还款须明确确认（earlySettlement: true）',
    en: 'The repayment of {amount} yuan exceeds the {due} yuan due on instalment {seq}: an early settlement must be confirmed explicitly (earlySettlement: true)',
  },
  // the extension (展期) and the close of business
  extensionMaturityNotLater: {
    zh: '展期后的到期日 {day} 须晚于还款计划当前的到期日 {maturity}',
    en: "The extended maturity {day} must be after the repayment plan's current maturity {maturity}",
  },
  overdueBucketsInvalid: { zh: '逾期分档设置无效：{problem}', en: 'The overdue buckets are not valid: {problem}' },
  // the operations console
  ...OPERATIONS_MESSAGES,
  ...CUSTODY_MESSAGES,
} as const satisfies Record<string, Label>;

export type MessageKey = keyof typeof MESSAGES;

/** A message parameter: the same in both languages, or one text per language. */
export type MessageParam = string | number | Label;

export function translate(key: MessageKey, lang: Lang, params: Record<string, MessageParam> = {}): string {
  return fillLabel(MESSAGES[key], lang, params);
}

/**
 * A `{zh, en}` template in one language, its `{name}`s filled: the one label shape of every text the
 * server keeps (MESSAGES above, and the words of the messages features write).
 */
export function fillLabel(template: Label, lang: Lang, params: Record<string, MessageParam> = {}): string {
  return pickLabel(template, lang).replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) return `{${name}}`;
    return typeof value === 'object' ? pickLabel(value, lang) : String(value);
  });
}

/** Names of validated fields, for field-level messages. Unknown fields are shown by their own name. */
export const FIELD_LABELS: Record<string, Label> = {
  username: { zh: '用户名', en: 'user name' },
  nickname: { zh: '昵称', en: 'nickname' },
  email: { zh: '邮箱', en: 'e-mail' },
  confirmPassword: { zh: '确认密码', en: 'password confirmation' },
  roleIds: { zh: '角色', en: 'roles' },
  roleId: { zh: '角色', en: 'role' },
  permissions: { zh: '权限', en: 'permissions' },
  ids: { zh: '所选记录', en: 'selected rows' },
  actor: { zh: '操作人', en: 'actor' },
  method: { zh: '请求方式', en: 'method' },
  route: { zh: '请求路径', en: 'route' },
  password: { zh: '密码', en: 'password' },
  checkStatus: { zh: '协议勾选', en: 'agreement tick' },
  captchaId: { zh: '验证码编号', en: 'verification code id' },
  captchaCode: { zh: '验证码', en: 'verification code' },
  oldPassword: { zh: '原密码', en: 'old password' },
  newPassword: { zh: '新密码', en: 'new password' },
  avatar: { zh: '头像', en: 'avatar' },
  pageNum: { zh: '页码', en: 'page number' },
  pageSize: { zh: '每页条数', en: 'page size' },
  type: { zh: '类型', en: 'type' },
  // regulatory settings
  netAssets: { zh: '净资产', en: 'net assets' },
  leverageLimit: { zh: '放大倍数上限', en: 'leverage limit' },
  singleClientLimit: { zh: '单一客户集中度上限', en: 'single-client limit' },
  groupLimit: { zh: '关联方集中度上限', en: 'related-parties limit' },
  riskShareBp: { zh: '银行风险分担比例', en: "bank's risk share" },
  validFrom: { zh: '生效日期', en: 'valid from' },
  unearnedPremiumRateBp: { zh: '未到期责任准备金比例', en: 'unearned premium reserve rate' },
  compensationReserveRateBp: { zh: '担保赔偿准备金提取比例', en: 'compensation reserve rate' },
  compensationReserveCapBp: { zh: '担保赔偿准备金累计上限', en: 'compensation reserve cap' },
  asOf: { zh: '统计日期', en: 'as-of date' },
  smallMicro: { zh: '小微企业', en: 'small or micro enterprise' },
  agricultural: { zh: '农户', en: 'farmer household' },
  // companies, loans and the stage lists of the meeting flow
  name: { zh: '名称', en: 'name' },
  creditCode: { zh: '统一社会信用代码', en: 'unified social credit code' },
  legalRepresentative: { zh: '法定代表人', en: 'legal representative' },
  registeredCapital: { zh: '注册资本', en: 'registered capital' },
  establishedDate: { zh: '成立日期', en: 'established date' },
  registeredAddress: { zh: '注册地址', en: 'registered address' },
  districtCode: { zh: '所属区县', en: 'district' },
  contactPerson: { zh: '联系人', en: 'contact person' },
  contactPhone: { zh: '联系电话', en: 'contact phone' },
  enterpriseKinds: { zh: '企业类型', en: 'enterprise kinds' },
  qualifications: { zh: '企业资质', en: 'qualifications' },
  propertyType: { zh: '房产类型', en: 'property type' },
  bankCategory: { zh: '主办银行类别', en: 'main bank category' },
  listingType: { zh: '上市类型', en: 'listing type' },
  strategicIndustries: { zh: '战略新兴产业类型', en: 'strategic industries' },
  honours: { zh: '企业荣誉', en: 'honours' },
  employeeCount: { zh: '职工人数', en: 'employee count' },
  mainBusiness: { zh: '主营业务', en: 'main business' },
  companyId: { zh: '企业', en: 'company' },
  amount: { zh: '金额', en: 'amount' },
  termMonths: { zh: '期限（月）', en: 'term (months)' },
  bank: { zh: '贷款银行', en: 'bank' },
  loanType: { zh: '贷款类型', en: 'loan type' },
  aPostOfficerId: { zh: 'A岗经办人', en: 'A-post officer' },
  bPostOfficerId: { zh: 'B岗经办人', en: 'B-post officer' },
  amountMin: { zh: '最小金额', en: 'minimum amount' },
  amountMax: { zh: '最大金额', en: 'maximum amount' },
  createdFrom: { zh: '创建日期起', en: 'created from' },
  createdTo: { zh: '创建日期止', en: 'created to' },
  stage: { zh: '阶段', en: 'stage' },
  sort: { zh: '排序字段', en: 'sort field' },
  order: { zh: '排序方向', en: 'sort order' },
  // meetings, attendees, votes and archives
  title: { zh: '会议主题', en: 'title' },
  heldAt: { zh: '会议时间', en: 'meeting time' },
  place: { zh: '会议地点', en: 'place' },
  attendeeIds: { zh: '参会人员', en: 'attendees' },
  rule: { zh: '表决规则', en: 'vote rule' },
  loanIds: { zh: '项目', en: 'projects' },
  userIds: { zh: '人员', en: 'people' },
  meetingKinds: { zh: '会议类型', en: 'meeting types' },
  active: { zh: '启用状态', en: 'active flag' },
  kind: { zh: '附件类型', en: 'attachment kind' },
  format: { zh: '导出格式', en: 'export format' },
  keyword: { zh: '关键字', en: 'keyword' },
  status: { zh: '状态', en: 'status' },
  // basic data: banks, bank contract templates, loan types
  category: { zh: '银行类别', en: 'bank category' },
  phone: { zh: '联系电话', en: 'phone' },
  address: { zh: '地址', en: 'address' },
  contractType: { zh: '合同类型', en: 'contract type' },
  enabled: { zh: '启用状态', en: 'enabled flag' },
  feeRate: { zh: '担保费率', en: 'guarantee fee rate' },
  repaymentReminderDays: { zh: '还款提醒提前天数', en: 'repayment reminder lead days' },
  maturityReminderDays: { zh: '到期提醒提前天数', en: 'maturity reminder lead days' },
  from: { zh: '开始日期', en: 'from' },
  to: { zh: '结束日期', en: 'to' },
  expectedVersion: { zh: '版本号', en: 'expected version' },
  baseVersion: { zh: '草稿基于的版本号', en: 'base version' },
  // premium and counter-guarantee
  owner: { zh: '所有权人', en: 'owner' },
  description: { zh: '抵质押物描述', en: 'description' },
  appraisedValueFen: { zh: '评估价值', en: 'appraised value' },
  certificateNo: { zh: '权证编号', en: 'registration certificate number' },
  // compensation and recovery
  amountFen: { zh: '金额（分）', en: 'amount (fen)' },
  paidOn: { zh: '支付日期', en: 'day paid' },
  note: { zh: '备注', en: 'note' },
  court: { zh: '法院', en: 'court' },
  asset: { zh: '查封财产', en: 'asset' },
  seizureKind: { zh: '查封类型', en: 'seizure kind' },
  feeType: { zh: '费用类型', en: 'fee type' },
  seizedOn: { zh: '查封日期', en: 'day seized' },
  expiresOn: { zh: '查封到期日', en: 'expiry day' },
  leaderLimitFen: { zh: '领导审批限额（分）', en: 'leader-approval limit (fen)' },
  ...CUSTODY_FIELD_LABELS,
};

/** class-validator constraint names -> a localized sentence about one field. */
const CONSTRAINT_MESSAGES: Record<string, Label> = {
  isNotEmpty: { zh: '{field}不能为空', en: '{field} must not be empty' },
  isDefined: { zh: '{field}必须填写', en: '{field} is required' },
  isString: { zh: '{field}必须是文本', en: '{field} must be text' },
  isBoolean: { zh: '{field}必须是布尔值', en: '{field} must be true or false' },
  isInt: { zh: '{field}必须是整数', en: '{field} must be a whole number' },
  isNumber: { zh: '{field}必须是数字', en: '{field} must be a number' },
  min: { zh: '{field}过小', en: '{field} is too small' },
  max: { zh: '{field}过大', en: '{field} is too large' },
  minLength: { zh: '{field}过短', en: '{field} is too short' },
  maxLength: { zh: '{field}过长', en: '{field} is too long' },
  length: { zh: '{field}长度不符合要求', en: '{field} has the wrong length' },
  isIn: { zh: '{field}取值无效', en: '{field} has a value that is not allowed' },
  isEnum: { zh: '{field}取值无效', en: '{field} has a value that is not allowed' },
  isUUID: { zh: '{field}格式无效', en: '{field} is not a valid id' },
  matches: { zh: '{field}格式无效', en: '{field} has the wrong format' },
  isEmail: { zh: '{field}格式无效', en: '{field} is not a valid e-mail address' },
  arrayMinSize: { zh: '{field}至少选择一项', en: 'Choose at least one of {field}' },
  arrayMaxSize: { zh: '{field}选择过多', en: 'Too many {field}' },
  isArray: { zh: '{field}必须是列表', en: '{field} must be a list' },
  isCalendarDay: { zh: '{field}不是有效的日期（YYYY-MM-DD）', en: '{field} is not a date that exists (YYYY-MM-DD)' },
  whitelistValidation: { zh: '不允许的字段 {field}', en: 'Field {field} is not allowed' },
};

export function constraintMessage(constraint: string, field: string, lang: Lang): string {
  const fieldLabel = FIELD_LABELS[field];
  const constraintLabel = CONSTRAINT_MESSAGES[constraint];
  const label = fieldLabel ? pickLabel(fieldLabel, lang) : field;
  const template = constraintLabel ? pickLabel(constraintLabel, lang) : lang === 'en' ? '{field} is not valid' : '{field}无效';
  return template.replace('{field}', label);
}
