// lazyPage: React.lazy with preload(), so that boot can fetch the page's code early (boot-preload.ts).
import { lazyPage as lazy } from './preload';

/** Page components of the route table, each its own chunk. */
export const enterPage = lazy(() => import('@/app/pages/EnterPage'));
export const notFoundPage = lazy(() => import('@/ui/NotFoundPage'));
export const forbiddenPage = lazy(() => import('@/ui/ForbiddenPage'));
export const dashboardPage = lazy(() => import('@/features/dashboard/DashboardPage'));
export const userListPage = lazy(() => import('@/features/users/UserListPage'));
export const roleListPage = lazy(() => import('@/features/roles/RoleListPage'));
export const historyLogPage = lazy(() => import('@/features/history/HistoryLogPage'));
export const queuePage = lazy(() => import('@/features/queues/QueuePage'));
export const regulatoryOverviewPage = lazy(() => import('@/features/regulatory/RegulatoryOverviewPage'));
export const loanNodePage = lazy(() => import('@/features/loan-node/LoanNodePage'));
// Companies, loans, and the one page of every worklist (the route names the list).
export const companyListPage = lazy(() => import('@/features/companies/CompanyListPage'));
export const loanListPage = lazy(() => import('@/features/loan-list/LoanListPage'));
export const worklistPage = lazy(() => import('@/features/loan-list/WorklistPage'));
export const loanDataDetailPage = lazy(() => import('@/features/loan-data/pages/LoanDataDetailPage'));
export const loanDataEditPage = lazy(() => import('@/features/loan-data/pages/LoanDataEditPage'));
export const loanDataPreviewPage = lazy(() => import('@/features/loan-data/pages/LoanDataPreviewPage'));
// Meetings, votes, pre-review sessions, archives and the attendee pool.
export const ysMeetingListPage = lazy(() => import('@/features/meetings/YsMeetingListPage'));
export const zbMeetingListPage = lazy(() => import('@/features/meetings/ZbMeetingListPage'));
export const zbMeetingDetailPage = lazy(() => import('@/features/meetings/ZbMeetingDetailPage'));
export const bsMeetingListPage = lazy(() => import('@/features/meetings/BsMeetingListPage'));
export const bsMeetingDetailPage = lazy(() => import('@/features/meetings/BsMeetingDetailPage'));
export const zbVoteListPage = lazy(() => import('@/features/meetings/ZbVoteListPage'));
export const zbVoteDetailPage = lazy(() => import('@/features/meetings/ZbVoteDetailPage'));
export const bsVoteListPage = lazy(() => import('@/features/meetings/BsVoteListPage'));
export const bsVoteDetailPage = lazy(() => import('@/features/meetings/BsVoteDetailPage'));
export const archiveListPage = lazy(() => import('@/features/archives/ArchiveListPage'));
export const archiveDetailPage = lazy(() => import('@/features/archives/ArchiveDetailPage'));
export const confereeListPage = lazy(() => import('@/features/conferees/ConfereeListPage'));
// Basic data: banks, their contract templates, loan types.
export const bankListPage = lazy(() => import('@/features/basic-data/BankListPage'));
export const bankTemplatePage = lazy(() => import('@/features/basic-data/BankTemplatePage'));
export const loanTypeListPage = lazy(() => import('@/features/basic-data/LoanTypeListPage'));
// Reports to regulators (national guarantee platform, industry ministry).
export const guodanListPage = lazy(() => import('@/features/regulatory-exports/GuodanListPage'));
export const industrialInformationListPage = lazy(() => import('@/features/regulatory-exports/IndustrialInformationListPage'));
// Statistics: the overview, all projects, the amounts by product, bank, region and person, one product's loans.
export const statisticsOverviewPage = lazy(() => import('@/features/statistics/OverviewPage'));
export const statisticsProjectPage = lazy(() => import('@/features/statistics/ProjectListPage'));
export const statisticsAmountPage = lazy(() => import('@/features/statistics/AmountPage'));
export const statisticsAmountDataPage = lazy(() => import('@/features/statistics/AmountDataPage'));
export const statisticsClassificationMigrationPage = lazy(() => import('@/features/statistics/ClassificationMigrationPage'));
// The ledger's page of a loan (balance, plan, repayments, attachments).
export const ledgerAttachmentsPage = lazy(() => import('@/features/after-guarantee/LedgerAttachmentsPage'));

// Custody of certificates: the vault inventory and each certificate's history.
export const custodyPage = lazy(() => import('@/features/custody/CustodyPage'));
export const operationsPage = lazy(() => import('@/features/operations/OperationsPage'));
