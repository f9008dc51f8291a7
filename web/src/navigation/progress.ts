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
/** Whether the bar is on screen (it is not while the page first loads: see endQuietBoot). */
let shown = false;
/**
 * The page's first load shows no bar: the browser shows its own progress, and each step of the bar
 * reads the layout (nprogress' offsetWidth), which on a page still building costs tens of ms at
 * every step (the loan list's profile). In-app navigations show it from the first one on.
 */
let quiet = true;

export function startProgress(): void {
  active += 1;
  // Not only the first of overlapping loads: one begun during the quiet first load leaves the count above 0.
  if (!quiet && !shown) {
    shown = true;
    NProgress.start();
  }
}

export function doneProgress(): void {
  active = Math.max(0, active - 1);
  if (active === 0 && shown) {
    shown = false;
    NProgress.done();
  }
}

/** The first load is over (the first navigation inside the app): the bar runs from now on. */
export function endQuietBoot(): void {
  quiet = false;
}

/** Test hook: back to a first load. */
export function resetProgressForTests(): void {
  active = 0;
  shown = false;
  quiet = true;
}

export const progressSettings = NProgress.settings;
