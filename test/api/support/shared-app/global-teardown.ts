import type { ChildProcess } from 'node:child_process';

/** jest's globalTeardown of the api project: closes the shared app (global-setup.ts), killing it if it does not end within 30 s. */
export default async function globalTeardown(): Promise<void> {
  const child = (globalThis as { sharedApiApp?: ChildProcess }).sharedApiApp;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.send('close');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await ended;
  clearTimeout(timer);
}
