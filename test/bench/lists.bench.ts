// Benchmark of the loan lists at scale (prints figures, asserts nothing). Run with `npm run bench:lists`
// (BENCH_LOANS, default 100000), which starts fresh services and the built server and sets APP_URL,
// DATABASE_URL and DATA_DIR; or at `npm run bench -- --scale N`, on the shared data set of N loans
// (BENCH_SEEDED_LOANS: already seeded, nothing written here).
//
// Seeds BENCH_LOANS loans with seed:scale's code (real histories) unless they are there, then for the loan list and three
// worklists measures, through the API, page 1, a deep page by cursor (the row 100,000 rows in, or
// 90% of the matches), a filter, a company-name filter and the sort by amount, each beside the raw
// keyset SQL of the same rows on the same indexes (the page's rows alone: no count, no actions, no
// HTTP), sent from here in the same run. The OFFSET page 5000 the lists used to serve is printed too.
import { loadavg } from 'node:os';
import { Client, Pool } from 'pg';
import { WORKLISTS } from '../../workflow/src';
import { loadAuditKeys } from '../../server/src/audit/audit-keys';
import { loadConfig } from '../../server/src/config/config';
import { seedScale } from '../../server/src/demo/seed-scale';
import { encodeCursor } from '../../server/src/loans/loan-list.repository';
import { reportFigure } from './figures';
import { apiClient, signIn, timedP95 } from './http';

const SEEDED = Number(process.env.BENCH_SEEDED_LOANS ?? 0);
const LOANS = SEEDED || Number(process.env.BENCH_LOANS ?? 100_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 30);
const PAGE_SIZE = 20;
const DEEP_ROWS = 5000 * PAGE_SIZE;

const { agent, get } = apiClient(8);
const timed = (op: () => Promise<unknown>) => timedP95(op, REPEAT);

interface ListCase {
  list: string;
  path: string;
  /** The list's own condition in raw SQL (the worklist's states), or none. */
  where: string[];
  params: unknown[];
}

const SORTS = {
  createdDesc: { api: '', order: 'l.created_at DESC, l.id DESC', column: 'l.created_at', tie: 'l.id', type: 'timestamptz', sort: 'createdAt', desc: true },
  amountDesc: {
    api: '&sort=amount&order=desc',
    order: 'wi.amount_fen DESC, wi.loan_id DESC',
    column: 'wi.amount_fen',
    tie: 'wi.loan_id',
    type: 'bigint',
    sort: 'amount',
    desc: true,
  },
} as const;

async function main() {
  const config = loadConfig();
  const key = loadAuditKeys(config, { create: false }).hmacKey;
  // The owner role may ANALYZE the tables after the load; the application role may not.
  if (SEEDED) console.log(`the shared data set: ${SEEDED.toLocaleString('en')} seeded loans`);
  else {
    const seeder = new Client({ connectionString: process.env.MIGRATION_DATABASE_URL ?? process.env.DATABASE_URL });
    const second = new Client({ connectionString: process.env.DATABASE_URL });
    await Promise.all([seeder.connect(), second.connect()]);
    const seeded = await seedScale(seeder, key, { loans: LOANS, verifySample: 100, second, log: (line) => console.log(`  seed: ${line}`) });
    console.log(
      `seeded ${seeded.written} loans (${seeded.events} events) in ${seeded.seconds.toFixed(1)} s: ${(seeded.written / seeded.seconds).toFixed(0)} loans/s; ` +
        `1,000,000 would take about ${(1_000_000 / (seeded.written / seeded.seconds) / 60).toFixed(1)} min at this rate`,
    );
    await Promise.all([seeder.end(), second.end()]);
  }

  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  const token = await signIn('admin');
  const raw = (where: string[], params: unknown[], order: string) => () =>
    pool.query(
      `SELECT l.id, c.name, wi.amount_fen, wi.stage FROM loan l JOIN company c ON c.id = l.company_id JOIN workflow_instance wi ON wi.loan_id = l.id
        WHERE ${['l.deleted_at IS NULL', ...where].join(' AND ')} ORDER BY ${order} LIMIT ${PAGE_SIZE}`,
      params,
    );

  const lists: ListCase[] = [
    { list: 'loan list', path: '/loans', where: [], params: [] },
    ...(['ledgerList', 'suggestList', 'contractList'] as const).map((name) => ({
      list: name,
      path: `/worklists/${name}`,
      where: [`wi.active_paths && $1::text[]`],
      params: [[...WORKLISTS[name].states]],
    })),
  ];
  const table: string[][] = [];
  const dataSet = `${LOANS.toLocaleString('en')} loans`;
  const row = (list: string, what: string, api: number, base: number) => {
    table.push([list, what, api.toFixed(1), base.toFixed(1), (api / base).toFixed(2)]);
    reportFigure('lists', {
      figure: `${list} at ${dataSet}: ${what}, p95 (baseline: raw keyset SQL, same rows and index)`,
      value: api,
      baseline: base,
      unit: 'ms',
      target: '<= 5x raw',
    });
    console.log(`  ${list} · ${what}: API p95 ${api.toFixed(1)} ms, raw ${base.toFixed(1)} ms, ${(api / base).toFixed(2)}x`);
  };
  for (const c of lists) {
    const n = c.params.length;
    const q = (extra: string) => `${c.path}?pageSize=${PAGE_SIZE}${extra}`;
    const page1 = await timed(() => get(q(''), token));
    row(c.list, 'page 1', page1, await timed(raw(c.where, c.params, SORTS.createdDesc.order)));

    // The deep row: where page 5000 starts (or 90% into a shorter list), as its cursor.
    const { rows: matches } = await pool.query(
      `SELECT count(*)::int AS n FROM loan l JOIN workflow_instance wi ON wi.loan_id = l.id WHERE ${['l.deleted_at IS NULL', ...c.where].join(' AND ')}`,
      c.params,
    );
    const depth = Math.min(DEEP_ROWS, Math.floor(matches[0].n * 0.9));
    const s = SORTS.createdDesc;
    const { rows: at } = await pool.query(
      `SELECT l.id, l.created_at::text AS v FROM loan l JOIN workflow_instance wi ON wi.loan_id = l.id
        WHERE ${['l.deleted_at IS NULL', ...c.where].join(' AND ')} ORDER BY ${s.order} OFFSET ${depth} LIMIT 1`,
      c.params,
    );
    const cursor = encodeCursor({ sort: s.sort, desc: s.desc, value: at[0].v, id: at[0].id });
    const deep = await timed(() => get(q(`&cursor=${cursor}`), token));
    const deepWhere = [...c.where, `(${s.column}, ${s.tie}) < ($${n + 1}::${s.type}, $${n + 2}::uuid)`];
    row(c.list, `row ${depth} by cursor`, deep, await timed(raw(deepWhere, [...c.params, at[0].v, at[0].id], s.order)));
    table.push([c.list, `row ${depth} by cursor vs page 1 (API)`, deep.toFixed(1), page1.toFixed(1), (deep / page1).toFixed(2)]);
    reportFigure('lists', {
      figure: `${c.list} at ${dataSet}: row ${depth.toLocaleString('en')} (page ${Math.floor(depth / PAGE_SIZE) + 1}) by cursor, p95 (baseline: page 1 through the API)`,
      value: deep,
      baseline: page1,
      unit: 'ms',
      target: '<= 2x page 1',
    });
    const offsetPage = Math.floor(depth / PAGE_SIZE) + 1;
    const offset = await timed(() => get(q(`&pageNum=${offsetPage}`), token));
    table.push([c.list, `page ${offsetPage} by OFFSET (old way) vs cursor`, offset.toFixed(1), deep.toFixed(1), (offset / deep).toFixed(2)]);

    if (c.list === 'loan list') {
      const stage = await timed(() => get(q('&stage=afterGuarantee'), token));
      row(c.list, 'stage filter', stage, await timed(raw([`wi.stage = 'afterGuarantee'`], [], s.order)));
    } else {
      const amount = await timed(() => get(q('&amountMin=5000000'), token));
      row(c.list, 'amount filter', amount, await timed(raw([...c.where, `wi.amount_fen >= 500000000`], c.params, s.order)));
    }
    // A word in about one company name in ten, and one company (selective: exact count).
    for (const [what, word] of [
      ['name filter (common word)', '智造'],
      ['name filter (one company)', '智造1234有限'],
    ] as const) {
      const api = await timed(() => get(q(`&companyName=${encodeURIComponent(word)}`), token));
      row(c.list, what, api, await timed(raw([...c.where, `c.name ILIKE $${n + 1}`], [...c.params, `%${word}%`], s.order)));
    }
    const a = SORTS.amountDesc;
    row(c.list, 'sort by amount', await timed(() => get(q(a.api), token)), await timed(raw(c.where, c.params, a.order)));
  }
  await pool.end();
  const load = loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
  console.log(`\n### Lists at ${LOANS.toLocaleString('en')} loans (p95 of ${REPEAT}, ms; load average ${load})\n`);
  console.log('| list | case | API p95 | baseline p95 | ratio |');
  console.log('|---|---|---|---|---|');
  for (const r of table) console.log(`| ${r.join(' | ')} |`);
  agent.destroy();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
