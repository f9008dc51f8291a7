/** Small shared pieces of the meeting pages: formatting and colours. */
import type { MeetingStatus, VoteOpinion, VoteResult } from '@app/workflow';

export const PAGE_SIZES = [10, 20, 50];

export const STATUS_COLORS: Record<MeetingStatus, string> = {
  PREPARATION: 'blue',
  START: 'orange',
  END: 'teal',
  CANCEL: 'gray',
};

export const RESULT_COLORS: Record<VoteResult | 'NOT_STARTED', string> = {
  NOT_STARTED: 'gray',
  PASSED: 'teal',
  FAIL: 'red',
  PENGING_RESOLUTION: 'yellow',
};

export const OPINION_COLORS: Record<VoteOpinion, string> = {
  AGREE: 'teal',
  DISAGREE: 'red',
  ABSTAIN: 'gray',
};
