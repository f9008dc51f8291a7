/**
 * The thin navigation bar of spec section 9: minimum 0.08, speed 200 ms, trickle rate 0.02,
 * trickle speed 800 ms, no spinner. Counted, so overlapping loads end the bar only once all are done.
 */
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

// trickleRate is a real nprogress 0.2 option missing from its type definitions.
NProgress.configure({ minimum: 0.08, speed: 200, trickleRate: 0.02, trickleSpeed: 800, showSpinner: false } as Partial<
  NProgress.NProgressOptions & { trickleRate: number }
>);

let active = 0;

export function startProgress(): void {
  active += 1;
  if (active === 1) NProgress.start();
}

export function doneProgress(): void {
  active = Math.max(0, active - 1);
  if (active === 0) NProgress.done();
}

export const progressSettings = NProgress.settings;
