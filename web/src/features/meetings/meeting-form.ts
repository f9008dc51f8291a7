/**
 * The "add a meeting" form as data: starting values, the same checks as the server
 * (`validateMeetingDraft` of @app/workflow) and the body to send. Pure, so it is unit-tested alone.
 */
import { defaultVoteRule, validateMeetingDraft, type MeetingIssueKey, type VoteRule, type VotingMeetingKind } from '@app/workflow';
import type { CreateMeetingBody } from './meetings-api';
import { companyWallTimeToIso } from '@/lib/format';

/** Fractions offered for quorum and threshold: exact values (two thirds stays 2/3, not 0.6667). */
export const FRACTIONS = ['1/3', '1/2', '3/5', '2/3', '3/4', '4/5', '1'] as const;
export type Fraction = (typeof FRACTIONS)[number];

export function fractionValue(fraction: string): number {
  const [a, b = '1'] = fraction.split('/');
  return Number(a) / Number(b);
}

/** The preset closest to a value (a default rule's fractions are all presets). */
export function fractionOf(value: number): Fraction {
  return FRACTIONS.reduce((best, f) => (Math.abs(fractionValue(f) - value) < Math.abs(fractionValue(best) - value) ? f : best), FRACTIONS[0]);
}

export interface MeetingFormValues {
  title: string;
  /** As a datetime-local input gives it: YYYY-MM-DDTHH:mm, in the browser's time zone. */
  heldAt: string;
  place: string;
  attendeeIds: string[];
  /** Off: the type's default rule applies (nothing is sent). */
  customRule: boolean;
  quorum: Fraction;
  passThreshold: Fraction;
  base: VoteRule['base'];
  passWhen: VoteRule['passWhen'];
  onTie: VoteRule['onTie'];
}

export type MeetingField = 'title' | 'heldAt' | 'place' | 'attendeeIds' | 'rule';
export type MeetingFormErrors = Partial<Record<MeetingField, MeetingIssueKey>>;

export function initialMeetingValues(kind: VotingMeetingKind): MeetingFormValues {
  const rule = defaultVoteRule(kind);
  return {
    title: '',
    heldAt: '',
    place: '',
    attendeeIds: [],
    customRule: false,
    quorum: fractionOf(rule.quorum),
    passThreshold: fractionOf(rule.passThreshold),
    base: rule.base,
    passWhen: rule.passWhen,
    onTie: rule.onTie,
  };
}

/** The picked wall time (the company's zone, not the browser's) as an ISO time; '' when it is no time. */
export function localToIso(local: string): string {
  return companyWallTimeToIso(local);
}

export function ruleOf(values: MeetingFormValues): VoteRule | undefined {
  if (!values.customRule) return undefined;
  return {
    quorum: fractionValue(values.quorum),
    passThreshold: fractionValue(values.passThreshold),
    base: values.base,
    passWhen: values.passWhen,
    onTie: values.onTie,
  };
}

export function toMeetingBody(values: MeetingFormValues): CreateMeetingBody {
  const rule = ruleOf(values);
  return {
    title: values.title.trim(),
    heldAt: localToIso(values.heldAt),
    place: values.place.trim(),
    attendeeIds: values.attendeeIds,
    ...(rule ? { rule } : {}),
  };
}

/** The first problem of each field, language-free (the form words them as meetings.form.errors.<key>). */
export function meetingFormErrors(values: MeetingFormValues): MeetingFormErrors {
  const body = toMeetingBody(values);
  const issues = validateMeetingDraft({ ...body, heldAt: values.heldAt === '' ? '' : body.heldAt || 'invalid' });
  const errors: MeetingFormErrors = {};
  for (const issue of issues) errors[issue.field] ??= issue.key;
  return errors;
}
