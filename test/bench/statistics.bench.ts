// Benchmark of the statistics pages and the regulatory figures at scale (prints figures, asserts
// nothing). Run with `node scripts/bench.mjs statistics` (BENCH_LOANS, default 100000), which starts
// fresh services and the built server and sets APP_URL and DATABASE_URL.
//
// Seeds BENCH_LOANS loans with seed:scale's code (real histories) unless BENCH_SEEDED_LOANS is set
// (the database already holds that many seeded loans: nothing is written), then measures each
// statistics endpoint and the regulatory figures through the API (p95 of BENCH_REPEAT, default 10),
// each beside a raw baseline sent from here in the same run: a plain count of the disbursed loans on
// their covering index, the least any figure over the loans in force must read.
// BENCH_HOLD_SECONDS keeps the services up that long at the end (to EXPLAIN by hand).
import { loadavg } from 'node:os';
import { Client, Pool } from 'pg';
import { loadAuditKeys } from '../../server/src/audit/audit-keys';
import { loadConfig } from '../../server/src/config/config';
import { seedScale } from '../../server/src/demo/seed-scale';
import { reportFigure } from './figures';
import { apiClient, signIn, timedP95 } from './http';

const SEEDED = process.env.BENCH_SEEDED_LOANS ? Number(process.env.BENCH_SEEDED_LOANS) : undefined;
const LOANS = SEEDED ?? Number(process.env.BENCH_LOANS ?? 100_000);
// At a million loans a figure takes many seconds: three runs each, unless told otherwise.
const REPEAT = Number(process.env.BENCH_REPEAT ?? ((SEEDED ?? 0) >= 500_000 ? 3 : 10));
const HOLD = Number(process.env.BENCH_HOLD_SECONDS ?? 0);

const { agent, getSized: get } = apiClient(4);
const timed = (op: () => Promise<unknown>) => timedP95(op, REPEAT);

async function main() {
  if (SEEDED === undefined) {
    const config = loadConfig();
    const key = loadAuditKeys(config, { create: false }).hmacKey;
    // The owner role may ANALYZE the tables after the load; the application role may not.
    const seeder = new Client({ connectionString: process.env.MIGRATION_DATABASE_URL ?? process.env.DATABASE_URL });
    const second = new Client({ connectionString: process.env.DATABASE_URL });
    await Promise.all([seeder.connect(), second.connect()]);
    const seeded = await seedScale(seeder, key, { loans: LOANS, verifySample: 20, second, log: (line) => console.log(`  seed: ${line}`) });
    console.log(`seeded ${seeded.written} loans (${seeded.events} events) in ${seeded.seconds.toFixed(1)} s`);
    await Promise.all([seeder.end(), second.end()]);
  }

  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  const token = await signIn('admin');
  const { rows: span } = await pool.query(
    `SELECT count(*)::int AS n, min(created_at)::date::text AS first, max(created_at)::date::text AS last FROM loan WHERE deleted_at IS NULL`,
  );
  const { n: loanRows, first } = span[0];
  // The whole book as one period, and the default one (the current year).
  const all = `start=${first}`;
  const baseline = await timed(() => pool.query(`SELECT count(*) FROM workflow_instance WHERE disbursed_on IS NOT NULL AND disbursed_amount_fen IS NOT NULL`));
  const cases: [what: string, path: string][] = [
    ['overview (this year)', '/statistics/overview'],
    ['overview (whole book)', `/statistics/overview?${all}`],
    ['amounts by product (whole book)', `/statistics/amounts/product?${all}`],
    ['amounts by bank (whole book)', `/statistics/amounts/bank?${all}`],
    ['amounts by region (whole book)', `/statistics/amounts/region?${all}`],
    ['amounts by person (whole book)', `/statistics/amounts/person?${all}`],
    ['one product loans (whole book)', `/statistics/amounts/product/loans?${all}&typeName=${encodeURIComponent('流动资金贷款')}`],
    ['projects summary (whole book)', `/statistics/projects/summary?${all}`],
    ['projects page 1 (whole book)', `/statistics/projects?${all}&pageSize=20`],
    ['regulatory figures (today)', '/regulatory/figures'],
    ['regulatory figures (a year ago)', `/regulatory/figures?asOf=${new Date(Date.now() - 365 * 86400_000).toISOString().slice(0, 10)}`],
    ['regulatory clients page 1', '/regulatory/exposures?pageSize=50'],
    ['regulatory clients page 100 by name', '/regulatory/exposures?pageSize=50&pageNum=100&sort=name'],
  ];
  const table: string[][] = [];
  for (const [what, path] of cases) {
    let bytes: number;
    let api: number;
    try {
      bytes = (await get(path, token)).bytes;
      api = await timed(() => get(path, token));
    } catch (error) {
      console.log(`  ${what}: skipped (${(error as Error).message.slice(0, 120)})`);
      continue;
    }
    const load = loadavg()[0];
    table.push([what, api.toFixed(1), baseline.toFixed(1), (api / baseline).toFixed(2), (bytes / 1024).toFixed(1), load.toFixed(2)]);
    console.log(
      `  ${what}: API p95 ${api.toFixed(1)} ms, raw count ${baseline.toFixed(1)} ms, ${(api / baseline).toFixed(2)}x, ${(bytes / 1024).toFixed(1)} KiB`,
    );
    reportFigure('statistics', {
      figure: `${what} at ${LOANS.toLocaleString('en')} seeded loans, p95`,
      value: api,
      unit: 'ms',
      baseline,
      target: '< 1 s at 1M loans',
    });
  }
  await pool.end();
  console.log(
    `\n### Statistics and regulatory figures at ${loanRows.toLocaleString('en')} loans (p95 of ${REPEAT}, ms; baseline: raw indexed count of the disbursed loans)\n`,
  );
  console.log('| endpoint | API p95 | baseline p95 | ratio | body KiB | load avg |');
  console.log('|---|---|---|---|---|---|');
  for (const r of table) console.log(`| ${r.join(' | ')} |`);
  agent.destroy();
  if (HOLD > 0) {
    console.log(`holding ${HOLD} s: DATABASE_URL=${process.env.DATABASE_URL}`);
    await new Promise((r) => setTimeout(r, HOLD * 1000));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
