import { Logger } from '@nestjs/common';

/**
 * A stop that hangs (a queue's close waiting on a Redis already gone) still ends the process: the
 * shutdown hooks get `ms` after SIGTERM or SIGINT, then the process exits with 1.
 */
export function exitIfStopHangs(ms: number): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      setTimeout(() => {
        new Logger('Stop').error(`not stopped within ${ms / 1000} s of ${signal}; exiting`);
        process.exit(1);
      }, ms).unref();
    });
  }
}
