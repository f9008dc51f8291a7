import { LoanListView } from '@/features/loans/LoanListView';

/** /process/zbMeetingProcessList: the general-office list (modify amount, submit to B-post risk control or the review committee, resubmit, discontinue). */
export default function ZbMeetingProcessListPage() {
  return <LoanListView name="zbMeetingProcessList" />;
}
