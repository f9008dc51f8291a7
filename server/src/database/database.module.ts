import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../../migrations';
import { APP_CONFIG, AppConfig } from '../config/config';
import { ConfigModule } from '../config/config.module';
import { PlannedReads } from './planned-reads';

/** Connections each API process opens at most (the workflow bench gives its raw baseline as many). */
export const POOL_MAX = 20;

export function dataSourceOptions(config: AppConfig): DataSourceOptions {
  return {
    type: 'postgres',
    url: config.databaseUrl,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migration',
    synchronize: false,
    logging: ['error'],
    extra: { max: POOL_MAX },
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
