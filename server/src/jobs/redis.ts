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
  return new IORedis(redisOptions(url, false));
}

export const REDIS = Symbol('REDIS');
