import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { doneProgress, startProgress } from './progress';

/** Runs the progress bar for every navigation; lazy pages keep it running via <PageLoading>. */
export function NavigationProgress() {
  const { pathname, search } = useLocation();
  useEffect(() => {
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
