// `npm run check`: type-check the three workspaces, lint and check formatting. `npm test` runs the
// same steps as its check tier (each step counts as one test). Add a step by adding one entry to CHECKS.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { ROOT, log } from './lib.mjs';

const node = (script, ...args) => [process.execPath, [script, ...args]];

/** The check steps, in order: a name and the command that must exit 0. */
export const CHECKS = [
  { name: 'typecheck workflow', cmd: node('node_modules/typescript/bin/tsc', '-p', 'workflow/tsconfig.json', '--noEmit') },
  { name: 'typecheck server', cmd: node('node_modules/typescript/bin/tsc', '-p', 'server/tsconfig.json', '--noEmit') },
  { name: 'typecheck web', cmd: node('node_modules/typescript/bin/tsc', '-p', 'web/tsconfig.json', '--noEmit') },
  { name: 'lint', cmd: node('node_modules/eslint/bin/eslint.js', '.', '--max-warnings', '0') },
  { name: 'format', cmd: node('node_modules/prettier/bin/prettier.cjs', '--check', '.', '--log-level', 'warn') },
  { name: 'API client matches the OpenAPI document', cmd: node('scripts/generate-api-client.mjs', '--check') },
  // Builds the web when stale, then fails above 250 kB gzip of initial JS+CSS.
  { name: 'web initial JS+CSS within budget', cmd: node('scripts/web-size.mjs', '--check') },
];

/** Runs one step with inherited output; true when it passed. */
export function runCheck({ name, cmd: [cmd, args] }) {
  log(`check: ${name}`);
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });
  return r.status === 0;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const failed = CHECKS.filter((c) => !runCheck(c)).map((c) => c.name);
  log(failed.length ? `check failed: ${failed.join(', ')}` : `check passed (${CHECKS.length} steps)`);
  process.exit(failed.length ? 1 : 0);
}
