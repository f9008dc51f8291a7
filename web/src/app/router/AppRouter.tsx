import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { FullPageLoader } from '@/ui/FullPageLoader';
import { PageErrorBoundary } from '@/ui/PageErrorBoundary';
import { LOGIN_PATH, PRIVACY_POLICY_PATH, REDIRECT_PREFIX, SERVICE_AGREEMENT_PATH } from '@/navigation/paths';
import { PublicOnly, RedirectRoute, RequireAuth } from './guards';
import { NavigationProgress, ScrollToTop } from '@/navigation/navigation-effects';

// Each top-level screen is its own chunk: the sign-in page does not download the shell.
const Shell = lazy(() => import('@/app/shell/Shell'));
const LoginPage = lazy(() => import('@/features/auth/LoginPage'));
const AgreementPage = lazy(() => import('@/features/agreements/AgreementPage'));

/**
 * History-mode router (base '/'). Public without a token (spec section 2): /login, /redirect/*,
 * /privacy-agreement/policy and /privacy-agreement/agreement; everything else is behind the guard.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <ScrollToTop />
      <NavigationProgress />
      <PageErrorBoundary>
        <Suspense fallback={<FullPageLoader />}>
          <Routes>
            <Route
              path={LOGIN_PATH}
              element={
                <PublicOnly>
                  <LoginPage />
                </PublicOnly>
              }
            />
            <Route path={PRIVACY_POLICY_PATH} element={<AgreementPage type="privacy" />} />
            <Route path={SERVICE_AGREEMENT_PATH} element={<AgreementPage type="service" />} />
            <Route path={`${REDIRECT_PREFIX}/*`} element={<RedirectRoute />} />
            <Route
              path="*"
              element={
                <RequireAuth>
                  <Shell />
                </RequireAuth>
              }
            />
          </Routes>
        </Suspense>
      </PageErrorBoundary>
    </BrowserRouter>
  );
}
