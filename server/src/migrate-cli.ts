import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { loadAuditKeys } from './audit/audit-keys';
import { migrate } from './app.factory';
import { loadConfig } from './config/config';

/**
 * The migrate step on its own (npm start and docker-compose run it before the API): as the owner
 * (MIGRATION_DATABASE_URL), holding the audit key, so that the API and the worker never hold the owner's credentials.
 */
async function main() {
  const config = loadConfig();
  if (!config.migrationDatabaseUrl) throw new Error('set MIGRATION_DATABASE_URL (the owner role) to migrate');
  await migrate(config, loadAuditKeys(config));
}

main().catch((error) => {
  new Logger('Migrate').error(error instanceof Error ? error.stack : String(error));
  process.exit(1);
});
