import 'reflect-metadata';
import cluster from 'node:cluster';
import { Logger } from '@nestjs/common';
import { createApp, prepareDatabase } from './app.factory';
import { loadConfig } from './config/config';
import { DEMO_USERS } from './demo/demo-users';
import { checkRedisBeforeStart } from './jobs/redis-check';
import { exitIfStopHangs } from './common/stop-watchdog';
import { runApiPrimary } from './processes/api-cluster';
import { INSTANCE_ID } from './processes/instance-id';
import { apiProcesses } from './processes/process-count';

/** Processes exit this long after a stop signal, whatever still hangs. */
const STOP_WATCHDOG_MS = 20_000;

/** One API process: the Nest app, listening on PORT (shared through node:cluster when there are several). */
async function serve(processes: number) {
  exitIfStopHangs(STOP_WATCHDOG_MS);
  // The processes of the API share its connection pool (database.module.ts: POOL_MAX).
  const config = { ...loadConfig(), poolProcesses: processes };
  // Before the database is touched: a Redis that may evict or forget queued jobs stops the start.
  await checkRedisBeforeStart(config.redisUrl, config.redisRefuseUnsafe);
  const app = await createApp(config);
  // Safe when several processes start at once (migrations and demo data take their locks).
  await prepareDatabase(app, config);
  await app.listen(config.port, config.host);
  const url = `http://localhost:${config.port}/`;
  const logger = new Logger('Start');
  logger.log(`ready: ${url} (API ${url}server, OpenAPI ${url}server/docs; instance ${INSTANCE_ID})`);
  // Said once, by the first of several processes.
  if (config.demoMode && (!cluster.isWorker || cluster.worker?.id === 1)) {
    logger.log(`demo accounts (password ${config.demoPassword}): ${DEMO_USERS.map((u) => u.username).join(', ')}`);
  }
}

async function main() {
  const processes = apiProcesses();
  // API_PROCESSES=1 runs the app in this process, as before there were several.
  // The primary waits a little past its processes' own watchdog before it kills what is left.
  if (processes > 1 && cluster.isPrimary) runApiPrimary(processes, STOP_WATCHDOG_MS + 2_000);
  else await serve(processes);
}

main().catch((error) => {
  new Logger('Start').error(error instanceof Error ? error.stack : String(error));
  process.exit(1);
});
