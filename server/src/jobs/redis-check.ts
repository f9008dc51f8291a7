import { Logger } from '@nestjs/common';
import type IORedis from 'ioredis';

/**
 * Queues lose jobs when Redis evicts keys or forgets them on restart. In production both settings are
 * required (start-up refuses otherwise); elsewhere a warning is enough.
 */
export async function checkRedisDurability(redis: IORedis, production: boolean): Promise<string[]> {
  const problems: string[] = [];
  try {
    const [, policy] = (await redis.config('GET', 'maxmemory-policy')) as string[];
    if (policy !== 'noeviction') problems.push(`maxmemory-policy is ${policy}, needs noeviction`);
    const [, aof] = (await redis.config('GET', 'appendonly')) as string[];
    if (aof !== 'yes') problems.push('appendonly is off (AOF needed so that queued reminders survive a restart)');
  } catch (error) {
    problems.push(`cannot read the Redis configuration (${(error as Error).message}); make sure of noeviction and AOF`);
  }
  const logger = new Logger('Redis');
  for (const p of problems) {
    if (production) logger.error(p);
    else logger.warn(p);
  }
  if (production && problems.length) throw new Error(`Redis is not safe for queues: ${problems.join('; ')}`);
  return problems;
}
