import { MeetingDetailPage } from './MeetingDetailPage';

/** /meeting/zbMeetingDetail/:encryptId */
export default function ZbMeetingDetailPage() {
  return <MeetingDetailPage kind="ZB" />;
}
