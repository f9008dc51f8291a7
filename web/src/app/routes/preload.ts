import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

/** A lazy page whose code can be fetched before React renders it. */
export type PreloadablePage = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/**
 * React.lazy plus `preload()`: the same import, started early (at boot, beside the current-user
 * request); React's own call later gets the module the browser already fetched.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): PreloadablePage {
  return Object.assign(lazy(load), { preload: load });
}
