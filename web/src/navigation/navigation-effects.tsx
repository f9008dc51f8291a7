import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { doneProgress, endQuietBoot, startProgress } from './progress';

/** Runs the progress bar for every navigation after the first load; lazy pages keep it running via <PageLoading>. */
export function NavigationProgress() {
  const { pathname, search } = useLocation();
  const loadedAt = useRef(pathname + search);
  useEffect(() => {
    // The address the page loaded with is not a navigation; any other one ends the quiet boot.
    if (pathname + search !== loadedAt.current) endQuietBoot();
    startProgress();
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      doneProgress();
    };
    const frame = requestAnimationFrame(finish);
    return () => {
      cancelAnimationFrame(frame);
      finish();
    };
  }, [pathname, search]);
  return null;
}

/** Spec section 2: the router scrolls to the top on each navigation. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Suspense fallback of lazy pages: keeps the bar running while the chunk loads. */
export function PageLoading() {
  useEffect(() => {
    startProgress();
    return () => doneProgress();
  }, []);
  return null;
}
