import { createContext, useContext } from 'react';
import type { ResolvedRoute } from './types';

/**
 * The routes the signed-in user may open, as the shell resolved them. Pages read them here: importing
 * the route table would import every page, the reader among them, in a circle.
 */
export const AllowedRoutesContext = createContext<readonly ResolvedRoute[]>([]);

export function useAllowedRouteList(): readonly ResolvedRoute[] {
  return useContext(AllowedRoutesContext);
}
