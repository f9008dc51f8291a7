/**
 * The attendee forms as data, with the server's rules (AddConfereesDto, ManageConfereeDto): at least
 * one person, at most 50, and at least one meeting type of ZB / BS, no type twice.
 */
import { VOTING_MEETING_KINDS, type VotingMeetingKind } from '@app/workflow';

export const ADD_MAX = 50;

export interface AddValues {
  userIds: string[];
  meetingKinds: string[];
}

export type ConfereeErrors = Partial<Record<'userIds' | 'meetingKinds', 'required' | 'tooMany' | 'invalid'>>;

function kindsProblem(kinds: string[]): 'required' | 'invalid' | null {
  if (kinds.length === 0) return 'required';
  const valid = kinds.every((k) => (VOTING_MEETING_KINDS as readonly string[]).includes(k)) && new Set(kinds).size === kinds.length;
  return valid ? null : 'invalid';
}

export function addErrors(values: AddValues): ConfereeErrors {
  const errors: ConfereeErrors = {};
  if (values.userIds.length === 0) errors.userIds = 'required';
  else if (values.userIds.length > ADD_MAX) errors.userIds = 'tooMany';
  const kinds = kindsProblem(values.meetingKinds);
  if (kinds) errors.meetingKinds = kinds;
  return errors;
}

export function manageErrors(values: { meetingKinds: string[] }): ConfereeErrors {
  const kinds = kindsProblem(values.meetingKinds);
  return kinds ? { meetingKinds: kinds } : {};
}

export function asKinds(kinds: string[]): VotingMeetingKind[] {
  return VOTING_MEETING_KINDS.filter((k) => kinds.includes(k));
}
