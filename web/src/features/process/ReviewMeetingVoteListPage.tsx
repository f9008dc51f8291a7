import { LoanListView } from '@/features/loans/LoanListView';

/** /process/reviewMeetingVoteList: the pre-review approval (approve, reject, return). */
export default function ReviewMeetingVoteListPage() {
  return <LoanListView name="reviewMeetingVoteList" />;
}
