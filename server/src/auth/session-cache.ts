import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type IORedis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/config';
import { REDIS } from '../jobs/redis';
import type { AuthUser } from './auth-user';

const CHANNEL = 'gbo:session-invalidate';
const MAX_ENTRIES = 10_000;

type Invalidation = { sessionId: string } | { userId: string };

/**
 * Resolved sessions, kept a few seconds in this process so that a busy user does not cost a session
 * query per request. Anything that ends a session (logout, disable, password change) drops it here at
 * once and tells every other process through Redis; if that message were lost, the entry still dies
 * with its short TTL.
 */
@Injectable()
export class SessionCache implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(SessionCache.name);
  private readonly entries = new Map<string, { user: AuthUser; until: number }>();
  private subscriber: IORedis | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: IORedis,
  ) {}

  async onModuleInit() {
    if (this.config.sessionCacheMs <= 0) return;
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (_channel: string, message: string) => {
      try {
        this.drop(JSON.parse(message) as Invalidation);
      } catch {
        /* not ours */
      }
    });
    this.subscriber.on('error', (error: Error) => this.logger.warn(`invalidation channel: ${error.message}`));
    await this.subscriber.subscribe(CHANNEL);
  }

  async onModuleDestroy() {
    await this.subscriber?.quit().catch(() => undefined);
  }

  get(tokenHash: string): AuthUser | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    if (entry.until < Date.now()) {
      this.entries.delete(tokenHash);
      return null;
    }
    return entry.user;
  }

  set(tokenHash: string, user: AuthUser) {
    if (this.config.sessionCacheMs <= 0) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(tokenHash, { user, until: Date.now() + this.config.sessionCacheMs });
  }

  /** Drops matching entries here and in every other process. */
  async invalidate(what: Invalidation): Promise<void> {
    this.drop(what);
    if (this.config.sessionCacheMs > 0) await this.redis.publish(CHANNEL, JSON.stringify(what)).catch(() => undefined);
  }

  private drop(what: Invalidation) {
    for (const [key, entry] of this.entries) {
      if ('sessionId' in what ? entry.user.sessionId === what.sessionId : entry.user.id === what.userId) this.entries.delete(key);
    }
  }
}
