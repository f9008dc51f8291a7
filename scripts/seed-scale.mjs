// `npm run seed:scale -- --loans N [--batch 3000]`: N loans with real event histories for benchmarks and a
// demo at scale (server/src/demo/seed-scale.ts). Resumable: run it again to go on where it stopped.
// Uses DATABASE_URL and DATA_DIR when set (the audit key must be the server's); otherwise the
// project-local cluster of `npm start` (.data/pg), which must have been started once (demo accounts).
import { runServerCli, shutdown } from './lib.mjs';

await shutdown(await runServerCli('seed:scale', 'server/dist/server/src/demo/seed-scale.js', process.argv.slice(2)));
