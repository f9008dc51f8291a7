// Benchmark of the vault inventory's first page (prints figures, asserts nothing). Run with
// `npm run bench:custody` (BENCH_LOANS, default 20000), which starts fresh services and the built
// server and sets APP_URL and DATABASE_URL; or at `npm run bench -- --scale N --only custody`, on the
// shared data set of N loans (BENCH_SEEDED_LOANS: already seeded, nothing written here).
//
// Seeds BENCH_LOANS loans with seed:scale's code unless they are there (its last step puts a
// certificate in the vault for each seeded loan whose collateral is confirmed, one in ten lent out),
// then measures through the API the inventory's first page (by last move, newest first), the overdue
// returns and a page by cursor 90% deep, each beside the raw keyset SQL of the same rows on the same
// index (ids and columns alone: no count, no tabs, no HTTP), and prints the ratio.
import { loadavg } from 'node:os';
import { Pool } from 'pg';
import { benchLoans } from './bench-data';
import { reportFigure } from './figures';
import { apiClient, signIn, timedP95 } from './http';

const REPEAT = Number(process.env.BENCH_REPEAT ?? 30);
const PAGE_SIZE = 20;
const { get } = apiClient(4);
const timed = (op: () => Promise<unknown>) => timedP95(op, REPEAT);

async function main() {
  const loans = await benchLoans();
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  const [{ n }] = (await pool.query(`SELECT count(*)::int AS n FROM custody_certificate`)).rows;
  console.log(`${n.toLocaleString('en')} certificates in custody`);
  const token = await signIn('finance');
  const dataSet = `${loans.toLocaleString('en')} loans, ${n.toLocaleString('en')} certificates`;
  const raw = (where: string, params: unknown[], order: string) => () =>
    pool.query(
      `SELECT c.id, c.number, c.state, c.return_due_on, co.name FROM custody_certificate c JOIN loan l ON l.id = c.loan_id JOIN company co ON co.id = l.company_id
        ${where} ORDER BY ${order} LIMIT ${PAGE_SIZE}`,
      params,
    );
  const row = (what: string, api: number, base: number) => {
    reportFigure('custody', {
      figure: `vault inventory at ${dataSet}: ${what}, p95 (baseline: raw keyset SQL, same rows and index)`,
      value: api,
      baseline: base,
      unit: 'ms',
      target: '<= 5x raw',
    });
    console.log(`  vault inventory · ${what}: API p95 ${api.toFixed(1)} ms, raw ${base.toFixed(1)} ms, ${(api / base).toFixed(2)}x`);
  };

  // the floor every page pays (session, permissions, HTTP, JSON): what a page costs beyond its SQL is above it
  const floor = await timed(() => get('/user/current', token));
  console.log(`  the API's floor (GET /server/user/current, signed in): p95 ${floor.toFixed(1)} ms`);
  row('first page', await timed(() => get(`/custody/inventory?pageSize=${PAGE_SIZE}`, token)), await timed(raw('', [], 'c.state_changed_at DESC, c.id DESC')));
  row(
    'overdue returns, first page',
    await timed(() => get(`/custody/inventory?state=OVERDUE&pageSize=${PAGE_SIZE}`, token)),
    await timed(raw(`WHERE c.state = 'LENT' AND c.return_due_on < current_date`, [], 'c.state_changed_at DESC, c.id DESC')),
  );
  // a page 90% deep, by its cursor
  const { rows: at } = await pool.query(
    `SELECT id, state_changed_at::text AS v FROM custody_certificate ORDER BY state_changed_at DESC, id DESC OFFSET ${Math.floor(n * 0.9)} LIMIT 1`,
  );
  if (at.length) {
    const cursor = Buffer.from(JSON.stringify(['stateChangedAt', 1, at[0].v, at[0].id])).toString('base64url');
    row(
      'a page 90% deep by cursor',
      await timed(() => get(`/custody/inventory?pageSize=${PAGE_SIZE}&cursor=${cursor}`, token)),
      await timed(raw(`WHERE (c.state_changed_at, c.id) < ($1::timestamptz, $2::uuid)`, [at[0].v, at[0].id], 'c.state_changed_at DESC, c.id DESC')),
    );
  }
  console.log(`load average ${loadavg()[0].toFixed(2)}`);
  await pool.end();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
