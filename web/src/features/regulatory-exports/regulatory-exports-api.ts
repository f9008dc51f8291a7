import { http, type Page, type PagedQuery } from '@/api/http';
import type { ApiQuery, RegulatoryRowDto } from '@/api/schema.gen';

export type RegulatoryRow = RegulatoryRowDto;
export type RegulatoryReport = 'guodan' | 'industrial';
export type RegulatoryParams = PagedQuery<ApiQuery<'GET /regulatory-exports/guodan'>>;

export const regulatoryPaths = {
  list: (report: RegulatoryReport) => `/regulatory-exports/${report}` as const,
  export: (report: RegulatoryReport) => `/regulatory-exports/${report}/export` as const,
};

export async function fetchRegulatoryRows(report: RegulatoryReport, params: RegulatoryParams): Promise<Page<RegulatoryRow>> {
  return (await http.get(regulatoryPaths.list(report), { params: { ...params } })).data;
}
