import { Logger } from '@nestjs/common';
import IORedis, { RedisOptions } from 'ioredis';

/** ioredis options from a redis:// URL (BullMQ needs maxRetriesPerRequest: null on its connections). */
export function redisOptions(url: string, forBullmq = true): RedisOptions {
  const u = new URL(url);
  return {
    host: u.hostname || '127.0.0.1',
    port: Number(u.port || 6379),
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname && u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
    tls: u.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: forBullmq ? null : 1,
    lazyConnect: false,
  };
}

export function createRedis(url: string): IORedis {
  const client = new IORedis(redisOptions(url, false));
  // Without a listener ioredis prints every failed reconnect in full while Redis is away: one line a minute.
  let said = 0;
  client.on('error', (error: Error) => {
    if (Date.now() - said < 60_000) return;
    said = Date.now();
    new Logger('Redis').warn(`${url.replace(/\/\/[^@/]*@/, '//')}: ${error.message}`);
  });
  return client;
}

export const REDIS = Symbol('REDIS');
