import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { FullPageLoader } from '@/app/components/FullPageLoader';
import { HOME_PATH, LOGIN_PATH } from '@/app/routes/paths';
import { useSession } from '@/features/auth/session';
import { getAccessToken } from '@/lib/storage';

/** Where the sign-in page sends the user back to after signing in. */
export function loginPathFor(from: string): string {
  return from && from !== HOME_PATH ? `${LOGIN_PATH}?redirect=${encodeURIComponent(from)}` : LOGIN_PATH;
}

/**
 * Spec section 2: no token -> /login; first navigation with a token loads the current user, then the
 * allowed routes exist and the navigation goes on; if that load fails the session is cleared -> /login.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const token = getAccessToken();
  const { status, load, clear } = session;

  useEffect(() => {
    if (!token || status !== 'idle') return;
    load().catch(() => {
      clear();
      void navigate(LOGIN_PATH, { replace: true });
    });
  }, [token, status, load, clear, navigate]);

  if (!token) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  if (status === 'ready' && session.user) return <>{children}</>;
  return <FullPageLoader label={t('auth.loadingUser')} />;
}

/** Spec section 2: with a token, /login redirects to /. */
export function PublicOnly({ children }: { children: ReactNode }) {
  if (getAccessToken()) return <Navigate to={HOME_PATH} replace />;
  return <>{children}</>;
}

/** /redirect/<path>: lands on /<path> (used to re-enter a page from scratch). */
export function RedirectRoute() {
  const params = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${params['*'] ?? ''}${search}`} replace />;
}
