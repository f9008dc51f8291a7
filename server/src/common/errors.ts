import { HttpStatus } from '@nestjs/common';
import type { MessageKey, MessageParam } from './i18n';

/** Error codes of answers (spec section 8: anything but A00000/A00103 is an error). */
export const CODES = {
  ok: 'A00000',
  unchanged: 'A00103',
  badRequest: '400',
  session: '401',
  forbidden: '403',
  notFound: '404',
  conflict: '409',
  illegalEvent: '422',
  tooMany: '429',
  system: '500',
  wrongCredentials: 'A01001',
  captchaRequired: 'A01002',
  captchaWrong: 'A01003',
  accountLocked: 'A01004',
  agreementRequired: 'A01005',
  passwordNotEncrypted: 'A01006',
  accountDisabled: 'A01007',
  addressThrottled: 'A01008',
  oldPasswordWrong: 'A01101',
  weakPassword: 'A01102',
  samePassword: 'A01103',
  fileMissing: 'A02001',
  fileTooLarge: 'A02002',
  fileWrongType: 'A02003',
  fileNameMismatch: 'A02004',
  imageUnreadable: 'A02005',
  fileNotFound: 'A02006',
  // an Office zip past its limits or too complex to read (files/zip-limits.ts, issue 20)
  fileZipRefused: 'A02007',
  illegalEvent409: 'A03001',
  staleVersion: 'A03002',
  idempotencyKeyReused: 'A03003',
  unknownEvent: 'A03004',
  payloadInvalid: 'A03005',
  meetingLibraryEvent: 'A03006',
  creditCodeInvalid: 'A04001',
  creditCodeDuplicate: 'A04002',
  // companies, loans and the stage lists of the meeting flow
  companyInvalid: 'A05001',
  companyHasOpenLoans: 'A05002',
  loanNotDeletable: 'A05003',
  worklistUnknown: 'A05004',
  officerInvalid: 'A05005',
  // loan lists at scale (issue 12)
  listCursorInvalid: 'A12101',
  // meetings, attendees, votes and archives
  meetingNotFound: 'A07001',
  meetingStatus: 'A07002',
  meetingEmpty: 'A07003',
  attendeeNotInPool: 'A07004',
  meetingInvalid: 'A07005',
  meetingLoanRefused: 'A07006',
  agendaItemNotFound: 'A07007',
  confereeExists: 'A07008',
  confereeNotFound: 'A07009',
  attachmentNotFound: 'A07010',
  attachmentKindInvalid: 'A07011',
  sessionNotFound: 'A07012',
  attachmentNotDeletable: 'A07013',
  meetingLoanNotFound: 'A07014',
  archiveEmpty: 'A07015',
  // loan data (A-post data, reports, B-post conclusion)
  dataTypeUnknown: 'A06001',
  dataInvalid: 'A06002',
  dataNotEditable: 'A06003',
  dataStale: 'A06004',
  notLoanOfficer: 'A06005',
  sectionNotEditable: 'A06006',
  dataTooLarge: 'A06007',
  pdfUnavailable: 'A06008',
  // basic data: banks, bank contract templates, loan types
  bankNameTaken: 'A09101',
  bankInUse: 'A09102',
  templateNotDocx: 'A09103',
  templateUnknownPlaceholders: 'A09104',
  templateSyntax: 'A09105',
  loanTypeNameTaken: 'A09106',
  loanTypeInUse: 'A09107',
  feeRateInvalid: 'A09108',
  templateReservedTag: 'A09109',
  // premium and counter-guarantee
  premiumReasonRequired: 'A09201',
  premiumTooLarge: 'A09202',
  collateralLocked: 'A09203',
  collateralNotFound: 'A09204',
  // contracts and documents of a loan
  contractTemplateUnusable: 'A09301',
  documentNotFound: 'A09302',
  signedCopyNotNow: 'A09303',
  contractSetEmpty: 'A09305',
  // guarantee letters and the disbursement voucher
  letterTemplateMissing: 'A09401',
  sealedLetterMissing: 'A09402',
  sealedLetterNotNow: 'A09403',
  voucherMissing: 'A09404',
  voucherNotNow: 'A09405',
  disbursementInvalid: 'A09406',
  reminderNotNow: 'A09407',
  reminderNoOfficer: 'A09408',
  // after-guarantee visits and release (A10070-A10099)
  visitClassificationRequired: 'A10070',
  visitReasonRequired: 'A10071',
  visitRoundsExhausted: 'A10072',
  visitAttachmentNotNow: 'A10073',
  // steps that stand on their documents (issue 20, workflow EVENT_EVIDENCE) and the repayment's early settlement
  evidenceMissing: 'A10074',
  evidenceNotNow: 'A10075',
  earlySettlementUnconfirmed: 'A10076',
  // repayment plan and reminders (issue 10)
  repaymentPlanMissing: 'A10001',
  repaymentRateRequired: 'A10002',
  instalmentNotFound: 'A10003',
  instalmentRepaid: 'A10004',
  ledgerNotNow: 'A10005',
  noOpenInstalment: 'A10006',
  // regulator exports (issue 11: A11301-A11399)
  regulatoryPeriodInverted: 'A11301',
  // the ledger's attachment pages (issue 10, A10007-A10069)
  ledgerAttachmentsClosed: 'A10007',
  // regulatory figures and the live limit check (issue 11)
  regulatoryLimitBreached: 'A11101',
  regulatoryGroupBelowSingle: 'A11102',
  relatedGroupNameTaken: 'A11103',
  companyInOtherGroup: 'A11104',
  relatedGroupNotFound: 'A11105',
  regulatoryBadDay: 'A11106',
  // statistics (issue 11, A11201-A11299)
  statisticsPeriodInverted: 'A11201',
  // users and roles (issue 11, A11001-A11099)
  usernameTaken: 'A11001',
  passwordMismatch: 'A11002',
  notOnYourself: 'A11003',
  roleUnknown: 'A11004',
  roleNameTaken: 'A11005',
  roleInUse: 'A11006',
  roleBuiltin: 'A11007',
  roleNotFound: 'A11008',
  permissionUnknown: 'A11009',
} as const;

/** A field error still to be worded in the request's language (the filter turns it into { field, message }). */
export interface KeyedFieldError {
  field: string;
  messageKey: MessageKey;
  params?: Record<string, MessageParam>;
}

/**
 * An expected failure: HTTP status, answer code, a message key (translated per request) and optional
 * data for the client. The exception filter turns it into the spec's envelope.
 */
export class AppError extends Error {
  constructor(
    readonly status: HttpStatus,
    readonly code: string,
    readonly messageKey: MessageKey,
    readonly params: Record<string, MessageParam> = {},
    readonly data: unknown = null,
    readonly exception: string = messageKey,
  ) {
    super(messageKey);
  }

  static badRequest(messageKey: MessageKey, params?: Record<string, MessageParam>, data?: unknown) {
    return new AppError(HttpStatus.BAD_REQUEST, CODES.badRequest, messageKey, params, data);
  }
  static unauthorized() {
    return new AppError(HttpStatus.UNAUTHORIZED, CODES.session, 'sessionExpired', {}, null, 'Unauthorized');
  }
  static forbidden(data?: unknown) {
    return new AppError(HttpStatus.FORBIDDEN, CODES.forbidden, 'forbidden', {}, data, 'Forbidden');
  }
  static notFound(messageKey: MessageKey = 'notFound') {
    return new AppError(HttpStatus.NOT_FOUND, CODES.notFound, messageKey, {}, null, 'NotFound');
  }
  /**
   * A refusal that belongs to one input (a duplicate credit code): the answer's data.fieldErrors names
   * the field with the message, as DTO validation does, so a form shows it beside that field.
   */
  static ofField(status: HttpStatus, code: string, messageKey: MessageKey, field: string, exception: string, params: Record<string, MessageParam> = {}) {
    const fieldError: KeyedFieldError = { field, messageKey, params };
    return new AppError(status, code, messageKey, params, { fieldErrors: [fieldError] }, exception);
  }
  static conflict(data?: unknown) {
    return new AppError(HttpStatus.CONFLICT, CODES.conflict, 'conflict', {}, data, 'Conflict');
  }
}
