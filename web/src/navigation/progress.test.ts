import NProgress from 'nprogress';
import { afterEach, describe, expect, it } from 'vitest';
import { doneProgress, endQuietBoot, progressSettings, resetProgressForTests, startProgress } from './progress';

describe('navigation progress bar', () => {
  afterEach(() => {
    resetProgressForTests();
    NProgress.remove();
    NProgress.status = null;
  });

  it('uses the constants of spec section 9 and no spinner', () => {
    expect(progressSettings).toMatchObject({ minimum: 0.08, speed: 200, trickleSpeed: 800, showSpinner: false, trickleRate: 0.02 });
  });

  it('stays hidden while the page first loads, then runs for each navigation until every load is done', () => {
    startProgress();
    expect(NProgress.isStarted()).toBe(false);
    expect(document.getElementById('nprogress')).toBeNull();
    doneProgress();

    endQuietBoot();
    startProgress();
    startProgress();
    expect(NProgress.isStarted()).toBe(true);
    expect(document.getElementById('nprogress')).not.toBeNull();
    doneProgress();
    // One of two loads is still under way.
    expect(NProgress.isStarted()).toBe(true);
    doneProgress();
    // done() sets the bar to its end: nothing is in progress any more.
    expect(NProgress.status).toBeNull();
  });

  it('does not end a bar it never showed when a load begun during the first load ends later', () => {
    startProgress();
    endQuietBoot();
    doneProgress();
    expect(NProgress.isStarted()).toBe(false);
    expect(document.getElementById('nprogress')).toBeNull();
  });

  it('shows a navigation that starts while a load of the first page is still under way', () => {
    startProgress();
    endQuietBoot();
    startProgress();
    expect(NProgress.isStarted()).toBe(true);
    doneProgress();
    expect(NProgress.isStarted()).toBe(true);
    doneProgress();
    expect(NProgress.status).toBeNull();
  });
});
