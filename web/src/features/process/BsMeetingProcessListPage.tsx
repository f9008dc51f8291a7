import { LoanListView } from '@/features/loans/LoanListView';

/** /process/bsMeetingProcessList: the review-committee list (resolutions, initiate withdrawal, resubmit, discontinue). */
export default function BsMeetingProcessListPage() {
  return <LoanListView name="bsMeetingProcessList" />;
}
