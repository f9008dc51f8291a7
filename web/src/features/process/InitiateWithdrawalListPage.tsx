import { LoanListView } from '@/features/loans/LoanListView';

/** /process/initiateWithdrawalList: the withdrawal list (B-post recheck, leader review). */
export default function InitiateWithdrawalListPage() {
  return <LoanListView name="initiateWithdrawalList" />;
}
