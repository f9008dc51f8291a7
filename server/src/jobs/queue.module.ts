import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/config';
import { QUEUE_DEFAULT_JOB_OPTIONS } from './job-options';
import { QUEUES } from './queues';
import IORedis from 'ioredis';
import { redisOptions } from './redis';

/** BullMQ on the configured Redis, every queue registered once for producers and workers alike. */
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ connection: new IORedis(redisOptions(config.redisUrl)), prefix: config.queuePrefix }),
    }),
    ...Object.values(QUEUES).map((name) => BullModule.registerQueue({ name, defaultJobOptions: QUEUE_DEFAULT_JOB_OPTIONS })),
  ],
  exports: [BullModule],
})
export class QueueModule {}
