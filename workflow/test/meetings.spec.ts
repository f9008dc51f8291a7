import {
  ATTACHMENT_KIND_LABELS,
  ATTACHMENT_KINDS,
  ATTACHMENT_MAX_BYTES,
  DEFAULT_VOTE_RULES,
  describeVoteRule,
  defaultVoteRule,
  EVENT_PERMISSIONS,
  isPermissionKey,
  MEETING_EVENTS,
  MEETING_PERMISSIONS,
  MEETING_STATUSES,
  MEETING_STEP_FROM,
  meetingStepAllowed,
  MINUTES_FILE_TYPES,
  percent,
  uploadProblem,
  validateMeetingDraft,
  VOTE_PERMISSIONS,
  VOTING_MEETING_KINDS,
  YS_MEETING_PERMISSIONS,
} from '../src/index';

const draft = { title: '第一次总办会', heldAt: '2026-11-21T09:30:00+08:00', place: '三楼会议室', attendeeIds: ['a', 'b', 'c'] };

describe('meeting domain data', () => {
  it('names only permission codes of the tree, and each meeting event needs the code of its meeting step', () => {
    for (const kind of VOTING_MEETING_KINDS) {
      for (const key of [...Object.values(MEETING_PERMISSIONS[kind]), ...Object.values(VOTE_PERMISSIONS[kind]).flat()]) expect(isPermissionKey(key)).toBe(true);
      const events = MEETING_EVENTS[kind];
      const perms = MEETING_PERMISSIONS[kind];
      expect(EVENT_PERMISSIONS[events.allocate]).toBe(perms.allocate);
      expect(EVENT_PERMISSIONS[events.cancelAllocation]).toBe(perms.cancelAllocation);
      expect(EVENT_PERMISSIONS[events.start]).toBe(perms.start);
      expect(EVENT_PERMISSIONS[events.end]).toBe(perms.end);
      expect(EVENT_PERMISSIONS[events.cancel]).toBe(perms.cancel);
      expect(EVENT_PERMISSIONS[events.resolution]).toBe(perms.updateResolution);
      expect(EVENT_PERMISSIONS[events.vote]).toBe(VOTE_PERMISSIONS[kind].vote);
    }
    for (const key of Object.values(YS_MEETING_PERMISSIONS)) expect(isPermissionKey(key)).toBe(true);
  });

  it('allows each meeting step only from its statuses', () => {
    expect(meetingStepAllowed('PREPARATION', 'start')).toBe(true);
    expect(meetingStepAllowed('CANCEL', 'start')).toBe(false);
    expect(meetingStepAllowed('START', 'end')).toBe(true);
    expect(meetingStepAllowed('END', 'cancel')).toBe(false);
    expect(meetingStepAllowed('START', 'allocate')).toBe(false);
    for (const statuses of Object.values(MEETING_STEP_FROM)) for (const s of statuses) expect(MEETING_STATUSES).toContain(s);
  });

  it('gives every attachment kind words in both languages', () => {
    expect(ATTACHMENT_KINDS).toHaveLength(13);
    for (const kind of ATTACHMENT_KINDS) {
      expect(ATTACHMENT_KIND_LABELS[kind].zh).toBeTruthy();
      expect(ATTACHMENT_KIND_LABELS[kind].en).toBeTruthy();
    }
  });

  it('starts a meeting with the default rule of its type', () => {
    expect(defaultVoteRule('ZB')).toEqual(DEFAULT_VOTE_RULES.GENERAL_OFFICE);
    expect(defaultVoteRule('BS')).toEqual(DEFAULT_VOTE_RULES.REVIEW_COMMITTEE);
    expect(defaultVoteRule('ZB')).not.toBe(DEFAULT_VOTE_RULES.GENERAL_OFFICE);
  });

  it('describes a rule in words', () => {
    expect(percent(2 / 3)).toBe('66.67%');
    expect(percent(0.5)).toBe('50%');
    const zb = describeVoteRule(DEFAULT_VOTE_RULES.GENERAL_OFFICE);
    expect(zb.zh).toBe('投票人数须达参会人员的 50%；同意票超过有效票（同意+不同意）的 50% 为通过；恰好持平为待决议');
    expect(describeVoteRule(DEFAULT_VOTE_RULES.REVIEW_COMMITTEE).en).toContain('at least 66.67% of all attendees');
  });
});

describe('validateMeetingDraft (the meeting form, client and server)', () => {
  it('accepts a complete draft with or without a rule', () => {
    expect(validateMeetingDraft(draft)).toEqual([]);
    expect(validateMeetingDraft({ ...draft, rule: DEFAULT_VOTE_RULES.REVIEW_COMMITTEE })).toEqual([]);
    expect(validateMeetingDraft({ ...draft, rule: null })).toEqual([]);
  });

  it.each([
    ['empty title', { title: '  ' }, 'title', 'required'],
    ['long title', { title: 'x'.repeat(101) }, 'title', 'tooLong'],
    ['no time', { heldAt: '' }, 'heldAt', 'required'],
    ['time without a zone', { heldAt: '2026-11-21T09:30' }, 'heldAt', 'time'],
    ['time that is no time', { heldAt: '2026-13-45T09:30:00Z' }, 'heldAt', 'time'],
    ['no place', { place: '' }, 'place', 'required'],
    ['no attendee', { attendeeIds: [] }, 'attendeeIds', 'attendeesRequired'],
    ['an attendee twice', { attendeeIds: ['a', 'a'] }, 'attendeeIds', 'attendeesDistinct'],
    ['too many attendees', { attendeeIds: Array.from({ length: 51 }, (_, i) => `p${i}`) }, 'attendeeIds', 'attendeesTooMany'],
    ['a quorum above one', { rule: { ...DEFAULT_VOTE_RULES.GENERAL_OFFICE, quorum: 1.5 } }, 'rule', 'rule'],
    ['a rule that can never pass', { rule: { ...DEFAULT_VOTE_RULES.GENERAL_OFFICE, passThreshold: 1 } }, 'rule', 'rule'],
  ])('refuses %s', (_name, change, field, key) => {
    expect(validateMeetingDraft({ ...draft, ...change } as never)).toEqual([expect.objectContaining({ field, key })]);
  });
});

describe('uploadProblem (what the picker checks before sending)', () => {
  it("checks size and the name's type", () => {
    expect(uploadProblem({ name: '纪要.PDF', size: 10 }, MINUTES_FILE_TYPES)).toBeNull();
    expect(uploadProblem({ name: 'photo.jpeg', size: 10 }, MINUTES_FILE_TYPES)).toBeNull();
    expect(uploadProblem({ name: 'sheet.xlsx', size: 10 }, MINUTES_FILE_TYPES)).toBe('wrongType');
    expect(uploadProblem({ name: 'noext', size: 10 }, MINUTES_FILE_TYPES)).toBe('wrongType');
    expect(uploadProblem({ name: 'a.pdf', size: 0 }, MINUTES_FILE_TYPES)).toBe('empty');
    expect(uploadProblem({ name: 'a.pdf', size: ATTACHMENT_MAX_BYTES }, MINUTES_FILE_TYPES)).toBeNull();
    expect(uploadProblem({ name: 'a.pdf', size: ATTACHMENT_MAX_BYTES + 1 }, MINUTES_FILE_TYPES)).toBe('tooLarge');
  });
});
