import { createContext, useContext } from 'react';
import type { ResolvedRoute } from './types';

/** The route a page is rendered for (each kept-alive tag knows its own). */
export const CurrentRouteContext = createContext<ResolvedRoute | null>(null);

export function useCurrentRoute(): ResolvedRoute | null {
  return useContext(CurrentRouteContext);
}
