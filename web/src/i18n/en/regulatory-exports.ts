import type zh from '../zh-CN/regulatory-exports';
import type { Translation } from '../types';

const regulatoryExports: Translation<typeof zh> = {
  guodan: {
    title: 'National guarantee platform data',
    scope:
      'Report to the national financing-guarantee supervision system: every guarantee disbursed in the chosen period (by disbursement day). The export holds every row of the period, with no row limit.',
  },
  industrial: {
    title: 'Industry ministry data',
    scope:
      'Report to the Ministry of Industry and Information Technology on SME guarantees: loans disbursed in the period to enterprises with fewer than 300 employees (or no count recorded). The export holds every row of the period, with no row limit.',
  },
  from: 'Disbursed from',
  to: 'Disbursed to',
  companyName: 'Company name',
  export: 'Export Excel',
  exportNote: '{{count}} rows in this period; the export writes all {{count}}, row by row.',
  periodInverted: 'The start day cannot be after the end day',
  columns: {
    companyName: 'Guaranteed party',
    creditCode: 'Unified social credit code',
    enterpriseSize: 'Enterprise size',
    employeeCount: 'Employees',
    bank: 'Lending bank',
    amount: 'Guaranteed amount (yuan)',
    outstanding: 'Outstanding (yuan)',
    termMonths: 'Term (months)',
    disbursedOn: 'Disbursed on',
    maturityOn: 'Matures on',
    annualRate: 'Annual rate',
    feeRate: 'Fee rate',
    status: 'Status',
  },
  sizes: { MICRO: 'Micro', SMALL: 'Small', MEDIUM: 'Medium', LARGE: 'Large', UNKNOWN: 'Unclassified' },
  statuses: { IN_FORCE: 'In force', RELEASED: 'Released', DISCONTINUED: 'Discontinued' },
};
export default regulatoryExports;
