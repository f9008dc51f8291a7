import { Alert, Button, Center, Group, Stack } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '@/api/http';
import { FullPageLoader } from '@/ui/FullPageLoader';
import { HOME_PATH, LOGIN_PATH } from '@/navigation/paths';
import { useSession } from '@/features/auth/session';
import { getAccessToken } from '@/lib/storage';

/** Where the sign-in page sends the user back to after signing in. */
export function loginPathFor(from: string): string {
  return from && from !== HOME_PATH ? `${LOGIN_PATH}?redirect=${encodeURIComponent(from)}` : LOGIN_PATH;
}

/** Only the server saying the token is dead ends a session; an aborted request, a network error or a 5xx does not. */
export function endsSession(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * Spec section 2: no token -> /login; first navigation with a token loads the current user, then the
 * allowed routes exist and the navigation goes on. Only a 401 on that load clears the session -> /login:
 * a reload during start-up aborts the request, and that must not sign the user out; any other
 * failure keeps the token and offers a retry.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const token = getAccessToken();
  const { status, load, clear } = session;
  const [loadError, setLoadError] = useState<string | null>(null);

  const attempt = useCallback(() => {
    setLoadError(null);
    load().catch((error: unknown) => {
      if (endsSession(error)) {
        clear();
        void navigate(LOGIN_PATH, { replace: true });
      } else {
        setLoadError(error instanceof ApiError && error.message ? error.message : t('http.systemError'));
      }
    });
  }, [load, clear, navigate, t]);

  useEffect(() => {
    if (token && status === 'idle') attempt();
  }, [token, status, attempt]);

  if (!token) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  if (status === 'ready' && session.user) return <>{children}</>;
  if (status === 'failed') {
    return (
      <Center h="100vh" p="md">
        <Stack maw={480} gap="md">
          <Alert color="red" title={t('auth.loadUserFailed')} data-testid="session-load-error">
            {loadError ?? t('http.systemError')}
          </Alert>
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                clear();
                void navigate(loginPathFor(location.pathname + location.search), { replace: true });
              }}
            >
              {t('auth.loadUserSignIn')}
            </Button>
            <Button onClick={attempt}>{t('auth.loadUserRetry')}</Button>
          </Group>
        </Stack>
      </Center>
    );
  }
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
