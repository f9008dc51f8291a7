import { Client } from 'pg';
import { loadAuditKeys } from '../../server/src/audit/audit-keys';
import { loadConfig } from '../../server/src/config/config';
import { seedScale } from '../../server/src/demo/seed-scale';

/**
 * The loans a page bench measures: the shared data set of `npm run bench -- --scale N`
 * (BENCH_SEEDED_LOANS, nothing written), or BENCH_LOANS seeded here with seed:scale's code unless
 * they are there. Answers how many loans the data set holds.
 */
export async function benchLoans(defaultLoans = 20_000): Promise<number> {
  const seededAlready = Number(process.env.BENCH_SEEDED_LOANS ?? 0);
  if (seededAlready) {
    console.log(`the shared data set: ${seededAlready.toLocaleString('en')} seeded loans`);
    return seededAlready;
  }
  const loans = Number(process.env.BENCH_LOANS ?? defaultLoans);
  const key = loadAuditKeys(loadConfig(), { create: false }).hmacKey;
  const seeder = new Client({ connectionString: process.env.MIGRATION_DATABASE_URL ?? process.env.DATABASE_URL });
  const second = new Client({ connectionString: process.env.DATABASE_URL });
  await Promise.all([seeder.connect(), second.connect()]);
  try {
    const seeded = await seedScale(seeder, key, { loans, verifySample: 20, second, log: (line) => console.log(`  seed: ${line}`) });
    console.log(`seeded ${seeded.written} loans (${seeded.events} events) in ${seeded.seconds.toFixed(1)} s`);
  } finally {
    await Promise.all([seeder.end(), second.end()]);
  }
  return loans;
}
