import { fork } from 'node:child_process';
import * as path from 'node:path';
import { SHARED_APP_URL_ENV } from './env';

/**
 * jest's globalSetup of the api project: the app the suites share, booted once per run in a process
 * of its own (host.js) and listening on 127.0.0.1. A child process rather than this one: the modules
 * jest's globalSetup loads are transformed only while the setup runs, and the app goes on loading
 * modules afterwards. Its URL reaches the suites through the environment (each test file's
 * `process.env` is a copy of this process's, made after this setup).
 */
export default async function globalSetup(_globalConfig: unknown, projectConfig: unknown): Promise<void> {
  const child = fork(path.join(__dirname, 'host.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: process.env });
  (globalThis as { sharedApiApp?: typeof child }).sharedApiApp = child;
  const url = await new Promise<string>((resolve, reject) => {
    child.on('message', (message: { url?: string; error?: string }) => {
      if (message.url) resolve(message.url);
      if (message.error) reject(new Error(`the shared API app did not start: ${message.error}`));
    });
    child.once('exit', (code, signal) => reject(new Error(`the shared API app ended (${code ?? signal}) before it listened`)));
    child.send({ projectConfig });
  });
  process.env[SHARED_APP_URL_ENV] = url;
}
