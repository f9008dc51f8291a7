import { VOTE_COMMENT_MAX } from '@app/workflow';
import { describe, expect, it } from 'vitest';
import { isResolutionResult, voteErrors, votePayload } from './vote-form';

describe('vote form', () => {
  it('needs an opinion of the machine and keeps the comment short', () => {
    expect(voteErrors({ opinion: null, comment: '' })).toEqual({ opinion: 'choose' });
    expect(voteErrors({ opinion: 'MAYBE' as never, comment: '' })).toEqual({ opinion: 'choose' });
    expect(voteErrors({ opinion: 'AGREE', comment: 'x'.repeat(VOTE_COMMENT_MAX + 1) })).toEqual({ comment: 'tooLong' });
    expect(voteErrors({ opinion: 'ABSTAIN', comment: '' })).toEqual({});
  });

  it('sends the comment only when one was written', () => {
    expect(votePayload('m1', { opinion: 'AGREE', comment: '   ' })).toEqual({ meetingId: 'm1', opinion: 'AGREE' });
    expect(votePayload('m1', { opinion: 'DISAGREE', comment: ' 担保物不足 ' })).toEqual({ meetingId: 'm1', opinion: 'DISAGREE', comment: '担保物不足' });
  });

  it('settles a resolution only as passed or failed', () => {
    expect(isResolutionResult('PASSED')).toBe(true);
    expect(isResolutionResult('FAIL')).toBe(true);
    expect(isResolutionResult('PENGING_RESOLUTION')).toBe(false);
    expect(isResolutionResult(null)).toBe(false);
  });
});
