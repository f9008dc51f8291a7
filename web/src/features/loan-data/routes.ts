/**
 * The /detail routes of the loan data (spec section 2), by route name: which data type, which view
 * (detail, perfection, preview), whose sections, and where the related pages are.
 */
import type { DataType, Post } from '@app/workflow';
import type { RouteName } from '@/navigation/types';
import type { PreviewPart } from './loan-data-api';

export type DataRouteMode = 'detail' | 'edit' | 'preview';

export interface DataRoute {
  type: DataType;
  mode: DataRouteMode;
  /** The post whose pages these are: the B-post's show its section first and preview it alone. */
  post: Post;
  part?: PreviewPart;
}

export const DATA_ROUTES: Partial<Record<RouteName, DataRoute>> = {
  clientDetail: { type: 'CLIENT', mode: 'detail', post: 'A' },
  inquiryDetail: { type: 'INQUIRY', mode: 'detail', post: 'A' },
  agentDetail: { type: 'AGENT', mode: 'detail', post: 'A' },
  reportDetail: { type: 'REPORT', mode: 'detail', post: 'A' },
  editClient: { type: 'CLIENT', mode: 'edit', post: 'A' },
  editInquiry: { type: 'INQUIRY', mode: 'edit', post: 'A' },
  editAgent: { type: 'AGENT', mode: 'edit', post: 'A' },
  editReport: { type: 'REPORT', mode: 'edit', post: 'A' },
  viewClient: { type: 'CLIENT', mode: 'preview', post: 'A' },
  viewInquiry: { type: 'INQUIRY', mode: 'preview', post: 'A' },
  viewAgent: { type: 'AGENT', mode: 'preview', post: 'A' },
  viewReport: { type: 'REPORT', mode: 'preview', post: 'A', part: 'A' },
  riskControlListDetail: { type: 'REPORT', mode: 'detail', post: 'B' },
  riskControlListEdit: { type: 'REPORT', mode: 'edit', post: 'B' },
  viewReportB: { type: 'REPORT', mode: 'preview', post: 'B', part: 'B' },
};

const DETAIL_PATH: Record<DataType, string> = { CLIENT: 'CLIENTDetail', INQUIRY: 'INQUIRYDetail', AGENT: 'AGENTDetail', REPORT: 'REPORTDetail' };
const EDIT_PATH: Record<DataType, string> = { CLIENT: 'editClient', INQUIRY: 'editInquiry', AGENT: 'editAgent', REPORT: 'editReport' };
const VIEW_PATH: Record<DataType, string> = { CLIENT: 'viewClient', INQUIRY: 'viewInquiry', AGENT: 'viewAgent', REPORT: 'viewReport' };

const id = (loanId: string) => encodeURIComponent(loanId);

/** Where each page of a loan's data lives (the B-post's own pages for the B-post). */
export const dataPaths = {
  detail: (type: DataType, loanId: string, post: Post = 'A') =>
    post === 'B' ? `/detail/riskControlListDetail/${id(loanId)}` : `/detail/${DETAIL_PATH[type]}/${id(loanId)}`,
  // editInquiry carries a second parameter, `show`: the section to open first ('0' for the first).
  edit: (type: DataType, loanId: string, post: Post = 'A') =>
    post === 'B' ? `/detail/riskControlListEdit/${id(loanId)}` : `/detail/${EDIT_PATH[type]}/${id(loanId)}${type === 'INQUIRY' ? '/0' : ''}`,
  // The spec gives the preview routes no parameter: the loan travels in ?id=.
  preview: (type: DataType, loanId: string, post: Post = 'A') =>
    post === 'B' ? `/detail/viewReportB/${id(loanId)}` : `/detail/${VIEW_PATH[type]}?id=${id(loanId)}`,
};

/** Loan ids are UUIDs (the spec's encryptId). */
export const LOAN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
