import { INestApplication, Logger, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { json, urlencoded, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import helmet from 'helmet';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DataSource, DataSourceOptions } from 'typeorm';
import { AppModule } from './app.module';
import { isQueuePagePath, mountQueuePage, queuePageSecurityHeaders } from './admin-queues/queue-page';
import { AllExceptionsFilter } from './common/exception.filter';
import { EnvelopeInterceptor } from './common/envelope.interceptor';
import { inputGuard, InputGuardPipe, MAX_JSON_BYTES, MAX_QUERY_KEYS, parseQuery, verifyJsonDepth } from './common/input-guard';
import { createValidationPipe } from './common/validation';
import { AppConfig, loadConfig } from './config/config';
import { setCompanyTimeZone } from './common/company-time';
import { exportPool } from './common/export-pool';
import { AUDIT_KEYS } from './audit/audit.tokens';
import type { AuditKeys } from './audit/audit-keys';
import { dataSourceOptions } from './database/database.module';
import { MigrationResult, runMigrations } from './database/migrate';
import { seedIfEmpty } from './demo/seed';
import { compressAnswers, precompressedAssets } from './web/compression';

export const API_PREFIX = 'server';

/** The whole HTTP application, configured the same way for `npm start` and for the API tests. */
export async function createApp(config: AppConfig = loadConfig(), logLevels: LogLevel[] = ['log', 'warn', 'error']): Promise<NestExpressApplication> {
  setCompanyTimeZone(config.companyTimeZone);
  exportPool.configure({ workers: config.exportWorkers, queue: config.exportQueue, databaseUrl: config.databaseUrl });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), { logger: logLevels });
  app.setGlobalPrefix(API_PREFIX);
  // First, so that it wraps every answer written after it (web/compression.ts says which are left alone).
  app.use(compressAnswers());
  // A loan's review report (17 sections of Chinese text) outgrows express's 100 kB default; the
  // loan-data service still refuses content over MAX_CONTENT_CHARS (512 kB of JSON text). JSON nested
  // deeper than MAX_JSON_DEPTH is refused before it is parsed.
  // (express.json itself: Nest's useBodyParser does not pass `verify`; Nest sees the parser by its
  // name, jsonParser, and adds none of its own.)
  app.use(json({ limit: MAX_JSON_BYTES, verify: verifyJsonDepth }));
  // Forms and query strings alike are flat (node:querystring): no qs nesting to limit. Nest would
  // otherwise add an extended (qs) form parser after the input guard.
  app.use(urlencoded({ extended: false, limit: '100kb', parameterLimit: MAX_QUERY_KEYS }));
  app.set('query parser', parseQuery);
  // Before routing, guards and pipes: NUL, unpaired surrogates, inexact numbers, depth (input-guard.ts).
  app.use(inputGuard());
  app.useGlobalPipes(new InputGuardPipe(), createValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useGlobalInterceptors(new EnvelopeInterceptor());
  app.set('trust proxy', process.env.TRUST_PROXY === 'true');
  // Before the OpenAPI page, the web client and every route, so that all of them carry the headers.
  useSecurityHeaders(app);
  // Bull Board for administrators (admin-queues/queue-page.ts): before Nest's routes, behind its own guard.
  mountQueuePage(app);
  app.enableShutdownHooks();

  const document = openApiDocument(app);
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, document, { jsonDocumentUrl: `${API_PREFIX}/docs-json` });

  if (config.webDist && fs.existsSync(path.join(config.webDist, 'index.html'))) serveWeb(app, config.webDist);
  return app;
}

/**
 * The OpenAPI document of the app's routes (served at /server/docs-json). scripts/generate-api-client.mjs
 * builds it from an app made in preview mode (no database, no Redis) to generate the web's client.
 */
export function openApiDocument(app: INestApplication): OpenAPIObject {
  return SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Guarantee back office API')
      .setDescription('Answers are {code, message, data}; success codes A00000 and A00103.')
      .addApiKey({ type: 'apiKey', in: 'header', name: 'X-Platform-Token' }, 'token')
      .addSecurityRequirements('token')
      .build(),
  );
}

/**
 * Browser security headers (helmet) on every answer: pages, the OpenAPI page, API answers, downloads
 * and errors. nosniff, no framing (X-Frame-Options DENY and frame-ancestors 'none'), no referrer,
 * no X-Powered-By, and a Content-Security-Policy:
 * - pages (the web client and /server/docs): scripts only from this origin, never inline. Styles
 *   allow 'unsafe-inline': Mantine writes its CSS variables into <style> elements at run time, and
 *   the loan preview (a srcdoc frame, which inherits the page's policy) carries its own <style>.
 *   swagger-ui's scripts are files too (swagger-ui-init.js), so /server/docs needs nothing more.
 *   Images also from blob: and data: (avatar previews before upload, icons inlined in CSS).
 * - everything else under /server (JSON, files, exports, previews opened directly): nothing may run
 *   or be fetched, so an uploaded file opened in the browser can never act as a page of the site.
 * - the queue page (/server/admin/queues): a policy of its own, see queuePageSecurityHeaders.
 * No HSTS and no upgrade-insecure-requests: TLS, when there is any, ends at the proxy in front.
 */
function useSecurityHeaders(app: NestExpressApplication) {
  app.disable('x-powered-by');
  const common = {
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' as const },
    referrerPolicy: { policy: 'no-referrer' as const },
  };
  const pages = helmet({
    ...common,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  const answers = helmet({
    ...common,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        styleSrc: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        baseUri: ["'none'"],
        formAction: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  const docs = `/${API_PREFIX}/docs`;
  const queuePage = queuePageSecurityHeaders();
  const choose: RequestHandler = (req, res, next) => {
    if (isQueuePagePath(req.path)) return queuePage(req, res, next);
    const api = req.path === `/${API_PREFIX}` || req.path.startsWith(`/${API_PREFIX}/`);
    const page = !api || req.path === docs || req.path.startsWith(`${docs}/`);
    return (page ? pages : answers)(req, res, next);
  };
  app.use(choose);
}

/** The built web client on the same port: files as they are, every other page path to index.html. */
function serveWeb(app: NestExpressApplication, dir: string) {
  app.use(precompressedAssets(dir));
  app.useStaticAssets(dir, {
    index: false,
    maxAge: '1h',
    setHeaders: (res, file) => {
      if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path === `/${API_PREFIX}` || req.path.startsWith(`/${API_PREFIX}/`)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    // Relative to its root: send refuses a bare path with a dot folder in it (a WEB_DIST under .data/).
    res.sendFile('index.html', { root: dir });
  });
}

/**
 * Schema up to date, then first-start data. Safe when several processes start at once. Migrations run
 * as the owner (MIGRATION_DATABASE_URL) when it is given, else over the app's own connection (enough
 * when the schema is already current: then only the permission rows are synchronised and the seal checked).
 */
export async function prepareDatabase(app: NestExpressApplication, config: AppConfig): Promise<void> {
  const db = app.get(DataSource);
  const logger = new Logger('Migrations');
  const result = await migrate(config, app.get<AuditKeys>(AUDIT_KEYS), db);
  if (result.applied.length) logger.log(`applied ${result.applied.join(', ')}`);
  const { addedKeys, addedRoles, givenGrants } = result.permissions;
  if (addedKeys.length || addedRoles.length || givenGrants.length) {
    logger.log(`permissions brought up to date: ${addedKeys.length} keys, ${addedRoles.length} roles, ${givenGrants.length} preset grants added`);
  }
  const [me] = await db.query(`SELECT rolsuper AS super FROM pg_roles WHERE rolname = current_user`);
  if (me?.super) logger.warn('the application connects as a PostgreSQL superuser: the audit log can be rewritten by whoever takes the application over');
  await seedIfEmpty(db, config);
}

/** The migrate step on its own connection as the owner (or on `appDb` without MIGRATION_DATABASE_URL). */
export async function migrate(config: AppConfig, keys: AuditKeys, appDb?: DataSource): Promise<MigrationResult> {
  const logger = new Logger('Migrations');
  const owner = config.migrationDatabaseUrl
    ? new DataSource({ ...dataSourceOptions({ ...config, databaseUrl: config.migrationDatabaseUrl }), extra: { max: 2 } } as DataSourceOptions)
    : appDb;
  if (!owner) throw new Error('MIGRATION_DATABASE_URL (or DATABASE_URL) is not set');
  if (owner !== appDb) await owner.initialize();
  try {
    const result = await runMigrations(owner, keys, config.migrationDatabaseUrl ? config.databaseUrl : undefined);
    const { seal } = result;
    if (seal.outcome === 'sealed') {
      logger.log(
        `event chain sealed with audit key ${keys.hmacKeyId}: ${seal.resealed} loans re-sealed from plain SHA-256, ${seal.leftAsFound.length} left as found`,
      );
      if (seal.leftAsFound.length) logger.warn(`loans whose old chain did not verify (verify reports them): ${seal.leftAsFound.slice(0, 20).join(', ')}`);
    }
    return result;
  } finally {
    if (owner !== appDb) await owner.destroy();
  }
}
