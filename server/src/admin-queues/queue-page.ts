import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { getQueueToken } from '@nestjs/bullmq';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Queue } from 'bullmq';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { isAdmin, type AuthUser } from '../auth/auth-user';
import { TOKEN_HEADER } from '../auth/auth.guard';
import { SessionRepository } from '../auth/session.repository';
import { AppError } from '../common/errors';
import { HistoryMiddleware } from '../history/history.middleware';
import { HistoryWriter } from '../history/history.writer';
import { QUEUES } from '../jobs/queues';
import { OperationsRepository } from '../operations/operations.repository';

/** The queue page (Bull Board): fixed path, a fixed API contract. */
export const QUEUE_PAGE_PATH = '/server/admin/queues';

/**
 * The cookie that lets an administrator's browser tab open the queue page. It carries the session
 * token the web client already holds (so signing out, the idle and the absolute session limits close
 * the page too) and goes nowhere but the queue page: httpOnly (no script reads it), SameSite=Strict
 * (no other site's page or form sends it, so no cross-site request can retry or delete jobs), Path
 * scoped to QUEUE_PAGE_PATH (the rest of the API still wants the X-Platform-Token header and never
 * sees the cookie), Secure whenever the request came over TLS.
 */
export const QUEUE_PAGE_COOKIE = 'gbo_queue_page';

export function queuePageCookieOptions(secure: boolean) {
  return { httpOnly: true, sameSite: 'strict' as const, path: QUEUE_PAGE_PATH, secure };
}

/** One cookie's value from the Cookie header (no cookie parser for the rest of the API: it uses none). */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    if (part.slice(0, at).trim() !== name) continue;
    const raw = part.slice(at + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Administrators only, for the page, its scripts and styles and every API call under the path: 401
 * without a live session (cookie or X-Platform-Token header), 403 for anyone else. A state-changing
 * call (retry, promote, clean, remove) from a page of another origin is refused as well, behind
 * SameSite=Strict.
 */
export function queuePageGuard(sessions: Pick<SessionRepository, 'resolve'>): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    void (async () => {
      const header = req.headers[TOKEN_HEADER];
      const token = (Array.isArray(header) ? header[0] : header) || cookieValue(req.headers.cookie, QUEUE_PAGE_COOKIE);
      const user: AuthUser | null = token ? await sessions.resolve(token) : null;
      if (!user) throw AppError.unauthorized();
      // Named in the history log even when refused below.
      (req as Request & { user?: AuthUser }).user = user;
      if (!isAdmin(user)) throw AppError.forbidden({ required: 'ROLE_ADMIN' });
      if (!READS.has(req.method)) {
        if (!sameOrigin(req)) throw AppError.forbidden({ reason: 'cross-origin' });
        if (!isAllowedWrite(req.path)) throw AppError.forbidden({ reason: 'not-on-this-page' });
      }
    })().then(() => next(), next);
  };
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The only changes the page may make (paths relative to QUEUE_PAGE_PATH): retry a failed or completed
 * job (one, or all of a state), run a delayed job now, remove one job or clean a state. Everything
 * else Bull Board offers is refused with 403: adding a job or editing its data would put work in a
 * queue that no outbox row or transaction stands behind; empty, obliterate, pause, concurrency, rate
 * limits and job-scheduler edits would lose or stop reminders that PostgreSQL says are queued.
 */
const ALLOWED_WRITES = [
  /^\/api\/queues\/[^/]+\/retry\/(failed|completed)$/,
  /^\/api\/queues\/[^/]+\/promote$/,
  /^\/api\/queues\/[^/]+\/clean\/(failed|completed)$/,
  /^\/api\/queues\/[^/]+\/[^/]+\/(retry|promote|clean)$/,
];

export function isAllowedWrite(path: string): boolean {
  return ALLOWED_WRITES.some((pattern) => pattern.test(path));
}

/**
 * Is a change asked for by the queue page itself? Browsers say so in Sec-Fetch-Site, which no page
 * can set or forge; this holds through proxies that rewrite Host (Vite's dev server). A browser
 * without it names the page's origin in Origin, compared with Host. Without either (a script, curl)
 * the token or the SameSite cookie decides alone.
 */
function sameOrigin(req: Request): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const origin = req.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/**
 * The page's Content-Security-Policy, relaxed from the API's (default-src 'none') only as far as Bull
 * Board needs, and no further than the web client's own:
 * - script-src 'self': its scripts are files under the path; its one inline <script> is a JSON data
 *   block (type="application/json"), which is never run and needs no permission. No 'unsafe-inline',
 *   no 'unsafe-eval'.
 * - style-src 'self' 'unsafe-inline': its page carries style attributes and a <style> element, and its
 *   bundle writes <style> elements at run time (neither a hash nor a nonce can cover those).
 * - img-src 'self' data: (icons inlined in its CSS), font-src 'self' data:, connect-src 'self' (its
 *   own API under the path).
 * - base-uri 'self': the page sets <base href> to its own path.
 * - frame-ancestors 'none', form-action 'self', object-src 'none' as everywhere.
 * Its page also links a Google Fonts stylesheet: that stays blocked (no data leaves for a third
 * party; the page falls back to the system fonts), the one violation the browser reports there.
 */
export function queuePageSecurityHeaders(): RequestHandler {
  return helmet({
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
}

/** Is this request for the queue page (where queuePageSecurityHeaders applies instead of the API's)? */
export function isQueuePagePath(path: string): boolean {
  return path === QUEUE_PAGE_PATH || path.startsWith(`${QUEUE_PAGE_PATH}/`);
}

/**
 * Bull Board under QUEUE_PAGE_PATH, behind queuePageGuard, with every queue of jobs/queues.ts:
 * waiting, delayed, failed and completed jobs, retry, promote and clean. Mounted before Nest's
 * routes; the rest of the API is untouched.
 */
export function mountQueuePage(app: NestExpressApplication): void {
  const queues = Object.values(QUEUES).map((name) => new BullMQAdapter(app.get<Queue>(getQueueToken(name), { strict: false })));
  const adapter = new ExpressAdapter();
  adapter.setBasePath(QUEUE_PAGE_PATH);
  createBullBoard({
    queues,
    serverAdapter: adapter,
    options: { uiConfig: { boardTitle: 'Job queues', hideDocsLink: true } },
  });
  const board = adapter.getRouter() as { disable?: (setting: string) => void } & RequestHandler;
  // Bull Board runs its own express app, which would announce itself (X-Powered-By) like a new one does.
  board.disable?.('x-powered-by');
  // Nest's middleware does not run here: the history log is written as for every other change (retries
  // and removals from the page, refused attempts too), with the administrator the guard found.
  const history = new HistoryMiddleware(app.get(HistoryWriter, { strict: false }));
  const recordChanges: RequestHandler = (req, res, next) => history.use(req, res, next);
  // and each change the page makes, once it succeeded, in the operator trail (the operations console)
  const trail = app.get(OperationsRepository, { strict: false });
  const recordInTrail: RequestHandler = (req, res, next) => {
    const user = (req as Request & { user?: AuthUser }).user;
    if (user && !READS.has(req.method)) {
      res.on('finish', () => {
        if (res.statusCode >= 400) return;
        void trail
          .trail(trail.manager(), {
            actorId: user.id,
            action: 'QUEUE_PAGE',
            reason: '',
            detail: { method: req.method, path: req.path, status: res.statusCode },
          })
          .catch(() => undefined);
      });
    }
    next();
  };
  app.use(QUEUE_PAGE_PATH, recordChanges, queuePageGuard(app.get(SessionRepository, { strict: false })), recordInTrail, board);
}
