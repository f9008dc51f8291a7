// Benchmark of the streamed Excel export (prints figures, asserts nothing). Run with
// `npm run bench:export` (default 1,000,000 rows) or `npm run bench:export -- --rows 200000`; the script
// starts fresh services and the built server (its migrations and demo data) and sets APP_URL,
// DATABASE_URL and MIGRATION_DATABASE_URL, and BENCH_MEMORY_FILE, where a sampler loaded into the server
// (test/bench/server-memory.mjs) writes its V8 heap every 50 ms.
//
// 1. Inserts loans (copies of one demo loan with its workflow instance, one company) in batches until the
//    export selects N rows (on a database that already holds them, nothing: a rerun costs no insert).
// 2. Baselines in this process, on the same rows: (a) the export's query read from a cursor and thrown
//    away; (b) the same cursor written by exceljs' streaming writer to /dev/null. `--api-only` skips them
//    (quick memory runs; no ratios then).
// 3. GET /server/loans/export?companyId=… through HTTP: rows/s, bytes, and the server's memory. First a
//    warm-up export of a small company (every module loaded and compiled, as on a server that has served
//    an export before; it starts the export thread), the same again (the thread warm: the two first-byte
//    times differ by the thread's start); then the big one. The target ("server memory growth < 100 MB") is the
//    server process's RSS growth, read from /proc every 50 ms from outside: its peak during the export
//    minus its RSS after the warm-up. Printed beside it: the growth over the cold server (before the
//    warm-up), and the V8 heap's growth (heapUsed, and the committed young and old generations) from the
//    server's sampler, so that what is heap and what is outside it (buffers, zlib, malloc) reads apart.
// 4. The downloaded workbook is counted with exceljs' streaming reader (all rows there, none capped).
import ExcelJS from 'exceljs';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { PassThrough } from 'node:stream';
import { Pool } from 'pg';
import QueryStream from 'pg-query-stream';
import { reportFigure } from './figures';
import { BASE, signIn } from './http';

const argRows = process.argv.indexOf('--rows');
const ROWS = Number(argRows > 0 ? process.argv[argRows + 1] : (process.env.BENCH_EXPORT_ROWS ?? 1_000_000));
const API_ONLY = process.argv.includes('--api-only');
const BATCH = 100_000;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const rate = (rows: number, ms: number) => Math.round(rows / (ms / 1000));

/** The server's pid: the main.js process started with this PORT (scripts/bench.mjs starts one). */
function serverPid(): number | null {
  const port = new URL(BASE).port;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmdline.includes('server/src/main.js')) continue;
      if (readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(`PORT=${port}`)) return Number(entry);
    } catch {
      // gone, or not ours
    }
  }
  return null;
}

function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Number(/(\d+)/.exec(line)![1]) * 1024;
}

/** The server's own sample (test/bench/server-memory.mjs), or null without one. */
interface ServerMemory {
  at: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  newSpace: number;
  oldSpace: number;
  largeObjectSpace: number;
}
/** The API thread's sample; with `thread`, the export thread's (the sampler writes it beside). */
function serverMemory(thread = false): ServerMemory | null {
  const file = process.env.BENCH_MEMORY_FILE && `${process.env.BENCH_MEMORY_FILE}${thread ? '.thread' : ''}`;
  if (!file) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ServerMemory;
  } catch {
    return null;
  }
}

/** Peaks of the server's memory while `during` runs: RSS from /proc every 50 ms, the heap from its sampler. */
async function watchServer<T>(pid: number | null, during: () => Promise<T>) {
  const start = { rss: pid ? rssOf(pid) : NaN, heap: serverMemory() };
  const peak = { rss: start.rss, heapUsed: 0, heapTotal: 0, newSpace: 0, oldSpace: 0, outside: 0, threadHeapUsed: 0, threadHeapTotal: 0 };
  const look = () => {
    if (pid) peak.rss = Math.max(peak.rss, rssOf(pid));
    const t = serverMemory(true);
    if (t) {
      peak.threadHeapUsed = Math.max(peak.threadHeapUsed, t.heapUsed);
      peak.threadHeapTotal = Math.max(peak.threadHeapTotal, t.heapTotal);
    }
    const m = serverMemory();
    if (!m) return;
    peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
    peak.heapTotal = Math.max(peak.heapTotal, m.heapTotal);
    peak.newSpace = Math.max(peak.newSpace, m.newSpace);
    peak.oldSpace = Math.max(peak.oldSpace, m.oldSpace);
    peak.outside = Math.max(peak.outside, m.external);
  };
  const timer = setInterval(look, 50);
  try {
    const result = await during();
    look();
    return { result, start, peak };
  } finally {
    clearInterval(timer);
  }
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** GET an export into a file: bytes and the time to the first byte. */
function download(url: string, token: string, file: string, t0: number): Promise<{ bytes: number; firstByteMs: number }> {
  let bytes = 0;
  let firstByteMs = NaN;
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { 'X-Platform-Token': token } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`export: ${res.statusCode}`));
      const out = createWriteStream(file);
      res.on('data', (chunk: Buffer) => {
        if (!bytes) firstByteMs = performance.now() - t0;
        bytes += chunk.length;
      });
      res.pipe(out);
      out.on('finish', () => resolve({ bytes, firstByteMs }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

async function countRows(file: string): Promise<number> {
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'ignore', styles: 'ignore', worksheets: 'emit' });
  for await (const sheet of reader) for await (const _row of sheet) rows++;
  return rows;
}

/** The loan export's query (LoanListRepository's, without its filters' variety): same joins, same columns. */
const EXPORT_SQL = `SELECT l.id, l.company_id, c.name AS company_name, c.credit_code, l.term_months, l.bank, l.loan_type, l.created_at,
        wi.amount_fen, wi.disbursed_on::text AS disbursed_on, wi.disbursed_amount_fen, wi.machine_version, wi.version,
        jsonb_build_object('value', wi.snapshot->'value', 'context', jsonb_build_object('visitRound', wi.snapshot->'context'->'visitRound')) AS snapshot, wi.updated_at,
        ua.id AS a_id, ua.nickname AS a_name, ub.id AS b_id, ub.nickname AS b_name
   FROM loan l JOIN company c ON c.id = l.company_id JOIN workflow_instance wi ON wi.loan_id = l.id
   LEFT JOIN app_user ua ON ua.id = l.a_post_officer_id LEFT JOIN app_user ub ON ub.id = wi.b_post_officer_id
  WHERE l.deleted_at IS NULL AND l.company_id = $1 ORDER BY l.created_at DESC, l.id`;

async function main() {
  const owner = new Pool({ connectionString: process.env.MIGRATION_DATABASE_URL ?? process.env.DATABASE_URL, max: 2 });
  const [template] = (await owner.query(`SELECT l.id, l.company_id FROM loan l WHERE l.deleted_at IS NULL ORDER BY l.created_at LIMIT 1`)).rows;
  const columns = async (table: string) =>
    (
      await owner.query(
        `SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND column_name NOT IN ('id', 'loan_id', 'created_at') ORDER BY ordinal_position`,
        [table],
      )
    ).rows.map((r) => r.column_name as string);
  const loanCols = await columns('loan');
  const instanceCols = [...(await columns('workflow_instance')), 'created_at'];

  // 1. the rows (those the export selects already count: a rerun on the same database inserts nothing)
  const selected = async () =>
    (await owner.query(`SELECT count(*)::int AS count FROM loan WHERE company_id = $1 AND deleted_at IS NULL`, [template.company_id])).rows[0].count as number;
  const already = await selected();
  let t0 = performance.now();
  for (let done = already; done < ROWS; done += BATCH) {
    const n = Math.min(BATCH, ROWS - done);
    await owner.query(
      `WITH made AS (
         INSERT INTO loan (${loanCols.join(', ')}, created_at)
         SELECT ${loanCols.map((c) => `l.${c}`).join(', ')}, l.created_at - ($3::int + g) * interval '1 second' FROM loan l, generate_series(1, $2::int) g WHERE l.id = $1
         RETURNING id)
       INSERT INTO workflow_instance (loan_id, ${instanceCols.join(', ')})
       SELECT made.id, ${instanceCols.map((c) => `s.${c}`).join(', ')} FROM made, workflow_instance s WHERE s.loan_id = $1`,
      [template.id, n, done],
    );
    process.stdout.write(`\rinserted ${(done + n - already).toLocaleString('en')} loans`);
  }
  if (already < ROWS) await owner.query('ANALYZE loan; ANALYZE workflow_instance');
  const total = await selected();
  console.log(
    `\ninserted ${Math.max(0, ROWS - already).toLocaleString('en')} loans in ${((performance.now() - t0) / 1000).toFixed(1)} s; the export selects ${total.toLocaleString('en')}`,
  );

  // 2. baselines (skipped with --api-only)
  let rawRate = NaN;
  let excelRate = NaN;
  /** The bench process's RSS growth over baseline (b): the same cursor and workbook in one thread of one process. */
  let excelGrowth = NaN;
  if (!API_ONLY) {
    const client = await owner.connect();
    // 2a. raw cursor to nowhere
    t0 = performance.now();
    let seen = 0;
    for await (const _row of client.query(new QueryStream(EXPORT_SQL, [template.company_id], { batchSize: 1000 }))) seen++;
    const rawMs = performance.now() - t0;
    rawRate = rate(seen, rawMs);
    console.log(
      `baseline, cursor only:       ${seen.toLocaleString('en')} rows in ${(rawMs / 1000).toFixed(1)} s = ${rawRate.toLocaleString('en')} rows/s (load average ${loadAverage()})`,
    );

    // 2b. the same cursor through exceljs' streaming writer to /dev/null, in this process
    const rss0 = process.memoryUsage().rss;
    let benchPeak = rss0;
    const sampler = setInterval(() => (benchPeak = Math.max(benchPeak, process.memoryUsage().rss)), 50);
    t0 = performance.now();
    const sink = new PassThrough();
    sink.pipe(createWriteStream('/dev/null'));
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useSharedStrings: false, useStyles: true });
    const ws = book.addWorksheet('loans');
    let written = 0;
    for await (const r of client.query(new QueryStream(EXPORT_SQL, [template.company_id], { batchSize: 1000 }))) {
      ws.addRow([
        r.company_name,
        r.credit_code,
        Number(r.amount_fen) / 100,
        r.term_months,
        r.bank,
        r.loan_type,
        r.a_name,
        r.b_name,
        String(r.created_at),
        r.disbursed_on,
      ]).commit();
      if (++written % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    ws.commit();
    await book.commit();
    const excelMs = performance.now() - t0;
    excelRate = rate(written, excelMs);
    clearInterval(sampler);
    excelGrowth = benchPeak - rss0;
    client.release();
    console.log(
      `baseline, cursor + exceljs:  ${written.toLocaleString('en')} rows in ${(excelMs / 1000).toFixed(1)} s = ${excelRate.toLocaleString('en')} rows/s (bench process RSS +${mb(benchPeak - rss0)}; load average ${loadAverage()})`,
    );
  }

  // 3. through the API: a warm-up export of a small company, then the big one
  const pid = serverPid();
  const token = await signIn('admin');
  const cold = pid ? rssOf(pid) : NaN;
  const coldHeap = serverMemory();
  const [small] = (
    await owner.query(
      `SELECT company_id, count(*)::int AS count FROM loan WHERE deleted_at IS NULL AND company_id <> $1 GROUP BY company_id ORDER BY count(*) DESC LIMIT 1`,
      [template.company_id],
    )
  ).rows;
  // The first export of the server starts its export thread; the next one finds it warm (export-pool.ts):
  // the difference between their first bytes is the thread's start, which every export paid before.
  const smallExport = async () => {
    const at = performance.now();
    const { firstByteMs } = await download(`${BASE}/server/loans/export?companyId=${small.company_id}`, token, '/tmp/bench-export-warm-up.xlsx', at);
    return { firstByteMs, ms: performance.now() - at };
  };
  let firstBytes: { cold: number; warm: number } | null = null;
  if (small) {
    const cold = await smallExport();
    console.log(`warm-up export (the server's first): ${small.count} rows in ${cold.ms.toFixed(0)} ms, first byte after ${cold.firstByteMs.toFixed(0)} ms`);
    const warm = await smallExport();
    console.log(`the same export again (its thread warm): ${warm.ms.toFixed(0)} ms, first byte after ${warm.firstByteMs.toFixed(0)} ms`);
    firstBytes = { cold: cold.firstByteMs, warm: warm.firstByteMs };
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const file = '/tmp/bench-export.xlsx';
  t0 = performance.now();
  const { result: got, start, peak } = await watchServer(pid, () => download(`${BASE}/server/loans/export?companyId=${template.company_id}`, token, file, t0));
  const apiMs = performance.now() - t0;
  const load = loadAverage();
  const after = pid ? rssOf(pid) : NaN;

  // 4. every row there?
  const rowsInFile = await countRows(file);
  const apiRate = rate(rowsInFile - 1, apiMs);
  const growth = peak.rss - start.rss;
  console.log(
    `API export (HTTP, streamed):  ${(rowsInFile - 1).toLocaleString('en')} rows (header excluded) in ${(apiMs / 1000).toFixed(1)} s = ${apiRate.toLocaleString('en')} rows/s, ${mb(got.bytes)}, first byte after ${got.firstByteMs.toFixed(0)} ms`,
  );
  if (!API_ONLY) console.log(`  vs cursor only: ${(apiRate / rawRate).toFixed(2)}x; vs cursor + exceljs: ${(apiRate / excelRate).toFixed(2)}x`);
  console.log(
    `  server RSS (the target, < 100 MB): before ${mb(start.rss)} (after the warm-up), peak ${mb(peak.rss)}: growth ${mb(growth)}; after ${mb(after)}${pid ? '' : ' (server pid not found)'}`,
  );
  console.log(`  server RSS over the cold server (${mb(cold)}, before the warm-up): growth ${mb(peak.rss - cold)}`);
  const heap = start.heap;
  if (heap && peak.heapUsed) {
    console.log(
      `  server V8 heap: heapUsed ${mb(heap.heapUsed)} -> peak ${mb(peak.heapUsed)} (growth ${mb(peak.heapUsed - heap.heapUsed)}); ` +
        `heapTotal ${mb(heap.heapTotal)} -> peak ${mb(peak.heapTotal)} (growth ${mb(peak.heapTotal - heap.heapTotal)}), ` +
        `of which young generation ${mb(heap.newSpace)} -> ${mb(peak.newSpace)}, old ${mb(heap.oldSpace)} -> ${mb(peak.oldSpace)}; ` +
        `external (array buffers included) ${mb(heap.external)} -> peak ${mb(peak.outside)}` +
        (coldHeap ? `; cold heapUsed ${mb(coldHeap.heapUsed)}` : ''),
    );
  } else {
    console.log('  server V8 heap: no sample (BENCH_MEMORY_FILE unset or the sampler not loaded)');
  }
  if (peak.threadHeapTotal) console.log(`  export thread's V8 heap: peak heapUsed ${mb(peak.threadHeapUsed)}, heapTotal ${mb(peak.threadHeapTotal)}`);
  console.log(`  load average: ${load}`);
  reportFigure('export', {
    figure: `Excel export of ${(rowsInFile - 1).toLocaleString('en')} rows through the API: server RSS growth (after a warm-up export; baseline: the same cursor through exceljs in the bench's own process)`,
    value: Number((growth / 1024 / 1024).toFixed(1)),
    unit: 'MB',
    ...(API_ONLY ? {} : { baseline: Number((excelGrowth / 1024 / 1024).toFixed(1)) }),
    target: '< 100 MB',
  });
  reportFigure('export', {
    figure: `Excel export of ${(rowsInFile - 1).toLocaleString('en')} rows through the API (baseline: the same cursor through exceljs to /dev/null in one process)`,
    value: apiRate,
    unit: 'rows/s',
    ...(API_ONLY ? {} : { baseline: excelRate }),
    target: 'rows/s printed',
  });
  if (firstBytes)
    reportFigure('export', {
      figure: `Excel export of ${small.count} rows: time to the first byte on a warm export thread (baseline: the server's first export, which starts the thread)`,
      value: Number(firstBytes.warm.toFixed(0)),
      unit: 'ms',
      baseline: Number(firstBytes.cold.toFixed(0)),
      target: 'no thread start per export',
    });
  await owner.end();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
