import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../../migrations';
import { APP_CONFIG, AppConfig } from '../config/config';
import { ConfigModule } from '../config/config.module';
import { PlannedReads } from './planned-reads';

/**
 * Connections a role (the API, the workers) opens at most, shared by its processes (API_PROCESSES,
 * WORKER_PROCESSES), so that more processes do not mean more PostgreSQL connections; the workflow
 * bench, which runs one API process, gives its raw baseline as many.
 */
export const POOL_MAX = 20;
/** No process gets fewer: below this, a few slow requests would leave the others waiting for a connection. */
export const POOL_MIN_PER_PROCESS = 5;

/** The pool of one of `processes` processes of a role: its share of POOL_MAX, at least POOL_MIN_PER_PROCESS. */
export function poolShare(processes: number): number {
  return Math.max(POOL_MIN_PER_PROCESS, Math.ceil(POOL_MAX / Math.max(1, processes)));
}

/**
 * The main pool of a process: its share, less the connections of its export threads (EXPORT_WORKERS:
 * each opens one of its own while it reads an export's query, outside this pool), so that the
 * process's connections stay within its share; never below the floor.
 */
export function mainPoolMax(config: Pick<AppConfig, 'poolProcesses' | 'exportWorkers'>): number {
  return Math.max(POOL_MIN_PER_PROCESS, poolShare(config.poolProcesses) - config.exportWorkers);
}

export function dataSourceOptions(config: AppConfig): DataSourceOptions {
  return {
    type: 'postgres',
    url: config.databaseUrl,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migration',
    synchronize: false,
    logging: ['error'],
    extra: { max: mainPoolMax(config) },
  };
}

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      imports: [ConfigModule],
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => dataSourceOptions(config),
    }),
    ConfigModule,
  ],
  providers: [PlannedReads],
  exports: [PlannedReads],
})
export class DatabaseModule {}
