import { DEFAULT_VOTE_RULES } from '@app/workflow';
import { describe, expect, it } from 'vitest';
import { fractionOf, fractionValue, initialMeetingValues, localToIso, meetingFormErrors, toMeetingBody, type MeetingFormValues } from './meeting-form';

const filled = (patch: Partial<MeetingFormValues> = {}): MeetingFormValues => ({
  ...initialMeetingValues('ZB'),
  title: '第一次总办会',
  heldAt: '2026-11-21T09:30',
  place: '三楼会议室',
  attendeeIds: ['u1', 'u2', 'u3'],
  ...patch,
});

describe('meeting form', () => {
  it('starts from the default rule of the meeting type, as exact fractions', () => {
    const zb = initialMeetingValues('ZB');
    expect(zb).toMatchObject({ customRule: false, quorum: '1/2', passThreshold: '1/2', base: 'cast', passWhen: 'above', onTie: 'PENGING_RESOLUTION' });
    const bs = initialMeetingValues('BS');
    expect(bs).toMatchObject({ quorum: '2/3', passThreshold: '2/3', base: 'attendees', passWhen: 'atLeast' });
    expect(fractionValue('2/3')).toBe(2 / 3);
    expect(fractionOf(DEFAULT_VOTE_RULES.REVIEW_COMMITTEE.passThreshold)).toBe('2/3');
  });

  it('accepts a complete form and sends no rule unless it is customised', () => {
    expect(meetingFormErrors(filled())).toEqual({});
    const body = toMeetingBody(filled({ title: '  第一次总办会  ' }));
    expect(body).toEqual({ title: '第一次总办会', heldAt: '2026-11-21T01:30:00.000Z', place: '三楼会议室', attendeeIds: ['u1', 'u2', 'u3'] });
    const custom = toMeetingBody(filled({ customRule: true, quorum: '2/3', passThreshold: '3/4', base: 'attendees', passWhen: 'atLeast' }));
    expect(custom.rule).toEqual({ quorum: 2 / 3, passThreshold: 3 / 4, base: 'attendees', passWhen: 'atLeast', onTie: 'PENGING_RESOLUTION' });
  });

  it('finds the same problems as the server, one per field', () => {
    expect(meetingFormErrors(filled({ title: '', place: ' ', heldAt: '', attendeeIds: [] }))).toEqual({
      title: 'required',
      place: 'required',
      heldAt: 'required',
      attendeeIds: 'attendeesRequired',
    });
    expect(meetingFormErrors(filled({ title: 'x'.repeat(101) }))).toEqual({ title: 'tooLong' });
    expect(meetingFormErrors(filled({ heldAt: '下周一' }))).toEqual({ heldAt: 'time' });
    expect(meetingFormErrors(filled({ attendeeIds: ['u1', 'u1'] }))).toEqual({ attendeeIds: 'attendeesDistinct' });
    // "More than 100%" can never pass.
    expect(meetingFormErrors(filled({ customRule: true, passThreshold: '1', passWhen: 'above' }))).toEqual({ rule: 'rule' });
    expect(meetingFormErrors(filled({ customRule: true, passThreshold: '1', passWhen: 'atLeast' }))).toEqual({});
  });

  it('reads datetime-local values only', () => {
    // A wall time of the company's zone (Asia/Shanghai, UTC+8), whatever the browser's zone.
    expect(localToIso('2026-11-21T09:30')).toBe('2026-11-21T01:30:00.000Z');
    expect(localToIso('2026-11-21 09:30:00')).toBe('2026-11-21T01:30:00.000Z');
    expect(localToIso('2026-11-21')).toBe('');
    expect(localToIso('2026-13-40T09:30')).toBe('');
  });
});
