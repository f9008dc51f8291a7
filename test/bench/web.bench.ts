// Benchmark of the web client (prints figures, asserts nothing). Run with `node scripts/bench.mjs web`,
// which builds the web, starts fresh services and the built server serving a copy of web/dist (WEB_DIST)
// with the demo data, and sets APP_URL.
//
// Headless Chromium (playwright-core, Debian's /usr/bin/chromium) opens the loan list signed in as the
// administrator and reads the Largest Contentful Paint and the bytes transferred:
// - cold: a new browser context each time (empty HTTP cache), as a first visit;
// - warm: the same context again (assets from the HTTP cache; the current user and the list asked anew);
// beside the baseline of a static HTML page served by the same server (one request, no script), cold
// and warm, in the same run. The transfer size is set beside the same bytes uncompressed.
// BENCH_WEB_PROFILE=dir writes the main thread's CPU profile of the last cold and warm list loads there
// (web-cold.cpuprofile, web-warm.cpuprofile: open them in Chrome's DevTools, Performance panel).
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { reportFigure } from './figures';
import { BASE, signIn } from './http';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
const WEB_DIST = process.env.WEB_DIST;
const LIST_PATH = '/company/loanList';
const BASELINE_PATH = '/bench-baseline.html';
const LIST_ROW = '[data-testid="page-pane"][data-active] [data-testid="loan-row"]';
const BENCH = 'web';
/** Where the last cold and warm loads' CPU profiles go, when set (see load). */
const PROFILE_DIR = process.env.BENCH_WEB_PROFILE;
// At `npm run bench -- --scale N` the server holds the shared data set of N loans; otherwise the demo data.
const SEEDED = Number(process.env.BENCH_SEEDED_LOANS ?? 0);
const DATA = SEEDED ? `${SEEDED.toLocaleString('en')} loans` : 'demo data';

/** What one page load cost: LCP in ms from navigation start, bytes on the wire and decoded, requests. */
interface Load {
  lcpMs: number;
  transferBytes: number;
  decodedBytes: number;
  requests: number;
  /** The API calls of the load, slowest first: path and start/end in ms from navigation start (where LCP waits). */
  api: { path: string; start: number; end: number }[];
  /** Every request in the order it started (printed with BENCH_WEB_TRACE=1). */
  all: { path: string; start: number; end: number }[];
}

/** A context signed in as the token's user (the web keeps the token in localStorage) that records LCP entries. */
async function signedInContext(browser: Browser, token: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: BASE });
  await context.addInitScript((accessToken) => {
    window.localStorage.setItem('accessToken', accessToken);
    const w = window as unknown as { __lcp: number };
    w.__lcp = -1;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  }, token);
  return context;
}

/**
 * Opens `url` in a new page of the context, waits for `ready`, and reads LCP and the bytes. With
 * `profileAs`, the page's main thread is profiled from navigation to `ready` (Chrome's .cpuprofile,
 * written to BENCH_WEB_PROFILE).
 */
async function load(context: BrowserContext, url: string, ready: string, profileAs?: string): Promise<Load> {
  const page = await context.newPage();
  const cdp = profileAs ? await context.newCDPSession(page) : null;
  try {
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(url, { waitUntil: 'load' });
    await page
      .locator(ready)
      .first()
      .waitFor({ timeout: 60_000 })
      .catch(async (error: unknown) => {
        const shot = path.join(process.env.DATA_DIR ?? '.', `web-bench-failure.png`);
        await page.screenshot({ path: shot });
        throw new Error(`${url}: ${ready} did not appear (screenshot ${shot}): ${String(error)}`);
      });
    if (cdp && profileAs) {
      const { profile } = await cdp.send('Profiler.stop');
      fs.mkdirSync(PROFILE_DIR!, { recursive: true });
      fs.writeFileSync(path.join(PROFILE_DIR!, `${profileAs}.cpuprofile`), JSON.stringify(profile));
    }
    // LCP is reported after the frame that painted it; give it a few frames.
    await page.waitForTimeout(300);
    return await page.evaluate(() => {
      const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')] as PerformanceResourceTiming[];
      return {
        lcpMs: (window as unknown as { __lcp: number }).__lcp,
        transferBytes: entries.reduce((sum, e) => sum + e.transferSize, 0),
        decodedBytes: entries.reduce((sum, e) => sum + e.decodedBodySize, 0),
        requests: entries.length,
        api: entries
          .filter((e) => e.name.includes('/server/'))
          .map((e) => ({ path: new URL(e.name).pathname + new URL(e.name).search, start: Math.round(e.startTime), end: Math.round(e.responseEnd) }))
          .sort((a, b) => b.end - b.start - (a.end - a.start)),
        all: entries
          .map((e) => ({ path: new URL(e.name).pathname, start: Math.round(e.startTime), end: Math.round(e.responseEnd) }))
          .sort((a, b) => a.start - b.start),
      };
    });
  } finally {
    await page.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** RUNS cold loads (a new context each) and RUNS warm ones (one context, primed by a first load). */
async function coldAndWarm(browser: Browser, token: string, url: string, ready: string, profile = false): Promise<{ cold: Load[]; warm: Load[] }> {
  const profileAs = (load: 'cold' | 'warm', i: number) => (profile && PROFILE_DIR && i === RUNS - 1 ? `${BENCH}-${load}` : undefined);
  const cold: Load[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await signedInContext(browser, token);
    try {
      cold.push(await load(context, url, ready, profileAs('cold', i)));
    } finally {
      await context.close();
    }
  }
  const warm: Load[] = [];
  const context = await signedInContext(browser, token);
  try {
    await load(context, url, ready);
    for (let i = 0; i < RUNS; i++) warm.push(await load(context, url, ready, profileAs('warm', i)));
  } finally {
    await context.close();
  }
  return { cold, warm };
}

/** The initial JS+CSS of the build, gzip (scripts/web-size.mjs). */
function initialWeight(): { initial: { gzipBytes: number; files: number }; loanListFirstPaint: { gzipBytes: number; files: number }; budgetBytes: number } {
  const out = execFileSync(process.execPath, ['scripts/web-size.mjs', '--json'], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!);
}

async function main() {
  if (!WEB_DIST) throw new Error('WEB_DIST is not set: run `node scripts/bench.mjs web`');
  // The baseline: a static page of the same server, with a heading as its largest paint.
  fs.writeFileSync(
    path.join(WEB_DIST, BASELINE_PATH.slice(1)),
    '<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8"><title>基准页</title></head>' +
      '<body><h1 style="font:600 28px sans-serif;margin:24px">贷款列表 · 静态基准页</h1><p>One request, no script: the floor of a page load on this server.</p></body></html>',
  );
  const token = await signIn('admin');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const list = await coldAndWarm(browser, token, LIST_PATH, LIST_ROW, true);
    const baseline = await coldAndWarm(browser, token, BASELINE_PATH, 'h1');
    const rows = [
      { name: 'cold', page: list.cold, base: baseline.cold, target: '<= 1500 ms (at 1M loans)' },
      { name: 'warm', page: list.warm, base: baseline.warm, target: '<= 1000 ms (at 1M loans)' },
    ];
    console.log(`\nLoan list (${LIST_PATH}) in headless Chromium, signed in as admin, ${DATA}; median of ${RUNS} loads each\n`);
    console.log('| load | LCP ms | static page LCP ms | ratio | transferred KB | decoded KB | requests |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const row of rows) {
      const lcp = median(row.page.map((l) => l.lcpMs));
      const base = median(row.base.map((l) => l.lcpMs));
      const transfer = median(row.page.map((l) => l.transferBytes));
      const decoded = median(row.page.map((l) => l.decodedBytes));
      const requests = median(row.page.map((l) => l.requests));
      console.log(
        `| ${row.name} | ${lcp.toFixed(0)} | ${base.toFixed(0)} | ${(lcp / base).toFixed(1)} | ${(transfer / 1024).toFixed(1)} | ${(decoded / 1024).toFixed(1)} | ${requests} |`,
      );
      reportFigure(BENCH, {
        figure: `loan list LCP, ${row.name} (${DATA}; baseline: static page)`,
        value: Math.round(lcp),
        unit: 'ms',
        baseline: Math.round(base),
        target: row.target,
      });
    }
    // Where the list's LCP waits: the API calls of the last cold and warm loads, slowest first.
    for (const [name, loads] of [
      ['cold', list.cold],
      ['warm', list.warm],
    ] as const) {
      const last = loads[loads.length - 1];
      console.log(`\nAPI calls of the last ${name} load (LCP ${last.lcpMs.toFixed(0)} ms), slowest first (ms from navigation start):`);
      for (const call of last.api.slice(0, 6)) console.log(`  ${call.path}: ${call.start} → ${call.end} (${call.end - call.start} ms)`);
      if (process.env.BENCH_WEB_TRACE) for (const r of last.all) console.log(`    ${String(r.start).padStart(6)} → ${String(r.end).padStart(6)}  ${r.path}`);
    }
    const coldTransfer = median(list.cold.map((l) => l.transferBytes));
    const coldDecoded = median(list.cold.map((l) => l.decodedBytes));
    console.log(
      `\nCold transfer: ${(coldTransfer / 1024).toFixed(1)} KB on the wire for ${(coldDecoded / 1024).toFixed(1)} KB of content ` +
        `(${((coldTransfer / coldDecoded) * 100).toFixed(0)} %)`,
    );
    reportFigure(BENCH, {
      figure: 'loan list cold transfer size (baseline: the same bytes uncompressed)',
      value: Math.round(coldTransfer / 1024),
      unit: 'KB',
      baseline: Math.round(coldDecoded / 1024),
      target: 'printed',
    });

    const weight = initialWeight();
    console.log(
      `Initial JS+CSS (gzip): ${(weight.initial.gzipBytes / 1000).toFixed(1)} kB in ${weight.initial.files} files (budget ${(weight.budgetBytes / 1000).toFixed(0)} kB); ` +
        `with the shell's and the loan list's chunks: ${(weight.loanListFirstPaint.gzipBytes / 1000).toFixed(1)} kB in ${weight.loanListFirstPaint.files} files`,
    );
    reportFigure(BENCH, {
      figure: 'initial JS+CSS, gzip (baseline: the budget)',
      value: Number((weight.initial.gzipBytes / 1000).toFixed(1)),
      unit: 'kB',
      baseline: weight.budgetBytes / 1000,
      target: '< 250 kB',
    });
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
