import { Injectable, Logger, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { clientIp } from '../common/request-info';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The history log: every state-changing request, with actor, time, action, target and outcome,
 * whether it succeeded or not. Written when the answer has gone out.
 */
@Injectable()
export class HistoryMiddleware implements NestMiddleware {
  private readonly logger = new Logger('History');

  constructor(private readonly db: DataSource) {}

  use(req: Request & { user?: AuthUser }, res: Response, next: NextFunction) {
    if (!STATE_CHANGING.has(req.method)) return next();
    res.on('finish', () => {
      const route = (req.route?.path as string | undefined) ?? req.path;
      this.db
        .query(
          `INSERT INTO history_log (actor_id, actor_name, method, action, target, status, code, ip) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            req.user?.id ?? res.locals.actorId ?? null,
            (req.user?.username ?? res.locals.actorName ?? null)?.slice(0, 100) ?? null,
            req.method,
            `${req.method} ${route}`.slice(0, 200),
            req.originalUrl.split('?')[0].slice(0, 500),
            res.statusCode,
            res.locals.answerCode ?? (res.statusCode < 400 ? 'A00000' : null),
            clientIp(req),
          ],
        )
        .catch((error: Error) => this.logger.error(`history log write failed: ${error.message}`));
    });
    next();
  }
}
