// Benchmark of the streamed Excel export (prints figures, asserts nothing). Run with
// `npm run bench:export` (default 1,000,000 rows) or `npm run bench:export -- --rows 200000`; the script
// starts fresh services and the built server (its migrations and demo data) and sets APP_URL,
// DATABASE_URL and MIGRATION_DATABASE_URL.
//
// 1. Inserts N loans (copies of one demo loan with its workflow instance, one company) in batches.
// 2. Baselines in this process, on the same rows: (a) the export's query read from a cursor and thrown
//    away; (b) the same cursor written by exceljs' streaming writer to /dev/null.
// 3. GET /server/loans/export?companyId=… through HTTP: rows/s, bytes, and the server's RSS before the
//    export vs its peak during it (sampled from /proc every 50 ms), beside the baselines.
// 4. The downloaded workbook is counted with exceljs' streaming reader (all rows there, none capped).
import ExcelJS from 'exceljs';
import { constants, publicEncrypt } from 'node:crypto';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { PassThrough } from 'node:stream';
import { Pool } from 'pg';
import QueryStream from 'pg-query-stream';

const argRows = process.argv.indexOf('--rows');
const ROWS = Number(argRows > 0 ? process.argv[argRows + 1] : (process.env.BENCH_EXPORT_ROWS ?? 1_000_000));
const BASE = process.env.APP_URL ?? 'http://127.0.0.1:3000';
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

async function login(username: string): Promise<string> {
  const key = (await (await fetch(`${BASE}/server/open/auth/public-key`)).json()) as any;
  const password = publicEncrypt(
    { key: key.data.publicKey, padding: constants.RSA_PKCS1_PADDING },
    Buffer.from(process.env.DEMO_PASSWORD || 'Demo@2026'),
  ).toString('base64');
  const res = await fetch(`${BASE}/server/open/auth/platformLogin/PLATFORM`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ checkStatus: true, username, password }),
  });
  return ((await res.json()) as any).extras['x-platform-token'];
}

/** The loan export's query (WorklistQuery's, without its filters' variety): same joins, same columns. */
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

  // 1. the rows
  let t0 = performance.now();
  for (let done = 0; done < ROWS; done += BATCH) {
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
    process.stdout.write(`\rinserted ${(done + n).toLocaleString('en')} loans`);
  }
  await owner.query('ANALYZE loan; ANALYZE workflow_instance');
  const [{ count: total }] = (await owner.query(`SELECT count(*)::int AS count FROM loan WHERE company_id = $1 AND deleted_at IS NULL`, [template.company_id]))
    .rows;
  console.log(
    `\ninserted ${ROWS.toLocaleString('en')} loans in ${((performance.now() - t0) / 1000).toFixed(1)} s; the export selects ${total.toLocaleString('en')}`,
  );

  // 2a. raw cursor to nowhere
  const client = await owner.connect();
  t0 = performance.now();
  let seen = 0;
  for await (const _row of client.query(new QueryStream(EXPORT_SQL, [template.company_id], { batchSize: 1000 }))) seen++;
  const rawMs = performance.now() - t0;
  console.log(
    `baseline, cursor only:       ${seen.toLocaleString('en')} rows in ${(rawMs / 1000).toFixed(1)} s = ${rate(seen, rawMs).toLocaleString('en')} rows/s`,
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
  clearInterval(sampler);
  client.release();
  console.log(
    `baseline, cursor + exceljs:  ${written.toLocaleString('en')} rows in ${(excelMs / 1000).toFixed(1)} s = ${rate(written, excelMs).toLocaleString('en')} rows/s (bench process RSS +${mb(benchPeak - rss0)})`,
  );

  // 3. through the API
  const pid = serverPid();
  const token = await login('admin');
  const before = pid ? rssOf(pid) : NaN;
  let peak = before;
  const serverSampler = setInterval(() => {
    if (pid) peak = Math.max(peak, rssOf(pid));
  }, 50);
  t0 = performance.now();
  let bytes = 0;
  let firstByteMs = NaN;
  const file = '/tmp/bench-export.xlsx';
  await new Promise<void>((resolve, reject) => {
    const req = http.get(`${BASE}/server/loans/export?companyId=${template.company_id}`, { headers: { 'X-Platform-Token': token } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`export: ${res.statusCode}`));
      const out = createWriteStream(file);
      res.on('data', (chunk: Buffer) => {
        if (!bytes) firstByteMs = performance.now() - t0;
        bytes += chunk.length;
      });
      res.pipe(out);
      out.on('finish', () => resolve());
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  const apiMs = performance.now() - t0;
  clearInterval(serverSampler);
  const after = pid ? rssOf(pid) : NaN;

  // 4. every row there?
  let rowsInFile = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'ignore', styles: 'ignore', worksheets: 'emit' });
  for await (const sheet of reader) for await (const _row of sheet) rowsInFile++;
  const apiRate = rate(rowsInFile - 1, apiMs);
  console.log(
    `API export (HTTP, streamed):  ${(rowsInFile - 1).toLocaleString('en')} rows (header excluded) in ${(apiMs / 1000).toFixed(1)} s = ${apiRate.toLocaleString('en')} rows/s, ${mb(bytes)}, first byte after ${firstByteMs.toFixed(0)} ms`,
  );
  console.log(`  vs cursor only: ${(apiRate / rate(seen, rawMs)).toFixed(2)}x; vs cursor + exceljs: ${(apiRate / rate(written, excelMs)).toFixed(2)}x`);
  console.log(`  server RSS: before ${mb(before)}, peak ${mb(peak)} (growth ${mb(peak - before)}), after ${mb(after)}${pid ? '' : ' (server pid not found)'}`);
  console.log(`  load average: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  await owner.end();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
