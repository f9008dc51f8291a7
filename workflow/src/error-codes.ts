/**
 * The answer codes of the API (spec section 8: anything but A00000/A00103 is an error), one catalogue
 * that the server answers with and the web compares against. Values never change: clients rely on them.
 * A new code goes into its feature's group below, inside that group's range (test/error-codes.spec.ts
 * fails on a duplicate or a code outside its range); a new feature takes a free range and a new group.
 *
 * Ranges (A + two-digit area + three-digit number):
 *   A00000-A00999  success answers (A00000 done, A00103 repeated request, nothing changed)
 *   400-599        bare HTTP-like codes of generic refusals (bad request, session, forbidden, ...)
 *   A01001-A01099  sign-in and captcha           A01101-A01199  password change
 *   A02001-A02099  uploaded files
 *   A03001-A03099  pipeline events (illegal, stale, idempotency, payload)
 *   A04001-A04099  credit codes                  A05001-A05099  companies, loans, stage lists
 *   A06001-A06099  loan data (A-post data, reports, B-post conclusion)
 *   A07001-A07099  meetings, attendees, votes, archives
 *   A09101-A09199  basic data (banks, bank contract templates, loan types)
 *   A09201-A09299  premium and counter-guarantee A09301-A09399  contracts and documents of a loan
 *   A09401-A09499  guarantee letters, disbursement voucher and its reminder
 *   A10001-A10069  repayment plan, reminders, ledger and its attachments
 *   A10070-A10099  after-guarantee visits, release, steps that stand on their documents
 *   A11001-A11099  users and roles               A11101-A11199  regulatory figures and limit check
 *   A11201-A11299  statistics                    A11301-A11399  regulator exports
 *   A12101-A12199  loan lists at scale
 *   A12401-A12499  compensation and recovery (bad loans)
 *   A12501-A12599  the operations console (stuck loans, failed work, batches, operator trail)
 *   A12601-A12699  custody of certificates, revaluation
 * A00xxx codes other than the two successes are not answered by the server (the web's tests use
 * A00403/A00404 as stand-ins for failures).
 */

export interface ErrorCodeRange {
  from: string;
  to: string;
}

const group = <const C extends Record<string, string>>(range: ErrorCodeRange, codes: C) => ({ range, codes });

/** Each feature's codes with the range they must stay in. */
export const ERROR_CODE_GROUPS = {
  success: group({ from: 'A00000', to: 'A00999' }, { ok: 'A00000', unchanged: 'A00103' }),
  generic: group(
    { from: '400', to: '599' },
    {
      badRequest: '400',
      session: '401',
      forbidden: '403',
      notFound: '404',
      conflict: '409',
      illegalEvent: '422',
      tooMany: '429',
      system: '500',
    },
  ),
  signIn: group(
    { from: 'A01001', to: 'A01099' },
    {
      wrongCredentials: 'A01001',
      captchaRequired: 'A01002',
      captchaWrong: 'A01003',
      accountLocked: 'A01004',
      agreementRequired: 'A01005',
      passwordNotEncrypted: 'A01006',
      accountDisabled: 'A01007',
      addressThrottled: 'A01008',
    },
  ),
  password: group({ from: 'A01101', to: 'A01199' }, { oldPasswordWrong: 'A01101', weakPassword: 'A01102', samePassword: 'A01103' }),
  files: group(
    { from: 'A02001', to: 'A02099' },
    {
      fileMissing: 'A02001',
      fileTooLarge: 'A02002',
      fileWrongType: 'A02003',
      fileNameMismatch: 'A02004',
      imageUnreadable: 'A02005',
      fileNotFound: 'A02006',
      // an Office zip past its limits or too complex to read (server files/zip-limits.ts)
      fileZipRefused: 'A02007',
    },
  ),
  events: group(
    { from: 'A03001', to: 'A03099' },
    {
      illegalEvent409: 'A03001',
      staleVersion: 'A03002',
      idempotencyKeyReused: 'A03003',
      unknownEvent: 'A03004',
      payloadInvalid: 'A03005',
      meetingLibraryEvent: 'A03006',
    },
  ),
  creditCodes: group({ from: 'A04001', to: 'A04099' }, { creditCodeInvalid: 'A04001', creditCodeDuplicate: 'A04002' }),
  companiesAndLoans: group(
    { from: 'A05001', to: 'A05099' },
    {
      companyInvalid: 'A05001',
      companyHasOpenLoans: 'A05002',
      loanNotDeletable: 'A05003',
      worklistUnknown: 'A05004',
      officerInvalid: 'A05005',
    },
  ),
  loanData: group(
    { from: 'A06001', to: 'A06099' },
    {
      dataTypeUnknown: 'A06001',
      dataInvalid: 'A06002',
      dataNotEditable: 'A06003',
      dataStale: 'A06004',
      notLoanOfficer: 'A06005',
      sectionNotEditable: 'A06006',
      dataTooLarge: 'A06007',
      pdfUnavailable: 'A06008',
    },
  ),
  meetings: group(
    { from: 'A07001', to: 'A07099' },
    {
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
    },
  ),
  basicData: group(
    { from: 'A09101', to: 'A09199' },
    {
      bankNameTaken: 'A09101',
      bankInUse: 'A09102',
      templateNotDocx: 'A09103',
      templateUnknownPlaceholders: 'A09104',
      templateSyntax: 'A09105',
      loanTypeNameTaken: 'A09106',
      loanTypeInUse: 'A09107',
      feeRateInvalid: 'A09108',
      templateReservedTag: 'A09109',
    },
  ),
  premium: group(
    { from: 'A09201', to: 'A09299' },
    { premiumReasonRequired: 'A09201', premiumTooLarge: 'A09202', collateralLocked: 'A09203', collateralNotFound: 'A09204' },
  ),
  contracts: group(
    { from: 'A09301', to: 'A09399' },
    { contractTemplateUnusable: 'A09301', documentNotFound: 'A09302', signedCopyNotNow: 'A09303', contractSetEmpty: 'A09305' },
  ),
  letters: group(
    { from: 'A09401', to: 'A09499' },
    {
      letterTemplateMissing: 'A09401',
      sealedLetterMissing: 'A09402',
      sealedLetterNotNow: 'A09403',
      voucherMissing: 'A09404',
      voucherNotNow: 'A09405',
      disbursementInvalid: 'A09406',
      reminderNotNow: 'A09407',
      reminderNoOfficer: 'A09408',
    },
  ),
  repayment: group(
    { from: 'A10001', to: 'A10069' },
    {
      repaymentPlanMissing: 'A10001',
      repaymentRateRequired: 'A10002',
      instalmentNotFound: 'A10003',
      instalmentRepaid: 'A10004',
      ledgerNotNow: 'A10005',
      noOpenInstalment: 'A10006',
      ledgerAttachmentsClosed: 'A10007',
      // the extension (展期) and the close of business's overdue buckets
      extensionMaturityNotLater: 'A10060',
      overdueBucketsInvalid: 'A10061',
    },
  ),
  visits: group(
    { from: 'A10070', to: 'A10099' },
    {
      visitClassificationRequired: 'A10070',
      visitReasonRequired: 'A10071',
      visitRoundsExhausted: 'A10072',
      visitAttachmentNotNow: 'A10073',
      // steps that stand on their documents (EVENT_EVIDENCE) and the repayment's early settlement
      evidenceMissing: 'A10074',
      evidenceNotNow: 'A10075',
      earlySettlementUnconfirmed: 'A10076',
      // a report of a loan over 90 days past due, classified better than substandard without a reason
      visitClassificationFloor: 'A10090',
    },
  ),
  users: group(
    { from: 'A11001', to: 'A11099' },
    {
      usernameTaken: 'A11001',
      passwordMismatch: 'A11002',
      notOnYourself: 'A11003',
      roleUnknown: 'A11004',
      roleNameTaken: 'A11005',
      roleInUse: 'A11006',
      roleBuiltin: 'A11007',
      roleNotFound: 'A11008',
      permissionUnknown: 'A11009',
    },
  ),
  regulatory: group(
    { from: 'A11101', to: 'A11199' },
    {
      regulatoryLimitBreached: 'A11101',
      regulatoryGroupBelowSingle: 'A11102',
      relatedGroupNameTaken: 'A11103',
      companyInOtherGroup: 'A11104',
      relatedGroupNotFound: 'A11105',
      regulatoryBadDay: 'A11106',
    },
  ),
  statistics: group({ from: 'A11201', to: 'A11299' }, { statisticsPeriodInverted: 'A11201' }),
  regulatorExports: group({ from: 'A11301', to: 'A11399' }, { regulatoryPeriodInverted: 'A11301' }),
  loanLists: group({ from: 'A12101', to: 'A12199' }, { listCursorInvalid: 'A12101' }),
  badLoans: group(
    { from: 'A12401', to: 'A12499' },
    {
      compensationAboveLeaderLimit: 'A12401',
      // A12402 (a committee decision naming an ended meeting) retired before release: the committee votes at its meeting
      recoveryNotNow: 'A12403',
      litigationFeeNotFound: 'A12404',
      seizureNotFound: 'A12405',
      seizureExpiryNotAfter: 'A12406',
    },
  ),
  operations: group(
    { from: 'A12501', to: 'A12599' },
    {
      operationsBatchNotFound: 'A12501',
      operationsBatchEmpty: 'A12502',
      operationsBatchTooLarge: 'A12503',
      operationsBatchFinished: 'A12504',
      operationsFailedWorkNotFound: 'A12505',
      operationsMoveTargetMissing: 'A12506',
    },
  ),
  custody: group(
    { from: 'A12601', to: 'A12699' },
    {
      certificateNotFound: 'A12601',
      certificateMoveNotNow: 'A12602',
      certificateReturnNotYours: 'A12603',
      certificatesNotInVault: 'A12604',
      collateralNotConfirmed: 'A12605',
      receiverNotConfirmed: 'A12606',
      borrowerUnknown: 'A12607',
      returnDueNotAhead: 'A12608',
      custodyCursorInvalid: 'A12609',
    },
  ),
} as const;

const g = ERROR_CODE_GROUPS;

/** Every code by name, flat: `ERROR_CODES.staleVersion === 'A03002'`. The server re-exports it as CODES. */
export const ERROR_CODES = {
  ...g.success.codes,
  ...g.generic.codes,
  ...g.signIn.codes,
  ...g.password.codes,
  ...g.files.codes,
  ...g.events.codes,
  ...g.creditCodes.codes,
  ...g.companiesAndLoans.codes,
  ...g.loanData.codes,
  ...g.meetings.codes,
  ...g.basicData.codes,
  ...g.premium.codes,
  ...g.contracts.codes,
  ...g.letters.codes,
  ...g.repayment.codes,
  ...g.visits.codes,
  ...g.users.codes,
  ...g.regulatory.codes,
  ...g.statistics.codes,
  ...g.regulatorExports.codes,
  ...g.loanLists.codes,
  ...g.badLoans.codes,
  ...g.operations.codes,
  ...g.custody.codes,
} as const;

export type ErrorCodeName = keyof typeof ERROR_CODES;
export type ErrorCode = (typeof ERROR_CODES)[ErrorCodeName];

/** The codes of a successful answer (spec section 8); every other code is a failure. */
export const SUCCESS_CODES: readonly string[] = [ERROR_CODES.ok, ERROR_CODES.unchanged];
