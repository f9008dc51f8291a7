import { Injectable } from '@nestjs/common';

/** The server's one source of "now" for business events, so tests can pin it. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
