import { Identity1763700000000 } from './1763700000000-identity';
import { Workflow1763800000000 } from './1763800000000-workflow';
import { CompaniesLoans1763900000000 } from './1763900000000-companies-loans';
import { LoanData1763910000000 } from './1763910000000-loan-data';
import { Meetings1763920000000 } from './1763920000000-meetings';
import { WorklistColumns1763930000000 } from './1763930000000-worklist-columns';
import { UserLanguage1763940000000 } from './1763940000000-user-language';
import { PresetGrants1764000000000 } from './1764000000000-preset-grants';
import { AuditRoles1764100000000 } from './1764100000000-audit-roles';
import { FileStorage1764102000000 } from './1764102000000-file-storage';
import { BasicData1764105000000 } from './1764105000000-basic-data';
import { Collateral1764106000000 } from './1764106000000-collateral';
import { TemplateStorage1764107000000 } from './1764107000000-template-storage';
import { LoanDocuments1764107000001 } from './1764107000001-loan-documents';
import { LetterVoucherDocuments1764108000000 } from './1764108000000-letter-voucher-documents';
import { DisbursementColumns1764109100000 } from './1764109100000-disbursement-columns';
import { RepaymentReminders1764110000000 } from './1764110000000-repayment-reminders';
import { MessageUnreadIndex1764111000000 } from './1764111000000-message-unread-index';
import { VisitRecords1764112000000 } from './1764112000000-visit-records';
import { InstalmentVoucher1764113000000 } from './1764113000000-instalment-voucher';
import { VisitReminders1764114000000 } from './1764114000000-visit-reminders';
import { UserAdmin1764116000000 } from './1764116000000-user-admin';
import { Regulatory1764117000000 } from './1764117000000-regulatory';
import { StatisticsIndexes1764118000000 } from './1764118000000-statistics-indexes';
import { ListKeyset1764121000000 } from './1764121000000-list-keyset';
import { ListEstimates1764124000000 } from './1764124000000-list-estimates';
import { ClosingEventsIndex1764124000001 } from './1764124000001-closing-events-index';
import { DisbursedCoverIndex1764124000002 } from './1764124000002-disbursed-cover-index';
import { RepaymentCoverIndex1764124000003 } from './1764124000003-repayment-cover-index';
import { EvidenceRounds1764125100000 } from './1764125100000-evidence-rounds';
import { BadLoans1764210000000 } from './1764210000000-bad-loans';
import { CloseOfBusiness1764220000000 } from './1764220000000-close-of-business';
import { RegulatoryBadLoans1764230000000 } from './1764230000000-regulatory-bad-loans';
import { ClassificationChange1764240000000 } from './1764240000000-classification-change';
import { CompensationAgenda1764250000000 } from './1764250000000-compensation-agenda';
import { Custody1764260000000 } from './1764260000000-custody';
import { Operations1764270000000 } from './1764270000000-operations';
import { CustodyCounts1764280000000 } from './1764280000000-custody-counts';

/** Every migration, oldest first. Applied automatically on start and in tests; never `synchronize`. */
export const MIGRATIONS = [
  Identity1763700000000,
  Workflow1763800000000,
  CompaniesLoans1763900000000,
  LoanData1763910000000,
  Meetings1763920000000,
  WorklistColumns1763930000000,
  UserLanguage1763940000000,
  PresetGrants1764000000000,
  AuditRoles1764100000000,
  FileStorage1764102000000,
  BasicData1764105000000,
  Collateral1764106000000,
  TemplateStorage1764107000000,
  LoanDocuments1764107000001,
  LetterVoucherDocuments1764108000000,
  DisbursementColumns1764109100000,
  RepaymentReminders1764110000000,
  MessageUnreadIndex1764111000000,
  VisitRecords1764112000000,
  InstalmentVoucher1764113000000,
  VisitReminders1764114000000,
  UserAdmin1764116000000,
  Regulatory1764117000000,
  StatisticsIndexes1764118000000,
  ListKeyset1764121000000,
  ListEstimates1764124000000,
  ClosingEventsIndex1764124000001,
  DisbursedCoverIndex1764124000002,
  RepaymentCoverIndex1764124000003,
  EvidenceRounds1764125100000,
  BadLoans1764210000000,
  CloseOfBusiness1764220000000,
  RegulatoryBadLoans1764230000000,
  ClassificationChange1764240000000,
  CompensationAgenda1764250000000,
  Custody1764260000000,
  Operations1764270000000,
  CustodyCounts1764280000000,
];
