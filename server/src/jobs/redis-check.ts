import { Logger } from '@nestjs/common';
import type IORedis from 'ioredis';
import { createRedis } from './redis';

/** The command that fixes each setting, named in the message (and to be kept in redis.conf). */
export const REDIS_FIXES = {
  policy: 'CONFIG SET maxmemory-policy noeviction',
  aof: 'CONFIG SET appendonly yes',
} as const;

/**
 * Queues lose jobs when Redis evicts keys (any maxmemory-policy but noeviction: an evicted delayed
 * job is a reminder never sent) or forgets them on restart (no AOF). With `refuse` (NODE_ENV=production,
 * or REDIS_REFUSE_UNSAFE=true) the start stops with a message that names the fix; otherwise a warning
 * is enough. Returns the problems found.
 */
export async function checkRedisDurability(redis: IORedis, refuse: boolean): Promise<string[]> {
  const problems: string[] = [];
  try {
    const [, policy] = (await redis.config('GET', 'maxmemory-policy')) as string[];
    if (policy !== 'noeviction') {
      problems.push(
        `maxmemory-policy is ${policy}: Redis may evict queued jobs (reminders) when memory runs short. ` +
          `Fix: redis-cli ${REDIS_FIXES.policy} (and "maxmemory-policy noeviction" in redis.conf)`,
      );
    }
    const [, aof] = (await redis.config('GET', 'appendonly')) as string[];
    if (aof !== 'yes') {
      problems.push(
        `appendonly is ${aof}: queued reminders would not survive a Redis restart. Fix: redis-cli ${REDIS_FIXES.aof} (and "appendonly yes" in redis.conf)`,
      );
    }
  } catch (error) {
    problems.push(
      `cannot read the Redis configuration (${(error as Error).message}): make sure of ${REDIS_FIXES.policy} and ${REDIS_FIXES.aof}, ` +
        `or allow CONFIG GET to this connection`,
    );
  }
  const logger = new Logger('Redis');
  for (const p of problems) {
    if (refuse) logger.error(p);
    else logger.warn(p);
  }
  if (refuse && problems.length) throw new Error(`Redis is not safe for queues, start refused: ${problems.join('; ')}`);
  return problems;
}

/** The check on a connection of its own, before anything else starts (API and worker alike). */
export async function checkRedisBeforeStart(url: string, refuse: boolean): Promise<string[]> {
  const redis = createRedis(url);
  try {
    return await checkRedisDurability(redis, refuse);
  } finally {
    redis.disconnect();
  }
}
