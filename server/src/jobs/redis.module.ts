import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import type IORedis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/config';
import { createRedis, REDIS } from './redis';

@Global()
@Module({
  providers: [{ provide: REDIS, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createRedis(config.redisUrl) }],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: IORedis) {}

  async onApplicationShutdown() {
    await this.redis.quit().catch(() => undefined);
  }
}
