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
import { ensureSettingDefaults, getAccessToken } from './lib/storage';

ensureSettingDefaults();

// Signed in: the current user, the shell's code and the page's code are fetched at once, before the
// first render, rather than one after the other (user, then shell, then page).
if (getAccessToken()) {
  startCurrentUserLoad();
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
