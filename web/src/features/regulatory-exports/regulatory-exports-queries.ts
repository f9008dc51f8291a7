import { downloadFile, today } from '@/lib/download';
import { usePagedList } from '@/lib/use-paged-list';
import { PAGE_SIZES } from '@/features/meetings/labels';
import { fetchRegulatoryRows, regulatoryPaths, type RegulatoryParams, type RegulatoryReport } from './regulatory-exports-api';

export const regulatoryExportKeys = { report: (report: RegulatoryReport) => ['regulatory-exports', report] as const };

const FILTER_KEYS = ['from', 'to', 'companyName'] as const;

/** One report's rows for the period in the URL, and its .xlsx (every row, streamed by the server) saved under `title`. */
export function useRegulatoryRows(report: RegulatoryReport, title: string) {
  return usePagedList({
    queryKey: regulatoryExportKeys.report(report),
    filterKeys: FILTER_KEYS,
    pageSizes: PAGE_SIZES,
    fetch: (query) => fetchRegulatoryRows(report, query as RegulatoryParams),
    exportRows: async (query) => void (await downloadFile(regulatoryPaths.export(report), `${title}-${today()}.xlsx`, query)),
  });
}
