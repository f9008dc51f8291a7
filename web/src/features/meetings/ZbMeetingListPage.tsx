import { MeetingListPage } from './MeetingListPage';

/** /meeting/zbMeetingList */
export default function ZbMeetingListPage() {
  return <MeetingListPage kind="ZB" />;
}
