/**
 * What each loan list shows besides the machine's actions: the stages it looks at (for its status
 * filter), its links to the data pages (built by the loan-data feature; only linked here), and
 * which permission shows each link. The server decides the rows and the actions.
 */
import { STATE_LABELS, STAGES, statusLabel, type PermissionKey, type StageKey, type StatusLabel } from '@app/workflow';

export type ListName =
  'loanList' | 'reviewMeetingList' | 'reviewMeetingVoteList' | 'zbMeetingProcessList' | 'riskControlList' | 'bsMeetingProcessList' | 'initiateWithdrawalList';

export type LinkKey = 'node' | 'detailPage' | 'perfect' | 'preview' | 'aReport' | 'bReport';

export interface RowLink {
  key: LinkKey;
  perms: PermissionKey[];
  to: (loanId: string) => string;
}

export interface ListConfig {
  /** null: the loan list (GET /server/loans); else GET /server/process/<name>. */
  api: string | null;
  stages: readonly StageKey[];
  /** The detail drawer's permission (it reads GET /server/loans/:id, which needs sys:loan:detail too). */
  detailPerms: PermissionKey[] | null;
  links: RowLink[];
  /** The review committee shows its meetings' resolutions. */
  resolution?: boolean;
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
};

const node: RowLink = { key: 'node', perms: ['archives_detail'], to: to.node };

export const LIST_CONFIGS: Record<ListName, ListConfig> = {
  loanList: {
    api: null,
    stages: STAGES.map((s) => s.key),
    detailPerms: ['sys:loan:detail'],
    links: [
      { key: 'node', perms: ['sys:loan:node'], to: to.node },
      { key: 'perfect', perms: ['sys:loan:perfect'], to: to.editClient },
      { key: 'preview', perms: ['sys:loan:preview'], to: to.viewClient },
    ],
  },
  reviewMeetingList: {
    api: 'reviewMeetingList',
    stages: ['preReview'],
    detailPerms: ['sys:review:detail'],
    links: [node, { key: 'perfect', perms: ['sys:review:perfect'], to: to.editInquiry }, { key: 'preview', perms: ['sys:review:preview'], to: to.viewInquiry }],
  },
  reviewMeetingVoteList: {
    api: 'reviewMeetingVoteList',
    stages: ['preReview'],
    detailPerms: ['sys:review-vote:detail'],
    links: [node, { key: 'preview', perms: ['sys:review-vote:preview'], to: to.viewInquiry }],
  },
  zbMeetingProcessList: {
    api: 'zbMeetingProcessList',
    stages: ['generalOffice', 'riskControl'],
    detailPerms: ['sys:zb:detail'],
    links: [node, { key: 'perfect', perms: ['sys:zb:perfect'], to: to.editAgent }, { key: 'preview', perms: ['sys:zb:preview'], to: to.viewAgent }],
  },
  riskControlList: {
    api: 'riskControlList',
    stages: ['riskControl'],
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
    api: 'bsMeetingProcessList',
    stages: ['insuranceReview'],
    detailPerms: ['sys:bs:detail'],
    resolution: true,
    links: [
      node,
      { key: 'perfect', perms: ['sys:bs:perfect'], to: to.editReport },
      { key: 'aReport', perms: ['sys:bs:a-report'], to: to.viewReport },
      { key: 'bReport', perms: ['sys:bs:b-report'], to: to.viewReportB },
    ],
  },
  initiateWithdrawalList: {
    api: 'initiateWithdrawalList',
    stages: ['withdrawal'],
    detailPerms: ['sys:loan:detail'],
    links: [node, { key: 'aReport', perms: ['sys:loan:preview'], to: to.viewReport }],
  },
};

/** The statuses a loan can show in these stages (one option per status key). */
export function statusOptions(stages: readonly StageKey[]): StatusLabel[] {
  const seen = new Map<string, StatusLabel>();
  for (const [path, label] of Object.entries(STATE_LABELS)) {
    if (!label.status || !stages.some((stage) => path === stage || path.startsWith(`${stage}.`))) continue;
    const status = statusLabel(label.status);
    if (!seen.has(status.key)) seen.set(status.key, status);
  }
  return [...seen.values()];
}
