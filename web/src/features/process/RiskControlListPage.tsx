import { LoanListView } from '@/features/loans/LoanListView';

/** /process/riskControlList: the B-post risk control (confirm complete, revoke, transfer data). */
export default function RiskControlListPage() {
  return <LoanListView name="riskControlList" />;
}
