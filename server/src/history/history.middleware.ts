import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { AuthUser } from '../auth/auth-user';
import { clientIp } from '../common/request-info';
import { HistoryWriter } from './history.writer';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The history log: every state-changing request, with actor, time, action, target and outcome,
 * whether it succeeded or not. Written when the answer has gone out.
 */
@Injectable()
export class HistoryMiddleware implements NestMiddleware {
  constructor(private readonly writer: HistoryWriter) {}

  use(req: Request & { user?: AuthUser }, res: Response, next: NextFunction) {
    if (!STATE_CHANGING.has(req.method)) return next();
    res.on('finish', () => {
      const route = (req.route?.path as string | undefined) ?? req.path;
      this.writer.write({
        actorId: req.user?.id ?? res.locals.actorId ?? null,
        actorName: req.user?.username ?? res.locals.actorName ?? null,
        method: req.method,
        action: `${req.method} ${route}`,
        target: req.originalUrl.split('?')[0],
        status: res.statusCode,
        code: res.locals.answerCode ?? (res.statusCode < 400 ? 'A00000' : null),
        ip: clientIp(req),
      });
    });
    next();
  }
}
