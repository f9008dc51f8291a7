import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './app/global.css';
import { i18nReady } from './i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router/AppRouter';
import { startCurrentUserLoad } from './features/auth/session';
import { startFirstPageEarly } from './features/loan-list/first-page';
import { ensureSettingDefaults, getAccessToken } from './lib/storage';

ensureSettingDefaults();

// Signed in: the current user, the shell's code, the page's code and a list page's first rows are
// fetched at once, before the first render, rather than one after the other (user, shell, page, rows).
if (getAccessToken()) {
  startCurrentUserLoad();
  startFirstPageEarly(window.location);
  void import('./app/shell/Shell').catch(() => undefined);
  void import('./app/boot-preload').then((boot) => boot.preloadPageOf(window.location.pathname)).catch(() => undefined);
}

// Chinese is bundled (at once); an English session waits for its words, fetched beside the rest above.
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  ),
);
