import { MEETING_PERMISSIONS, YS_MEETING_PERMISSIONS, type MeetingKind, type PermissionKey } from '@app/workflow';
import { holds, type AuthUser } from '../auth/auth-user';
import { AppError } from '../common/errors';

type Holder = Pick<AuthUser, 'roles' | 'permissions'>;

/** What a stored file belongs to: a loan (its archive) or a meeting (its minutes). */
export type FileHolder = { loanId: string } | { meetingId: string; meetingKind: MeetingKind };

/**
 * The permission that lets a user see the holder, the same that opens it elsewhere: a loan's detail
 * (GET /loans/:id), a voting meeting's detail page of its kind, the pre-review sessions' list. A file
 * is shown and served only to those who may see what it belongs to, whichever route asks for it.
 */
export function permissionToSee(holder: FileHolder): PermissionKey {
  if ('loanId' in holder) return 'sys:loan:detail';
  return holder.meetingKind === 'YS' ? YS_MEETING_PERMISSIONS.list : MEETING_PERMISSIONS[holder.meetingKind].detail;
}

export function maySee(user: Holder, holder: FileHolder): boolean {
  return holds(user, permissionToSee(holder));
}

/** 403 (with the key that is missing) for a file of something the user may not see. */
export function assertMaySee(user: Holder, holder: FileHolder): void {
  if (!maySee(user, holder)) throw AppError.forbidden({ required: permissionToSee(holder) });
}

/** The meeting kinds whose minutes the user may see (to filter lists and archives). */
export function visibleMeetingKinds(user: Holder): MeetingKind[] {
  return (['YS', 'ZB', 'BS'] as const).filter((meetingKind) => maySee(user, { meetingId: '', meetingKind }));
}
