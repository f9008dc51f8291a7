// `node --test scripts/`: the restart policy of startChild (npm start) and the stop-at-once default (npm test).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import test from 'node:test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { aptGet, startChild, workerCount } from './lib.mjs';

const crashing = ['-e', 'process.exit(3)'];

test('a crashed child is restarted with growing delays, capped, and stops for good on stop()', async () => {
  const lines = [];
  const sup = startChild('crasher', process.execPath, crashing, {
    stdio: 'ignore',
    log: (line) => lines.push(line),
    restart: { initialMs: 40, maxMs: 160, resetAfterMs: 60000, maxCrashes: 100, windowMs: 60000 },
    onGiveUp: () => assert.fail('gave up'),
  });
  const delays = [];
  const restartedAt = [];
  sup.on('restarting', ({ delayMs, code }) => {
    assert.equal(code, 3);
    delays.push(delayMs);
    restartedAt.push(Date.now());
  });
  const pids = new Set();
  sup.on('started', (child) => pids.add(child.pid));
  pids.add(sup.child.pid);
  while (delays.length < 5) await once(sup, 'restarting');
  await sup.stop();
  assert.deepEqual(delays.slice(0, 5), [40, 80, 160, 160, 160]);
  // Each restart waited at least its delay (the gap between two crashes holds the delay plus a node start).
  for (let i = 1; i < 5; i++) assert.ok(restartedAt[i] - restartedAt[i - 1] >= delays[i - 1], `gap ${i}`);
  assert.ok(pids.size >= 5, `a new process each time (${pids.size})`);
  assert.match(lines[0], /^crasher stopped \(3\); restarting in 0\.04 s \(restart 1\)$/);
  assert.ok(lines.some((l) => /^crasher restarted \(restart 2\)$/.test(l)));

  // Stopped: no further start.
  const count = sup.restarts;
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(sup.restarts, count);
  assert.ok(sup.child.exitCode !== null || sup.child.signalCode !== null, 'the last child has exited');
});

test('a child that keeps crashing within the window makes it give up', async () => {
  const lines = [];
  let gaveUp = false;
  const sup = startChild('looper', process.execPath, crashing, {
    stdio: 'ignore',
    log: (line) => lines.push(line),
    restart: { initialMs: 10, maxMs: 20, maxCrashes: 3, windowMs: 60000 },
    onGiveUp: () => (gaveUp = true),
  });
  await once(sup, 'gave-up');
  assert.equal(gaveUp, true);
  assert.equal(sup.restarts, 3);
  assert.match(lines.at(-1), /^looper stopped \(3\): 4 crashes within 60 s, giving up; stopping everything$/);
  await sup.stop();
});

test('a long-lived child is stopped by stop() without a restart', async () => {
  const sup = startChild('sleeper', process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
    stdio: 'ignore',
    log: () => {},
    restart: { initialMs: 10 },
  });
  let restarted = false;
  sup.on('restarting', () => (restarted = true));
  await new Promise((r) => setTimeout(r, 200));
  await sup.stop();
  assert.equal(sup.child.signalCode, 'SIGTERM');
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(restarted, false);
});

test('without restart (npm test), a critical child that stops stops everything at once', () => {
  // In a separate process: shutdown() ends the process that called it.
  const script = `
    import { startChild } from ${JSON.stringify(new URL('./lib.mjs', import.meta.url).href)};
    startChild('sleeper', process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    startChild('crasher', process.execPath, ['-e', 'setTimeout(() => process.exit(3), 200)'], { stdio: 'ignore' });
    setTimeout(() => { console.log('still running'); process.exit(0); }, 5000);
  `;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 15000 });
  assert.equal(r.status, 3, r.stdout + r.stderr);
  assert.match(r.stdout, /crasher stopped \(3\); stopping everything/);
  assert.doesNotMatch(r.stdout, /restarting|still running/);
});

/** A stand-in apt-get: fails with apt's lock message `locked` times (counted in a file), then succeeds. */
function fakeAptGet(locked, message = 'E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4242 (apt-get)') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apt-'));
  const bin = path.join(dir, 'apt-get');
  const count = path.join(dir, 'count');
  fs.writeFileSync(count, '0');
  fs.writeFileSync(
    bin,
    `#!/bin/sh\necho "$@" >> ${dir}/args\nn=$(cat ${count}); echo $((n+1)) > ${count}\nif [ "$n" -lt ${locked} ]; then echo '${message}' >&2; exit 100; fi\nexit 0\n`,
    { mode: 0o755 },
  );
  return { bin, calls: () => Number(fs.readFileSync(count, 'utf8')), args: () => fs.readFileSync(path.join(dir, 'args'), 'utf8') };
}

test('apt-get waits for a lock held by another apt-get, says so, and asks apt to wait for the dpkg lock too', () => {
  const apt = fakeAptGet(2);
  const said = [];
  aptGet(['install', '-y', 'chromium'], { bin: apt.bin, waitMs: 10000, retryMs: 50, say: (l) => said.push(l) });
  assert.equal(apt.calls(), 3);
  assert.equal(said.length, 2);
  assert.match(said[0], /holds the lock.*waiting/);
  assert.match(apt.args(), /^-o DPkg::Lock::Timeout=10 install -y chromium$/m);
});

test('apt-get gives up on a lock after the deadline, and at once on any other failure', () => {
  const held = fakeAptGet(1000);
  assert.throws(() => aptGet(['update'], { bin: held.bin, waitMs: 300, retryMs: 50, say: () => {} }), /still held its lock/);
  assert.ok(held.calls() >= 2 && held.calls() < 20, `retried until the deadline (${held.calls()} calls)`);
  const broken = fakeAptGet(1, 'E: Unable to locate package nosuch');
  assert.throws(() => aptGet(['install', 'nosuch'], { bin: broken.bin, waitMs: 10000, retryMs: 50, say: () => {} }), /exited with 100$/);
  assert.equal(broken.calls(), 1);
});

test('WORKER_PROCESSES: one when unset, a whole number from 1, anything else refused', () => {
  assert.equal(workerCount(undefined), 1);
  assert.equal(workerCount(''), 1);
  assert.equal(workerCount('3'), 3);
  for (const bad of ['0', '-1', '1.5', 'two']) assert.throws(() => workerCount(bad), /WORKER_PROCESSES/);
});
