import { MeetingDetailPage } from './MeetingDetailPage';

/** /meeting/bsMeetingDetail/:encryptId */
export default function BsMeetingDetailPage() {
  return <MeetingDetailPage kind="BS" />;
}
