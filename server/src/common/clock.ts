import { Injectable } from '@nestjs/common';

/** The server's one source of "now" for business events, so tests can pin it. */
@Injectable()
export class Clock {
  /**
   * Milliseconds added to the real time, for tests that need days to pass (reminders): set here in
   * the test's own process, or by CLOCK_OFFSET_MS for a worker it spawns. Never honoured in production.
   */
  static offsetMs = process.env.NODE_ENV !== 'production' && process.env.CLOCK_OFFSET_MS ? Number(process.env.CLOCK_OFFSET_MS) || 0 : 0;

  now(): Date {
    return new Date(Date.now() + Clock.offsetMs);
  }
}
