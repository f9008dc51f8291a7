import { describe, expect, it } from 'vitest';
import { clearLocalDraft, newestDraft, readLocalDraft, writeLocalDraft, type LocalDraft } from './local-draft';

const draft = (over: Partial<LocalDraft> = {}): LocalDraft => ({
  userId: 'u1',
  loanId: 'loan-1',
  type: 'REPORT',
  content: { companyBasics: { history: '草稿' } },
  baseVersion: 2,
  savedAt: '2026-11-21T08:00:00.000Z',
  ...over,
});

describe('the copy on this device', () => {
  it('is kept per user, loan and type, in localStorage and sessionStorage', () => {
    writeLocalDraft(draft());
    expect(readLocalDraft('u1', 'loan-1', 'REPORT')).toEqual(draft());
    expect(readLocalDraft('u2', 'loan-1', 'REPORT')).toBeNull();
    expect(readLocalDraft('u1', 'loan-1', 'CLIENT')).toBeNull();
    // An expired session clears localStorage: the tab's sessionStorage still holds the draft.
    window.localStorage.clear();
    expect(readLocalDraft('u1', 'loan-1', 'REPORT')?.content).toEqual({ companyBasics: { history: '草稿' } });
    clearLocalDraft('u1', 'loan-1', 'REPORT');
    expect(readLocalDraft('u1', 'loan-1', 'REPORT')).toBeNull();
  });

  it('answers the newer copy when the two stores differ, and ignores junk', () => {
    window.sessionStorage.setItem('loanDataDraft:u1:loan-1:REPORT', JSON.stringify(draft({ savedAt: '2026-11-21T09:00:00.000Z', content: { a: { x: 1 } } })));
    window.localStorage.setItem('loanDataDraft:u1:loan-1:REPORT', JSON.stringify(draft()));
    expect(readLocalDraft('u1', 'loan-1', 'REPORT')?.content).toEqual({ a: { x: 1 } });
    window.sessionStorage.setItem('loanDataDraft:u1:loan-1:REPORT', '{not json');
    expect(readLocalDraft('u1', 'loan-1', 'REPORT')?.content).toEqual(draft().content);
    window.sessionStorage.clear();
  });

  it('picks the newest of the server draft and the device copy', () => {
    const server = { content: { a: { x: 'server' } }, baseVersion: 2, savedAt: '2026-11-21T08:30:00.000Z' };
    expect(newestDraft(server, draft())?.source).toBe('server');
    expect(newestDraft(server, draft({ savedAt: '2026-11-21T08:45:00.000Z' }))?.source).toBe('device');
    expect(newestDraft(null, null)).toBeNull();
  });
});
