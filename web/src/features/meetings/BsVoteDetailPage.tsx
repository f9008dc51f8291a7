import { VoteDetailPage } from './VoteDetailPage';

/** /process/bsMeetingVoteDetail/:encryptId */
export default function BsVoteDetailPage() {
  return <VoteDetailPage kind="BS" />;
}
