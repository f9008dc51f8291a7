// The web's weight: the initial JS+CSS, i.e. what index.html makes the browser fetch before
// any code runs (the entry chunk, the chunks it imports statically, their style sheets), gzip-compressed
// file by file as the server sends them, must stay within 250 kB (1 kB = 1000 bytes).
//   node scripts/web-size.mjs           prints the figures (builds the web first when stale)
//   node scripts/web-size.mjs --check   the same, exits 1 above the budget (a step of `npm run check`)
//   node scripts/web-size.mjs --json    one JSON line (test/bench/web.bench.ts reads it)
// The first paint of the loan list also needs the shell's and the page's chunks (fetched at boot, in
// parallel with the current user): printed beside it, not budgeted.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { ROOT, buildIfStale } from './lib.mjs';

export const INITIAL_BUDGET_BYTES = 250_000;
const DIST = path.join(ROOT, 'web', 'dist');

/** Every file a set of manifest entries needs, following static imports. */
function filesOf(manifest, keys) {
  const seen = new Set();
  const files = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    const chunk = manifest[key];
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const next of chunk.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return [...files];
}

function gzipBytes(dist, files) {
  return files.reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length, 0);
}

/** { initial: {files, gzipBytes}, loanListFirstPaint: {files, gzipBytes}, budgetBytes } of the current build. */
export function measureWeb(dist = DIST) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const initial = filesOf(manifest, entries);
  const firstPaint = filesOf(manifest, [...entries, 'src/app/shell/Shell.tsx', 'src/features/loan-list/LoanListPage.tsx']);
  return {
    budgetBytes: INITIAL_BUDGET_BYTES,
    initial: { files: initial.length, gzipBytes: gzipBytes(dist, initial) },
    loanListFirstPaint: { files: firstPaint.length, gzipBytes: gzipBytes(dist, firstPaint) },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildIfStale(['web']);
  const figures = measureWeb();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(figures));
  } else {
    const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
    console.log(`initial JS+CSS (gzip): ${kb(figures.initial.gzipBytes)} in ${figures.initial.files} files; budget ${kb(INITIAL_BUDGET_BYTES)}`);
    console.log(
      `loan list first paint (gzip, with the shell's and the page's chunks): ${kb(figures.loanListFirstPaint.gzipBytes)} in ${figures.loanListFirstPaint.files} files`,
    );
  }
  if (process.argv.includes('--check') && figures.initial.gzipBytes > INITIAL_BUDGET_BYTES) {
    console.error(`the initial JS+CSS is over its budget: ${figures.initial.gzipBytes} > ${INITIAL_BUDGET_BYTES} bytes gzip`);
    process.exit(1);
  }
}
