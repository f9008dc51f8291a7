import compression from 'compression';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Compression of answers made at request time (JSON, index.html, the OpenAPI page): brotli or gzip as
 * the client's Accept-Encoding allows, with `Vary: Accept-Encoding`. Left as they are:
 * - downloads (any answer with Content-Disposition: exports, documents, templates, PDFs): xlsx, docx
 *   and zip are compressed containers already, and the bytes a user saves must be the file's own;
 * - event streams, which must reach the client as each event is written;
 * - answers already encoded (the web's precompressed assets) and types that do not shrink (images).
 */
export function compressAnswers(): RequestHandler {
  return compression({
    threshold: 1024,
    filter: (req, res) => {
      if (res.getHeader('Content-Disposition')) return false;
      if (String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream')) return false;
      return compression.filter(req, res);
    },
  });
}

/** What the web build writes beside each asset (web/vite.config.ts), best first. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

const ASSET_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
};

/** The encodings the client accepts (q=0 refuses one). */
function accepted(header: string | undefined): Set<string> {
  const names = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) names.add(name);
  }
  return names;
}

/**
 * The hashed build assets (dist/assets) from their brotli or gzip twin written at build time, so no
 * request pays for compressing them; a client that accepts neither gets the plain file from the
 * static handler after this one.
 */
export function precompressedAssets(dir: string): RequestHandler {
  const assets = path.join(dir, 'assets');
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.startsWith('/assets/')) return next();
    const type = ASSET_TYPES[path.extname(req.path)];
    if (!type) return next();
    const name = path.normalize(req.path.slice('/assets/'.length));
    const file = path.join(assets, name);
    if (!file.startsWith(assets + path.sep)) return next();
    const accepts = accepted(req.headers['accept-encoding']);
    const twin = PRECOMPRESSED.find((p) => accepts.has(p.encoding) && fs.existsSync(file + p.suffix));
    res.vary('Accept-Encoding');
    if (!twin) return next();
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Encoding', twin.encoding);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    // No ranges: a range would count bytes of the compressed twin, not of the asset.
    // Relative to its root: send refuses dot folders anywhere in a bare path (a WEB_DIST under .data/).
    res.sendFile(name + twin.suffix, { root: assets, acceptRanges: false }, (error?: Error) => {
      if (!error || res.headersSent) return;
      res.removeHeader('Content-Encoding');
      res.removeHeader('Content-Type');
      next();
    });
  };
}
