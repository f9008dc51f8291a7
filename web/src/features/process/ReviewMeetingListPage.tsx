import { LoanListView } from '@/features/loans/LoanListView';

/** /process/reviewMeetingList: the pre-review list (modify amount, submit to the general office, resubmit, discontinue). */
export default function ReviewMeetingListPage() {
  return <LoanListView name="reviewMeetingList" />;
}
