/**
 * THE route table of spec section 2: every route with its permission keys, hidden flag and
 * highlighted menu entry. Titles come from i18n (routes.pages.<name>; a worklist's from the
 * registry's WORKLIST_LABELS); menu groups from routes.groups.<key>. Permission keys are the ones
 * of workflow/src/permissions.ts.
 *
 * The loan lists of /process, /protectMiddle, /protectAfter and the statistics drill-downs are the
 * worklists of @app/workflow: their routes are generated from the registry (worklist-routes.ts),
 * all on the one worklist page. A fixed route of the same name here is a placeholder they replace.
 *
 * Every route now has its page; a worklist placeholder names the worklist page its generated route uses.
 */
import {
  dashboardPage,
  enterPage,
  forbiddenPage,
  historyLogPage,
  loanNodePage,
  notFoundPage,
  queuePage,
  worklistPage,
  roleListPage,
  userListPage,
} from './pages';
// Regulatory figures.
import { regulatoryOverviewPage } from './pages';
// A-post data and reports, B-post data (the /detail group).
import { loanDataDetailPage, loanDataEditPage, loanDataPreviewPage } from './pages';
// Companies and loans.
import { companyListPage, loanListPage } from './pages';
// Meetings, votes, pre-review sessions, archives and the attendee pool.
import {
  archiveDetailPage,
  archiveListPage,
  bsMeetingDetailPage,
  bsMeetingListPage,
  bsVoteDetailPage,
  bsVoteListPage,
  confereeListPage,
  ysMeetingListPage,
  zbMeetingDetailPage,
  zbMeetingListPage,
  zbVoteDetailPage,
  zbVoteListPage,
} from './pages';
// Basic data.
import { bankListPage, bankTemplatePage, loanTypeListPage } from './pages';
import { guodanListPage, industrialInformationListPage } from './pages';
// Statistics.
import { statisticsAmountDataPage, statisticsAmountPage, statisticsClassificationMigrationPage, statisticsOverviewPage, statisticsProjectPage } from './pages';
// After guarantee: the ledger's page of a loan.
import { ledgerAttachmentsPage } from './pages';
// Custody of certificates.
import { custodyPage } from './pages';
// The operations console.
import { operationsPage } from './pages';
import { LOAN_LIST_PATH } from '@/navigation/paths';
import type { RouteGroup } from '@/navigation/types';
import { withWorklists } from './worklist-routes';

const LOANS = LOAN_LIST_PATH;
const RISK = '/process/riskControlList';

export const ROUTE_TABLE: RouteGroup[] = [
  {
    key: 'home',
    path: '',
    children: [
      { name: 'dashboard', path: 'dashboard', page: dashboardPage, affix: true },
      { name: 'forbidden', path: '401', page: forbiddenPage, hidden: true, noTag: true },
      { name: 'notFound', path: '404', page: notFoundPage, hidden: true, noTag: true },
    ],
  },
  {
    key: 'enter',
    path: '/enter',
    hidden: true,
    children: [{ name: 'enter', path: 'index', page: enterPage, hidden: true }],
  },
  {
    key: 'detail',
    path: '/detail',
    hidden: true,
    children: [
      { name: 'clientDetail', path: 'CLIENTDetail/:encryptId', page: loanDataDetailPage, hidden: true, activeMenu: LOANS },
      { name: 'inquiryDetail', path: 'INQUIRYDetail/:encryptId', page: loanDataDetailPage, hidden: true, activeMenu: LOANS },
      { name: 'agentDetail', path: 'AGENTDetail/:encryptId', page: loanDataDetailPage, hidden: true, activeMenu: LOANS },
      { name: 'reportDetail', path: 'REPORTDetail/:encryptId', page: loanDataDetailPage, hidden: true, activeMenu: LOANS },
      { name: 'editClient', path: 'editClient/:encryptId', page: loanDataEditPage, hidden: true, activeMenu: LOANS },
      { name: 'editInquiry', path: 'editInquiry/:encryptId/:show', page: loanDataEditPage, hidden: true, activeMenu: LOANS },
      { name: 'editAgent', path: 'editAgent/:encryptId', page: loanDataEditPage, hidden: true, activeMenu: LOANS },
      { name: 'editReport', path: 'editReport/:encryptId', page: loanDataEditPage, hidden: true, activeMenu: LOANS },
      { name: 'viewClient', path: 'viewClient', page: loanDataPreviewPage, hidden: true, activeMenu: LOANS },
      { name: 'viewInquiry', path: 'viewInquiry', page: loanDataPreviewPage, hidden: true, activeMenu: LOANS },
      { name: 'viewAgent', path: 'viewAgent', page: loanDataPreviewPage, hidden: true, activeMenu: LOANS },
      { name: 'viewReport', path: 'viewReport', page: loanDataPreviewPage, hidden: true, activeMenu: LOANS },
      {
        name: 'riskControlListDetail',
        path: 'riskControlListDetail/:encryptId',
        page: loanDataDetailPage,
        hidden: true,
        perms: ['risk_control_detail'],
        activeMenu: RISK,
      },
      {
        name: 'riskControlListEdit',
        path: 'riskControlListEdit/:encryptId',
        page: loanDataEditPage,
        hidden: true,
        perms: ['risk_control_perfect'],
        activeMenu: RISK,
      },
      { name: 'viewReportB', path: 'viewReportB/:encryptId', page: loanDataPreviewPage, hidden: true, activeMenu: RISK },
      { name: 'detailProject', path: 'project', page: statisticsProjectPage, hidden: true, activeMenu: '/statistics/projectList' },
    ],
  },
  {
    key: 'company',
    path: '/company',
    children: [
      { name: 'companyList', path: 'list', page: companyListPage, perms: ['company_list'], listState: true },
      { name: 'loanList', path: 'loanList', page: loanListPage, perms: ['loan_list'], listState: true },
      { name: 'companyNode', path: 'node/:encryptId', page: loanNodePage, hidden: true, perms: ['archives_detail'], activeMenu: LOANS },
    ],
  },
  {
    key: 'process',
    path: '/process',
    perms: ['meeting'],
    // The stage lists are worklists; the vote lists sit after the list of their meeting.
    children: withWorklists('process', [
      {
        name: 'zbMeetingVoteList',
        path: 'zbMeetingVoteList',
        page: zbVoteListPage,
        perms: ['zb_meeting_vote_list'],
        after: 'zbMeetingProcessList',
        listState: true,
      },
      {
        name: 'zbMeetingVoteDetail',
        path: 'zbMeetingVoteDetail/:encryptId',
        page: zbVoteDetailPage,
        hidden: true,
        perms: ['zb_meeting_vote_list'],
        activeMenu: '/process/zbMeetingVoteList',
      },
      {
        name: 'bsMeetingVoteList',
        path: 'bsMeetingVoteList',
        page: bsVoteListPage,
        perms: ['bs_meeting_vote_list'],
        after: 'bsMeetingProcessList',
        listState: true,
      },
      {
        name: 'bsMeetingVoteDetail',
        path: 'bsMeetingVoteDetail/:encryptId',
        page: bsVoteDetailPage,
        hidden: true,
        perms: ['bs_meeting_vote_list'],
        activeMenu: '/process/bsMeetingVoteList',
      },
    ]),
  },
  {
    key: 'meeting',
    path: '/meeting',
    perms: ['database'],
    children: [
      { name: 'ysMeetingList', path: 'ysMeetingList', page: ysMeetingListPage, perms: ['ys_meeting_list'], listState: true },
      { name: 'zbMeetingList', path: 'zbMeetingList', page: zbMeetingListPage, perms: ['zb_meeting_list'], listState: true },
      {
        name: 'zbMeetingDetail',
        path: 'zbMeetingDetail/:encryptId',
        page: zbMeetingDetailPage,
        hidden: true,
        perms: ['zb_meeting_list'],
        activeMenu: '/meeting/zbMeetingList',
      },
      { name: 'bsMeetingList', path: 'bsMeetingList', page: bsMeetingListPage, perms: ['bs_meeting_list'], listState: true },
      {
        name: 'bsMeetingDetail',
        path: 'bsMeetingDetail/:encryptId',
        page: bsMeetingDetailPage,
        hidden: true,
        perms: ['bs_meeting_list'],
        activeMenu: '/meeting/bsMeetingList',
      },
      { name: 'filesList', path: 'filesList', page: archiveListPage, perms: ['files_list'], listState: true },
      {
        name: 'filesDetail',
        path: 'filesDetail/:encryptId',
        page: archiveDetailPage,
        hidden: true,
        perms: ['files_list'],
        activeMenu: '/meeting/filesList',
      },
    ],
  },
  {
    key: 'protectMiddle',
    path: '/protectMiddle',
    perms: ['protect_middle'],
    children: withWorklists('protectMiddle', [
      { name: 'contractList', path: 'contractList', page: worklistPage, perms: ['contract_list'] },
      { name: 'mutualReviewList', path: 'mutualReviewList', page: worklistPage, perms: ['mutual_review_list'] },
      { name: 'contractReviewList', path: 'contractReviewList', page: worklistPage, perms: ['contract_review_list'] },
      { name: 'contractSealList', path: 'contractSealList', page: worklistPage, perms: ['contract_seal_list'] },
      { name: 'premiumUploadList', path: 'premiumUploadList', page: worklistPage, perms: ['premium_upload_list'] },
      { name: 'premiumConfirmationList', path: 'premiumConfirmationList', page: worklistPage, perms: ['premium_confirmation_list'] },
      { name: 'counterGuarantee', path: 'counterGuarantee', page: worklistPage, perms: ['counter_guarantee'] },
      { name: 'guaranteeLetterList', path: 'guaranteeLetterList', page: worklistPage, perms: ['guarantee_letter_list'] },
      {
        name: 'guaranteeLetterApprovalList',
        path: 'guaranteeLetterApprovalList',
        page: worklistPage,
        perms: ['guarantee_letter_approval_list'],
      },
      // Spec: letter sealing accepts any of its three permissions.
      {
        name: 'guaranteeLetterNew',
        path: 'guaranteeLetterNew',
        page: worklistPage,
        perms: ['guarantee_letter_seal', 'sys:letter-seal:confirm', 'sys:letter-seal:complete'],
      },
      { name: 'guaranteeUploadList', path: 'guaranteeUploadList', page: worklistPage, perms: ['guarantee_upload_list'] },
      { name: 'voucherList', path: 'voucherList', page: worklistPage, perms: ['voucher_list'] },
      // custody of the collateral's certificates: the vault inventory (not a worklist)
      { name: 'custody', path: 'custody', page: custodyPage, perms: ['custody_list'] },
    ]),
  },
  {
    key: 'protectAfter',
    path: '/protectAfter',
    perms: ['protect_after'],
    children: withWorklists('protectAfter', [
      { name: 'ledgerList', path: 'ledgerList', page: worklistPage, perms: ['ledger_list'] },
      { name: 'financeList', path: 'financeList', page: worklistPage, perms: ['finance_list'] },
      { name: 'bPostList', path: 'bPostList', page: worklistPage, perms: ['b_post_list'] },
      { name: 'leaderReviewList', path: 'leaderReviewList', page: worklistPage, perms: ['leader_review_list'] },
      {
        name: 'ledgerAttachments',
        path: 'ledgerList/:encryptId/:flag',
        page: ledgerAttachmentsPage,
        hidden: true,
        activeMenu: '/protectAfter/ledgerList',
      },
      {
        name: 'ledgerAttachmentsFinance',
        path: 'ledgerListNew/:encryptId/:flag',
        page: ledgerAttachmentsPage,
        hidden: true,
        perms: ['attachment_list'],
        activeMenu: '/protectAfter/ledgerList',
      },
      { name: 'remindList', path: 'remindList', page: worklistPage, perms: ['remind_list'] },
      { name: 'becomeList', path: 'becomeList', page: worklistPage, perms: ['become_list'] },
      { name: 'repaymentList', path: 'repaymentList', page: worklistPage, perms: ['repayment_list'] },
      { name: 'secure', path: 'secure', page: worklistPage, perms: ['secure_list'] },
      { name: 'relieve', path: 'relieve', page: worklistPage, perms: ['relieve_list'] },
      // The bad-loan path, after the lists of loans that end well (placeholders: the registry's routes take their place).
      { name: 'overdueList', path: 'overdueList', page: worklistPage, perms: ['overdue_list'] },
      { name: 'compensationList', path: 'compensationList', page: worklistPage, perms: ['compensation_list'] },
      { name: 'recoveryList', path: 'recoveryList', page: worklistPage, perms: ['recovery_list'] },
    ]),
  },
  {
    key: 'statistics',
    path: '/statistics',
    perms: ['statistics'],
    children: withWorklists('statistics', [
      { name: 'statisticsList', path: 'list', page: statisticsOverviewPage, perms: ['population_list'] },
      // Drill-downs of the overview: the material names no gate for them (spec section 2).
      { name: 'suggestList', path: 'suggestList', page: worklistPage, hidden: true, activeMenu: '/statistics/list' },
      { name: 'ysUnauditedList', path: 'ysUnauditedList', page: worklistPage, hidden: true },
      { name: 'ysApprovedList', path: 'ysApprovedList', page: worklistPage, hidden: true },
      { name: 'zbNoAttendedMeetingList', path: 'zbNoAttendedMeetingList', page: worklistPage, hidden: true },
      { name: 'zbAttendedMeetingList', path: 'zbAttendedMeetingList', page: worklistPage, hidden: true },
      { name: 'bsNoAttendedMeetingList', path: 'bsNoAttendedMeetingList', page: worklistPage, hidden: true },
      { name: 'bsAttendedMeetingList', path: 'bsAttendedMeetingList', page: worklistPage, hidden: true },
      { name: 'loanContractUnauditedList', path: 'loanContractUnauditedList', page: worklistPage, hidden: true },
      { name: 'loanContractApprovedList', path: 'loanContractApprovedList', page: worklistPage, hidden: true },
      { name: 'fkNoUploadedList', path: 'fkNoUploadedList', page: worklistPage, hidden: true },
      { name: 'fkUploadedList', path: 'fkUploadedList', page: worklistPage, hidden: true },
      { name: 'reportUnauditedList', path: 'reportUnauditedList', page: worklistPage, hidden: true },
      { name: 'reportApprovedList', path: 'reportApprovedList', page: worklistPage, hidden: true },
      { name: 'statisticsRelieveList', path: 'relieveList', page: worklistPage, hidden: true },
      { name: 'guodanList', path: 'guodanList', page: guodanListPage, perms: ['guo_dan_list'] },
      { name: 'statisticsProjectList', path: 'projectList', page: statisticsProjectPage, perms: ['project_list'] },
      {
        name: 'industrialInformationList',
        path: 'industrialInformationList',
        page: industrialInformationListPage,
        perms: ['industrial_information_list'],
      },
      { name: 'amountList', path: 'amountList', page: statisticsAmountPage, perms: ['amount_list'] },
      { name: 'amountBankList', path: 'amountBankList', page: statisticsAmountPage, perms: ['amount_bank_list'] },
      { name: 'amountRegionList', path: 'amountRegionList', page: statisticsAmountPage, perms: ['amount_region_list'] },
      {
        name: 'amountDataList',
        path: 'amountDataList/:typeId/:typeName/:startData/:endData',
        page: statisticsAmountDataPage,
        hidden: true,
      },
      { name: 'personnelList', path: 'personnelList', page: statisticsAmountPage, perms: ['personnel_list'] },
      // Admins pass every menu key; anyone else needs the statistics menu.
      { name: 'regulatoryOverview', path: 'regulatory', page: regulatoryOverviewPage, perms: ['statistics'] },
      // The server's key for it is the statistics menu's own.
      { name: 'classificationMigration', path: 'classificationMigration', page: statisticsClassificationMigrationPage, perms: ['statistics'] },
    ]),
  },
  {
    key: 'basicData',
    path: '/basicData',
    perms: ['basic'],
    children: [
      { name: 'bankList', path: 'bankList', page: bankListPage, perms: ['bank_list'], listState: true },
      {
        name: 'bankContractList',
        path: 'bankContractList',
        page: bankTemplatePage,
        hidden: true,
        perms: ['template_list'],
        activeMenu: '/basicData/bankList',
      },
      { name: 'companyLoanType', path: 'typeList', page: loanTypeListPage, perms: ['loan_type_list'], listState: true },
    ],
  },
  {
    key: 'user',
    path: '/user',
    perms: ['user'],
    children: [
      { name: 'userList', path: 'list', page: userListPage, perms: ['user_list'], listState: true },
      { name: 'roleList', path: 'role', page: roleListPage, perms: ['role_list'], listState: true },
      { name: 'participation', path: 'participation', page: confereeListPage, perms: ['conferee_list'], listState: true },
    ],
  },
  {
    key: 'history',
    path: '/history',
    perms: ['user'],
    children: [{ name: 'historyLog', path: 'historyLog', page: historyLogPage, adminOnly: true, listState: true }],
  },
  {
    // Administrators only: the way to the queue page (Bull Board, served by the server at /server/admin/queues) and the operations console.
    key: 'system',
    path: '/system',
    adminOnly: true,
    children: [
      { name: 'queuePage', path: 'queues', page: queuePage, adminOnly: true },
      // the operations console (its query holds the open tab: one tag, not one per tab)
      { name: 'operationsPage', path: 'operations', page: operationsPage, adminOnly: true, listState: true },
    ],
  },
];
