import { CallHandler, ExecutionContext, Injectable, NestInterceptor, StreamableFile } from '@nestjs/common';
import type { Request } from 'express';
import { Observable, map } from 'rxjs';
import { envelope, isEnvelope } from './envelope';
import { langOf } from './i18n';

/** Wraps what handlers return in `{code: 'A00000', message, data}`; binary answers pass through. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    return next.handle().pipe(
      map((value) => {
        if (value instanceof StreamableFile || Buffer.isBuffer(value) || isEnvelope(value)) return value;
        return envelope(value ?? null, langOf(req));
      }),
    );
  }
}
