import { VoteListPage } from './VoteListPage';

/** /process/bsMeetingVoteList */
export default function BsVoteListPage() {
  return <VoteListPage kind="BS" />;
}
