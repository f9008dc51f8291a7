import { describe, expect, it } from 'vitest';
import { addErrors, asKinds, manageErrors } from './conferee-form';

describe('attendee forms', () => {
  it('need people and at least one meeting type', () => {
    expect(addErrors({ userIds: [], meetingKinds: [] })).toEqual({ userIds: 'required', meetingKinds: 'required' });
    expect(addErrors({ userIds: Array.from({ length: 51 }, (_, i) => `u${i}`), meetingKinds: ['ZB'] })).toEqual({ userIds: 'tooMany' });
    expect(addErrors({ userIds: ['u1'], meetingKinds: ['ZB', 'XX'] })).toEqual({ meetingKinds: 'invalid' });
    expect(addErrors({ userIds: ['u1'], meetingKinds: ['BS', 'ZB'] })).toEqual({});
    expect(manageErrors({ meetingKinds: [] })).toEqual({ meetingKinds: 'required' });
    expect(manageErrors({ meetingKinds: ['BS'] })).toEqual({});
  });

  it('sends the types in their fixed order', () => {
    expect(asKinds(['BS', 'ZB'])).toEqual(['ZB', 'BS']);
  });
});
