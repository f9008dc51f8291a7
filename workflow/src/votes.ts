/**
 * Vote rules as data, one per meeting type, and the tally that turns a meeting's votes into its
 * result. The meeting's rule is copied into the loan's context when the loan is allocated to the
 * meeting, so a later change of the defaults never changes the outcome of a meeting already held.
 *
 * Semantics (what each field means, decided here):
 * - `quorum`: the fraction of attendees who must have voted for the meeting to decide anything.
 *   ABSTAIN counts towards the quorum (the attendee took part), absence does not.
 *   Quorum missing -> PENGING_RESOLUTION (the meeting settles it later with UPDATE_RESOLUTION).
 * - `base`: what the AGREE votes are measured against.
 *   'cast': AGREE + DISAGREE (abstentions left out); 'attendees': every attendee, so abstaining or not
 *   voting weighs like DISAGREE.
 * - `passThreshold` with `passWhen`: 'above' needs strictly more than the fraction (simple majority is
 *   0.5 'above'); 'atLeast' accepts the fraction itself (two thirds is 2/3 'atLeast').
 * - `onTie`: under 'above', AGREE exactly on the threshold (2 for, 2 against) is a tie; the rule says
 *   whether a tie fails or waits for a resolution. ('atLeast' has no ties: the threshold passes.)
 * - Nobody on the base (everyone abstained under 'cast') -> PENGING_RESOLUTION: nothing was decided.
 *
 * The status key keeps the spec's spelling: PENGING_RESOLUTION.
 */

import type { VoteOpinion } from './events';

export const MEETING_TYPES = ['GENERAL_OFFICE', 'REVIEW_COMMITTEE'] as const;
export type MeetingType = (typeof MEETING_TYPES)[number];

export type VoteResult = 'PASSED' | 'FAIL' | 'PENGING_RESOLUTION';

export interface VoteRule {
  quorum: number;
  passThreshold: number;
  base: 'cast' | 'attendees';
  passWhen: 'above' | 'atLeast';
  onTie: 'FAIL' | 'PENGING_RESOLUTION';
}

export const DEFAULT_VOTE_RULES: Readonly<Record<MeetingType, VoteRule>> = {
  /** Simple majority of the votes cast, with half of the attendees voting. */
  GENERAL_OFFICE: { quorum: 1 / 2, passThreshold: 1 / 2, base: 'cast', passWhen: 'above', onTie: 'PENGING_RESOLUTION' },
  /** Two thirds of all attendees agree; two thirds must take part for a refusal to stand. */
  REVIEW_COMMITTEE: { quorum: 2 / 3, passThreshold: 2 / 3, base: 'attendees', passWhen: 'atLeast', onTie: 'FAIL' },
};

/** A vote as kept in the loan's context, keyed by attendee id. */
export interface RecordedVote {
  opinion: VoteOpinion;
  comment?: string;
  at: string;
}

export type VotesByAttendee = Readonly<Record<string, Pick<RecordedVote, 'opinion'>>>;

export interface VoteCounts {
  attendees: number;
  voted: number;
  agree: number;
  disagree: number;
  abstain: number;
}

/** Counts only the votes of attendees; anything else in `votes` is ignored. */
export function countVotes(votes: VotesByAttendee, attendees: readonly string[]): VoteCounts {
  const counts: VoteCounts = { attendees: attendees.length, voted: 0, agree: 0, disagree: 0, abstain: 0 };
  for (const attendee of new Set(attendees)) {
    const vote = Object.prototype.hasOwnProperty.call(votes, attendee) ? votes[attendee] : undefined;
    if (!vote) continue;
    counts.voted += 1;
    if (vote.opinion === 'AGREE') counts.agree += 1;
    else if (vote.opinion === 'DISAGREE') counts.disagree += 1;
    else counts.abstain += 1;
  }
  return counts;
}

// Fractions such as 2/3 are not exact in binary; counts are small integers, so a tiny tolerance
// makes "4 of 6 is two thirds" hold.
const EPSILON = 1e-9;

export function tally(votes: VotesByAttendee, attendees: readonly string[], rule: VoteRule): VoteResult {
  const counts = countVotes(votes, attendees);
  if (counts.attendees === 0) return 'PENGING_RESOLUTION';
  if (counts.voted < rule.quorum * counts.attendees - EPSILON) return 'PENGING_RESOLUTION';

  const base = rule.base === 'cast' ? counts.agree + counts.disagree : counts.attendees;
  if (base === 0) return 'PENGING_RESOLUTION';

  const needed = rule.passThreshold * base;
  if (rule.passWhen === 'atLeast') return counts.agree >= needed - EPSILON ? 'PASSED' : 'FAIL';
  if (counts.agree > needed + EPSILON) return 'PASSED';
  if (Math.abs(counts.agree - needed) <= EPSILON) return rule.onTie;
  return 'FAIL';
}

/** Problems with a rule given in an allocation (empty when the rule is usable). */
export function validateVoteRule(rule: unknown): string[] {
  if (typeof rule !== 'object' || rule === null) return ['rule must be an object'];
  const r = rule as Partial<Record<keyof VoteRule, unknown>>;
  const problems: string[] = [];
  const isFraction = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x > 0 && x <= 1;
  if (!isFraction(r.quorum)) problems.push('quorum must be a fraction in (0, 1]');
  if (!isFraction(r.passThreshold)) problems.push('passThreshold must be a fraction in (0, 1]');
  if (r.base !== 'cast' && r.base !== 'attendees') problems.push("base must be 'cast' or 'attendees'");
  if (r.passWhen !== 'above' && r.passWhen !== 'atLeast') problems.push("passWhen must be 'above' or 'atLeast'");
  if (r.onTie !== 'FAIL' && r.onTie !== 'PENGING_RESOLUTION') problems.push("onTie must be 'FAIL' or 'PENGING_RESOLUTION'");
  // Strictly more than everyone can never happen: such a rule could never pass.
  if (r.passWhen === 'above' && r.passThreshold === 1) problems.push("passThreshold 1 with passWhen 'above' can never pass");
  const known = new Set<string>(['quorum', 'passThreshold', 'base', 'passWhen', 'onTie']);
  for (const key of Object.keys(r)) if (!known.has(key)) problems.push(`unknown rule field ${key}`);
  return problems;
}
