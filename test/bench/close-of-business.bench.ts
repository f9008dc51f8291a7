// Benchmark of the nightly close of business (prints figures, asserts nothing). Run with
// `npm run bench:close-of-business` (BENCH_LOANS, default 20000), which starts fresh services and the
// built server and sets DATABASE_URL; or at `npm run bench -- --scale 1000000 --only close-of-business`,
// on the shared data set of a million loans (BENCH_SEEDED_LOANS: already seeded, nothing written here).
//
// Seeds BENCH_LOANS loans with seed:scale's code (real histories, their repayment plans and instalments
// included) unless they are there, then runs the close of business as the worker does (its three steps:
// overdue days and buckets of every loan after guarantee, the messages of the bucket changes, the
// regulatory snapshot) for today, the first run over a book never closed (every overdue loan a change),
// and again for tomorrow (the nightly steady state: the days run on, few changes). Prints each run's
// time, its steps' times and rows, and the time per loan after guarantee and per loan of the book.
// The bench's own runs, rows and messages are removed before and after, so the shared data set stays as it was.
import { loadavg } from 'node:os';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { loadAuditKeys } from '../../server/src/audit/audit-keys';
import { runCloseOfBusiness, type RunOutcome } from '../../server/src/close-of-business/close-of-business.run';
import { Clock } from '../../server/src/common/clock';
import { companyDay } from '../../server/src/common/company-time';
import { loadConfig } from '../../server/src/config/config';
import { seedScale } from '../../server/src/demo/seed-scale';
import { RegulatoryRepository } from '../../server/src/regulatory/regulatory.repository';
import { RegulatoryService } from '../../server/src/regulatory/regulatory.service';
import { reportFigure } from './figures';

const SEEDED = process.env.BENCH_SEEDED_LOANS ? Number(process.env.BENCH_SEEDED_LOANS) : undefined;
const LOANS = SEEDED ?? Number(process.env.BENCH_LOANS ?? 20_000);

async function cleanUp(db: DataSource): Promise<void> {
  await db.query(`DELETE FROM message WHERE source_key LIKE 'overdue:%'`);
  await db.query(`DELETE FROM loan_overdue_day`);
  await db.query(`DELETE FROM loan_overdue`);
  await db.query(`DELETE FROM regulatory_snapshot`);
  await db.query(`DELETE FROM close_of_business_step`);
  await db.query(`DELETE FROM close_of_business_run`);
}

async function main() {
  if (SEEDED === undefined) {
    const key = loadAuditKeys(loadConfig(), { create: false }).hmacKey;
    // The owner role may ANALYZE the tables after the load; the application role may not.
    const seeder = new Client({ connectionString: process.env.MIGRATION_DATABASE_URL ?? process.env.DATABASE_URL });
    const second = new Client({ connectionString: process.env.DATABASE_URL });
    await Promise.all([seeder.connect(), second.connect()]);
    const seeded = await seedScale(seeder, key, { loans: LOANS, verifySample: 20, second, log: (line) => console.log(`  seed: ${line}`) });
    console.log(`seeded ${seeded.written} loans (${seeded.events} events) in ${seeded.seconds.toFixed(1)} s`);
    await Promise.all([seeder.end(), second.end()]);
  } else console.log(`the shared data set: ${SEEDED.toLocaleString('en')} seeded loans`);

  const db = await new DataSource({ type: 'postgres', url: process.env.DATABASE_URL, extra: { max: 4 } }).initialize();
  const clock = new Clock();
  const regulatory = new RegulatoryService(db, clock, new RegulatoryRepository(db));
  const [{ loans, after, instalments }] = await db.query(
    `SELECT (SELECT count(*)::int FROM loan WHERE deleted_at IS NULL) AS loans,
            (SELECT count(*)::int FROM workflow_instance WHERE stage = 'afterGuarantee') AS after,
            (SELECT count(*)::int FROM repayment_instalment WHERE superseded_at IS NULL) AS instalments`,
  );
  console.log(`${loans.toLocaleString('en')} loans, ${after.toLocaleString('en')} after guarantee, ${instalments.toLocaleString('en')} live instalments`);
  await cleanUp(db);

  const today = companyDay(clock.now());
  const tomorrow = companyDay(new Date(clock.now().getTime() + 86_400_000));
  const runs: [label: string, day: string][] = [
    ['first run (a book never closed)', today],
    ['next night (steady state)', tomorrow],
  ];
  for (const [label, day] of runs) {
    const t0 = performance.now();
    const outcome: RunOutcome = await runCloseOfBusiness(db, day, (d) => regulatory.figures(d));
    const ms = performance.now() - t0;
    if (!outcome.ran) throw new Error(`the close of business of ${day} did not run`);
    const [{ overdue }] = await db.query(`SELECT count(*)::int AS overdue FROM loan_overdue`);
    console.log(
      `close of business ${day}, ${label}: ${(ms / 1000).toFixed(2)} s; ${(ms / Math.max(after, 1)).toFixed(4)} ms per loan after guarantee, ` +
        `${((ms * 1000) / Math.max(loans, 1)).toFixed(1)} µs per loan of the book; ${overdue.toLocaleString('en')} loans overdue`,
    );
    for (const s of outcome.steps) console.log(`  ${s.step.padEnd(9)} ${(s.ms / 1000).toFixed(2)} s, ${s.rows.toLocaleString('en')} rows`);
    reportFigure('close-of-business', {
      figure: `nightly close of business, ${label}, ${loans.toLocaleString('en')} loans`,
      value: Math.round(ms),
      unit: 'ms',
    });
    reportFigure('close-of-business', {
      figure: `nightly close of business per loan after guarantee, ${label}, ${loans.toLocaleString('en')} loans`,
      value: Number((ms / Math.max(after, 1)).toFixed(4)),
      unit: 'ms',
    });
  }
  await cleanUp(db);
  console.log(`load average ${loadavg()[0].toFixed(2)}`);
  await db.destroy();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
