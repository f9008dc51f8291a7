import { MeetingListPage } from './MeetingListPage';

/** /meeting/bsMeetingList */
export default function BsMeetingListPage() {
  return <MeetingListPage kind="BS" />;
}
