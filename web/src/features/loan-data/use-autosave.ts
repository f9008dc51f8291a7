/**
 * Autosave of what is being typed: every change is copied to this device at once (local-draft.ts),
 * and sent to the server as the user's draft after a pause in typing. A pending draft is sent when
 * the page goes away (tag closed); a save waits for a draft in flight so the two never cross.
 */
import type { DataType, LoanDataContent } from '@app/workflow';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/api/http';
import { saveDraft } from './loan-data-api';
import { onlySections } from './form-state';
import { clearLocalDraft, writeLocalDraft } from './local-draft';

export const AUTOSAVE_DELAY_MS = 1500;

export type AutosaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'device';

export interface AutosaveStatus {
  state: AutosaveState;
  /** When the last copy was kept (server draft for 'saved', this device for 'device'). */
  at: string | null;
  sessionExpired: boolean;
}

export interface AutosaveOptions {
  enabled: boolean;
  userId: string;
  loanId: string;
  type: DataType;
  /** The saved version the edits start from. */
  baseVersion: number;
  /** The sections this user edits (a draft carries only those). */
  sections: readonly string[];
  delayMs?: number;
}

export function useAutosave(options: AutosaveOptions) {
  const [status, setStatus] = useState<AutosaveStatus>({ state: 'idle', at: null, sessionExpired: false });
  const opts = useRef(options);
  opts.current = options;
  const pending = useRef<LoanDataContent | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);
  const mounted = useRef(true);

  const set = (next: AutosaveStatus) => {
    if (mounted.current) setStatus(next);
  };

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const content = pending.current;
    if (!content) return inFlight.current ?? undefined;
    pending.current = null;
    const { loanId, type, baseVersion, sections } = opts.current;
    set({ state: 'saving', at: null, sessionExpired: false });
    const request = saveDraft(loanId, type, onlySections(content, sections), baseVersion)
      .then((answer) => set({ state: 'saved', at: answer.savedAt, sessionExpired: false }))
      .catch((error: unknown) => {
        // The copy on this device holds it; say so (and whether signing in again is needed).
        set({ state: 'device', at: new Date().toISOString(), sessionExpired: error instanceof ApiError && error.isSessionExpired });
      })
      .finally(() => {
        if (inFlight.current === request) inFlight.current = null;
      });
    inFlight.current = request;
    return request;
  }, []);

  /** Records a change: on this device now, on the server after a pause. */
  const change = useCallback(
    (content: LoanDataContent) => {
      const { enabled, userId, loanId, type, baseVersion, delayMs } = opts.current;
      if (!enabled) return;
      writeLocalDraft({ userId, loanId, type, content, baseVersion, savedAt: new Date().toISOString() });
      pending.current = content;
      set({ state: 'pending', at: null, sessionExpired: false });
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), delayMs ?? AUTOSAVE_DELAY_MS);
    },
    [flush],
  );

  /** Before a save: nothing pending, nothing in flight (the save then removes the server draft). */
  const settle = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
    await inFlight.current;
  }, []);

  /** After a save or a discard: the device copy goes too. */
  const reset = useCallback(() => {
    const { userId, loanId, type } = opts.current;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
    clearLocalDraft(userId, loanId, type);
    set({ state: 'idle', at: null, sessionExpired: false });
  }, []);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      // The tag is closed (or the page replaced): send what is pending now.
      if (pending.current) void flush();
    };
  }, [flush]);

  return { status, change, flush, settle, reset };
}
