/**
 * The signed-in user (spec sections 3-4): loaded once on the first navigation with a token; its
 * roles, perms and authorityList decide routes and buttons. Kept in React context, nothing global.
 */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { clearSessionTokens, clearStorage } from '@/lib/storage';
import { setCompanyTimeZone } from '@/lib/format';
import { fetchCurrentUser, logout } from './auth-api';
import type { CurrentUser } from './types';

export type SessionStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface Session {
  status: SessionStatus;
  user: CurrentUser | null;
  /** Loads the current user; concurrent calls share one request. */
  load: () => Promise<CurrentUser>;
  /** Forgets the user and the tokens (only on a 401: an aborted or failed info load keeps them). */
  clear: () => void;
  /** Local update after the user changed their own profile. */
  updateUser: (patch: Partial<CurrentUser>) => void;
  /** POST logout, then clear ALL local storage (spec section 4). Navigation is the caller's. */
  signOut: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

/** The current-user request main.tsx starts before React renders (with a token); the first load takes it. */
let bootLoad: Promise<CurrentUser> | null = null;

/** Starts the current-user request now, beside the page's code, instead of after the first render. */
export function startCurrentUserLoad(): void {
  bootLoad = fetchCurrentUser();
  // Its failure is handled by the load that takes it (the guard); none is left unhandled meanwhile.
  bootLoad.catch(() => undefined);
}

function takeBootLoad(): Promise<CurrentUser> | null {
  const started = bootLoad;
  bootLoad = null;
  return started;
}

export function SessionProvider({ children, initialUser = null }: { children: ReactNode; initialUser?: CurrentUser | null }) {
  const [status, setStatus] = useState<SessionStatus>(initialUser ? 'ready' : 'idle');
  const [user, setUser] = useState<CurrentUser | null>(initialUser);
  const pending = useRef<Promise<CurrentUser> | null>(null);

  const load = useCallback(() => {
    if (pending.current) return pending.current;
    setStatus('loading');
    const promise = (takeBootLoad() ?? fetchCurrentUser())
      .then((loaded) => {
        // Before any page renders a time: they are all shown in the company's zone.
        setCompanyTimeZone(loaded.companyTimeZone);
        setUser(loaded);
        setStatus('ready');
        return loaded;
      })
      .catch((error: unknown) => {
        setUser(null);
        setStatus('failed');
        throw error;
      })
      .finally(() => {
        pending.current = null;
      });
    pending.current = promise;
    return promise;
  }, []);

  const clear = useCallback(() => {
    clearSessionTokens();
    setUser(null);
    setStatus('idle');
  }, []);

  const updateUser = useCallback((patch: Partial<CurrentUser>) => {
    setUser((current) => (current ? { ...current, ...patch } : current));
  }, []);

  const signOut = useCallback(async () => {
    await logout();
    clearStorage();
    setUser(null);
    setStatus('idle');
  }, []);

  const value = useMemo<Session>(() => ({ status, user, load, clear, updateUser, signOut }), [status, user, load, clear, updateUser, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
