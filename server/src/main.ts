import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp, prepareDatabase } from './app.factory';
import { loadConfig } from './config/config';
import { DEMO_USERS } from './demo/demo-users';
import { checkRedisBeforeStart } from './jobs/redis-check';
import { exitIfStopHangs } from './common/stop-watchdog';

async function main() {
  exitIfStopHangs(20_000);
  const config = loadConfig();
  // Before the database is touched: a Redis that may evict or forget queued jobs stops the start.
  await checkRedisBeforeStart(config.redisUrl, config.redisRefuseUnsafe);
  const app = await createApp(config);
  await prepareDatabase(app, config);
  await app.listen(config.port, config.host);
  const url = `http://localhost:${config.port}/`;
  const logger = new Logger('Start');
  logger.log(`ready: ${url} (API ${url}server, OpenAPI ${url}server/docs)`);
  if (config.demoMode) {
    logger.log(`demo accounts (password ${config.demoPassword}): ${DEMO_USERS.map((u) => u.username).join(', ')}`);
  }
}

main().catch((error) => {
  new Logger('Start').error(error instanceof Error ? error.stack : String(error));
  process.exit(1);
});
