import { RegulatoryExportPage } from './RegulatoryExportPage';

/** /statistics/industrialInformationList: the industry ministry's report (SMEs). */
export default function IndustrialInformationListPage() {
  return <RegulatoryExportPage report="industrial" />;
}
