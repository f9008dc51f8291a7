/**
 * The vote and the resolution as data: the same checks as the machine's payload description
 * (EVENT_PAYLOAD_FIELDS: an opinion of VOTE_OPINIONS, an optional comment; a result of
 * RESOLUTION_RESULTS), plus the comment's length. Pure, so it is unit-tested alone.
 */
import { isVoteOpinion, RESOLUTION_RESULTS, VOTE_COMMENT_MAX, type ResolutionResult, type VoteOpinion } from '@app/workflow';

export interface VoteValues {
  opinion: VoteOpinion | null;
  comment: string;
}

export type VoteErrors = Partial<Record<'opinion' | 'comment', 'choose' | 'tooLong'>>;

export function voteErrors(values: VoteValues): VoteErrors {
  const errors: VoteErrors = {};
  if (!isVoteOpinion(values.opinion)) errors.opinion = 'choose';
  if (values.comment.trim().length > VOTE_COMMENT_MAX) errors.comment = 'tooLong';
  return errors;
}

/** The CAST_VOTE payload: the comment only when one was written (the machine refuses an empty one). */
export function votePayload(meetingId: string, values: VoteValues): { meetingId: string; opinion: VoteOpinion; comment?: string } {
  const comment = values.comment.trim();
  return { meetingId, opinion: values.opinion as VoteOpinion, ...(comment ? { comment } : {}) };
}

export function isResolutionResult(value: unknown): value is ResolutionResult {
  return (RESOLUTION_RESULTS as readonly unknown[]).includes(value);
}
