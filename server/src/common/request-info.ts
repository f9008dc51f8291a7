import type { Request } from 'express';

/** The caller's address (Express resolves X-Forwarded-For only when `trust proxy` is set). */
export function clientIp(req: Request): string {
  return (req.ip ?? req.socket.remoteAddress ?? 'unknown').slice(0, 64);
}

export function userAgent(req: Request): string {
  return String(req.headers['user-agent'] ?? '').slice(0, 300);
}
