import { RegulatoryExportPage } from './RegulatoryExportPage';

/** /statistics/guodanList: the national guarantee platform's report. */
export default function GuodanListPage() {
  return <RegulatoryExportPage report="guodan" />;
}
