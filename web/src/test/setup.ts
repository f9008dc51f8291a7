import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import i18n from '@/i18n';
import en from '@/i18n/en';

// The app fetches English when first wanted; tests switch languages at will: have it at once.
i18n.addResourceBundle('en', 'translation', en);

// Lazy route chunks take seconds to load on a loaded 2-core machine: wait longer than the 1 s default.
configure({ asyncUtilTimeout: 10000 });

// jsdom lacks the browser APIs Mantine measures with.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      // As in browsers, an empty query matches (mantine-datatable asks it for cells without a breakpoint).
      matches: query.trim() === '',
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => {};
// jsdom only logs "not implemented" for it (route changes scroll to the top): a no-op keeps the output readable.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// nprogress ends its bar on timers (fade, then remove): a file whose last navigation started the bar must let
// them run before jsdom goes, or they fire into a torn-down window ("document is not defined").
afterAll(async () => {
  await vi.waitFor(() => {
    if (document.getElementById('nprogress')) throw new Error('the navigation bar is still fading out');
  }, 3000);
});
