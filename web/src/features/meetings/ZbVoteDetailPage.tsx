import { VoteDetailPage } from './VoteDetailPage';

/** /process/zbMeetingVoteDetail/:encryptId */
export default function ZbVoteDetailPage() {
  return <VoteDetailPage kind="ZB" />;
}
