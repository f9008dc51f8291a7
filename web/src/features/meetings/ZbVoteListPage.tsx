import { VoteListPage } from './VoteListPage';

/** /process/zbMeetingVoteList */
export default function ZbVoteListPage() {
  return <VoteListPage kind="ZB" />;
}
