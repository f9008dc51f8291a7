/**
 * The copy on this device of what is being typed, written on every change, so that nothing is lost
 * when a tag is closed, the page reloads or the server cannot be reached.
 *
 * Kept in localStorage (survives closing the browser) AND sessionStorage: spec section 8 clears ALL
 * local storage when an expired session is confirmed, but the tab's sessionStorage survives that, so
 * the draft is still there when the user signs in again in the same tab. Keys carry the user id: one
 * user never sees another's draft.
 */
import type { DataType, LoanDataContent } from '@app/workflow';

export const LOCAL_DRAFT_PREFIX = 'loanDataDraft';

export interface LocalDraft {
  userId: string;
  loanId: string;
  type: DataType;
  content: LoanDataContent;
  baseVersion: number;
  savedAt: string;
}

const keyOf = (userId: string, loanId: string, type: DataType) => `${LOCAL_DRAFT_PREFIX}:${userId}:${loanId}:${type}`;

function stores(): Storage[] {
  const out: Storage[] = [];
  try {
    out.push(window.localStorage);
  } catch {
    /* unavailable */
  }
  try {
    out.push(window.sessionStorage);
  } catch {
    /* unavailable */
  }
  return out;
}

function parse(text: string | null, userId: string, loanId: string, type: DataType): LocalDraft | null {
  if (!text) return null;
  try {
    const d = JSON.parse(text) as LocalDraft;
    const ok =
      d &&
      d.userId === userId &&
      d.loanId === loanId &&
      d.type === type &&
      typeof d.content === 'object' &&
      d.content !== null &&
      typeof d.savedAt === 'string';
    return ok ? d : null;
  } catch {
    return null;
  }
}

export function writeLocalDraft(draft: LocalDraft): void {
  const text = JSON.stringify(draft);
  for (const store of stores()) {
    try {
      store.setItem(keyOf(draft.userId, draft.loanId, draft.type), text);
    } catch {
      /* quota: the server draft still holds it */
    }
  }
}

/** The newest copy found in either store. */
export function readLocalDraft(userId: string, loanId: string, type: DataType): LocalDraft | null {
  const found = stores()
    .map((store) => {
      try {
        return parse(store.getItem(keyOf(userId, loanId, type)), userId, loanId, type);
      } catch {
        return null;
      }
    })
    .filter((d): d is LocalDraft => d !== null);
  found.sort((a, b) => Date.parse(b.savedAt) - Date.parse(a.savedAt));
  return found[0] ?? null;
}

export function clearLocalDraft(userId: string, loanId: string, type: DataType): void {
  for (const store of stores()) {
    try {
      store.removeItem(keyOf(userId, loanId, type));
    } catch {
      /* ignored */
    }
  }
}

export interface DraftCandidate {
  content: LoanDataContent;
  baseVersion: number;
  savedAt: string;
  source: 'server' | 'device';
}

/** The newest of the server's draft and this device's copy. */
export function newestDraft(
  server: { content: LoanDataContent; baseVersion: number; savedAt: string } | null,
  local: LocalDraft | null,
): DraftCandidate | null {
  const candidates: DraftCandidate[] = [];
  if (server) candidates.push({ ...server, source: 'server' });
  if (local) candidates.push({ content: local.content, baseVersion: local.baseVersion, savedAt: local.savedAt, source: 'device' });
  candidates.sort((a, b) => Date.parse(b.savedAt) - Date.parse(a.savedAt));
  return candidates[0] ?? null;
}
