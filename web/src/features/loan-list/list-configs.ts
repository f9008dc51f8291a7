/**
 * What a loan list shows besides its rows and the machine's actions: the states it looks at (for its
 * status filter), the detail drawer's permission, and its links to the data pages (built by the
 * loan-data feature; only linked here). The worklists come from the registry (@app/workflow); a
 * worklist without an entry here gets the node link only. The server decides the rows and actions.
 */
import {
  STATE_LABELS,
  STAGES,
  statusLabel,
  worklist,
  WORKLIST_COLUMNS,
  type PermissionKey,
  type StatusLabel,
  type WorklistColumn,
  type WorklistName,
} from '@app/workflow';

/** The loan list (/company/loanList) or a worklist of the registry. */
export type ListName = 'loanList' | WorklistName;

export type LinkKey = 'node' | 'detailPage' | 'perfect' | 'preview' | 'aReport' | 'bReport' | 'ledgerView' | 'ledgerEdit';

export interface RowLink {
  key: LinkKey;
  perms: PermissionKey[];
  to: (loanId: string) => string;
}

export interface ListConfig {
  /** null: the loan list (GET /server/loans); else the worklist (GET /server/worklists/<name>). */
  api: string | null;
  /** Machine state paths (a stage name covers its states): the status filter offers their statuses. */
  states: readonly string[];
  columns: readonly WorklistColumn[];
  /** The detail drawer's permission (it reads GET /server/loans/:id, which needs sys:loan:detail too). */
  detailPerms: PermissionKey[] | null;
  links: RowLink[];
  /** The review committee shows its meetings' resolutions. */
  resolution?: boolean;
  /** The loan list filters by stage and offers "copy as a new application". */
  loanList?: boolean;
  /** voucherList: each row offers the disbursement reminder to its officer (sys:voucher:remind). */
  remind?: boolean;
}

const id = encodeURIComponent;
// The data pages of /detail (spec section 2): the edit and B-post pages carry the id in the path,
// the A-post previews (no path parameter in the route table) in the query.
const to = {
  node: (loan: string) => `/company/node/${id(loan)}`,
  editClient: (loan: string) => `/detail/editClient/${id(loan)}`,
  viewClient: (loan: string) => `/detail/viewClient?encryptId=${id(loan)}`,
  editInquiry: (loan: string) => `/detail/editInquiry/${id(loan)}/1`,
  viewInquiry: (loan: string) => `/detail/viewInquiry?encryptId=${id(loan)}`,
  editAgent: (loan: string) => `/detail/editAgent/${id(loan)}`,
  viewAgent: (loan: string) => `/detail/viewAgent?encryptId=${id(loan)}`,
  editReport: (loan: string) => `/detail/editReport/${id(loan)}`,
  viewReport: (loan: string) => `/detail/viewReport?encryptId=${id(loan)}`,
  riskDetail: (loan: string) => `/detail/riskControlListDetail/${id(loan)}`,
  riskEdit: (loan: string) => `/detail/riskControlListEdit/${id(loan)}`,
  viewReportB: (loan: string) => `/detail/viewReportB/${id(loan)}`,
  // the ledger's page of the loan: view (查看附件), or edit from the attachment list (新增报告, 重新上传)
  ledgerView: (loan: string) => `/protectAfter/ledgerList/${id(loan)}/view`,
  ledgerEdit: (loan: string) => `/protectAfter/ledgerListNew/${id(loan)}/edit`,
};

const node: RowLink = { key: 'node', perms: ['archives_detail'], to: to.node };

type Extras = Pick<ListConfig, 'detailPerms' | 'links' | 'resolution' | 'remind'>;

/** The lists with more than the node link, keyed by list name. */
const EXTRAS: Partial<Record<ListName, Extras>> = {
  loanList: {
    detailPerms: ['sys:loan:detail'],
    links: [
      { key: 'node', perms: ['sys:loan:node'], to: to.node },
      { key: 'perfect', perms: ['sys:loan:perfect'], to: to.editClient },
      { key: 'preview', perms: ['sys:loan:preview'], to: to.viewClient },
    ],
  },
  reviewMeetingList: {
    detailPerms: ['sys:review:detail'],
    links: [node, { key: 'perfect', perms: ['sys:review:perfect'], to: to.editInquiry }, { key: 'preview', perms: ['sys:review:preview'], to: to.viewInquiry }],
  },
  reviewMeetingVoteList: {
    detailPerms: ['sys:review-vote:detail'],
    links: [node, { key: 'preview', perms: ['sys:review-vote:preview'], to: to.viewInquiry }],
  },
  zbMeetingProcessList: {
    detailPerms: ['sys:zb:detail'],
    links: [node, { key: 'perfect', perms: ['sys:zb:perfect'], to: to.editAgent }, { key: 'preview', perms: ['sys:zb:preview'], to: to.viewAgent }],
  },
  riskControlList: {
    detailPerms: null,
    links: [
      node,
      { key: 'detailPage', perms: ['sys:risk:detail', 'risk_control_detail'], to: to.riskDetail },
      { key: 'perfect', perms: ['sys:risk:perfect', 'risk_control_perfect'], to: to.riskEdit },
      { key: 'preview', perms: ['sys:risk:preview'], to: to.viewReportB },
      { key: 'aReport', perms: ['sys:risk:a-report'], to: to.viewReport },
    ],
  },
  bsMeetingProcessList: {
    detailPerms: ['sys:bs:detail'],
    resolution: true,
    links: [
      node,
      { key: 'perfect', perms: ['sys:bs:perfect'], to: to.editReport },
      { key: 'aReport', perms: ['sys:bs:a-report'], to: to.viewReport },
      { key: 'bReport', perms: ['sys:bs:b-report'], to: to.viewReportB },
    ],
  },
  voucherList: { detailPerms: null, links: [node], remind: true },
  ledgerList: {
    detailPerms: null,
    links: [
      node,
      { key: 'ledgerView', perms: ['sys:ledger:attachments'], to: to.ledgerView },
      { key: 'ledgerEdit', perms: ['attachment_list'], to: to.ledgerEdit },
    ],
  },
  initiateWithdrawalList: {
    detailPerms: ['sys:loan:detail'],
    links: [node, { key: 'aReport', perms: ['sys:loan:preview'], to: to.viewReport }],
  },
};

/** The loan list's columns: where each loan stands, whoever holds it. */
const LOAN_LIST_COLUMNS: readonly WorklistColumn[] = [
  'companyName',
  'amount',
  'termMonths',
  'bank',
  'stage',
  'status',
  'aPostOfficer',
  'bPostOfficer',
  'disbursedOn',
  'disbursedAmount',
  'createdAt',
];

export function listConfig(name: ListName): ListConfig {
  const extras: Extras = EXTRAS[name] ?? { detailPerms: null, links: [node] };
  if (name === 'loanList') return { api: null, states: STAGES.map((s) => s.key), columns: LOAN_LIST_COLUMNS, loanList: true, ...extras };
  const def = worklist(name);
  if (!def) throw new Error(`unknown worklist ${name}`);
  // Columns the web cannot show (a newer registry) are left out rather than drawn empty.
  const columns = def.columns.filter((column) => (WORKLIST_COLUMNS as readonly string[]).includes(column));
  return { api: name, states: def.states, columns, ...extras };
}

/** Whether a state path lies inside one of these paths (a path covers its descendants). */
const within = (path: string, states: readonly string[]) => states.some((state) => path === state || path.startsWith(`${state}.`));

/** The statuses a loan can show in these states (one option per status key). */
export function statusOptions(states: readonly string[]): StatusLabel[] {
  const seen = new Map<string, StatusLabel>();
  for (const [path, label] of Object.entries(STATE_LABELS)) {
    if (!label.status || !within(path, states)) continue;
    const status = statusLabel(label.status);
    if (!seen.has(status.key)) seen.set(status.key, status);
  }
  return [...seen.values()];
}
