import { INestApplication } from '@nestjs/common';
import { constants, publicEncrypt, randomUUID } from 'node:crypto';
import * as path from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp, prepareDatabase } from '../../../server/src/app.factory';
import { hashPassword } from '../../../server/src/auth/password';
import { AppConfig, loadConfig } from '../../../server/src/config/config';

/**
 * The real application on the real PostgreSQL and Redis that scripts/test.mjs started (a fresh
 * database per run). Nothing is mocked.
 */
export interface TestApp {
  app: INestApplication;
  http: ReturnType<typeof request>;
  db: DataSource;
  config: AppConfig;
  publicKey: string;
  close(): Promise<void>;
}

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD || 'Demo@2026';

export async function startTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
    throw new Error('API tests need DATABASE_URL and REDIS_URL: run them with `npm test` (scripts/test.mjs starts both)');
  }
  const dataDir = overrides.dataDir ?? path.resolve(__dirname, '../../../.data/test/api-files');
  const config: AppConfig = {
    ...loadConfig(),
    dataDir,
    // Per test run (scripts/test.mjs): a checkpoint of another run's database would not match this one.
    checkpointDir: process.env.CHECKPOINT_DIR ?? path.join(dataDir, 'checkpoints'),
    webDist: null,
    demoMode: true,
    addressFailureLimit: 100000,
    ...overrides,
  };
  const app = await createApp(config, ['error']);
  await prepareDatabase(app, config);
  await app.init();
  const http = request(app.getHttpServer());
  const key = await http.get('/server/open/auth/public-key');
  return {
    app,
    http,
    db: app.get(DataSource),
    config,
    publicKey: key.body.data.publicKey,
    close: () => app.close(),
  };
}

/**
 * A connection as the owner role (MIGRATION_DATABASE_URL), for tests that play someone who holds the
 * database itself: the application's own role may not change the event log.
 */
export async function ownerDb(databaseUrl = process.env.MIGRATION_DATABASE_URL): Promise<DataSource> {
  if (!databaseUrl) throw new Error('MIGRATION_DATABASE_URL is not set (scripts/test.mjs sets it)');
  return new DataSource({ type: 'postgres', url: databaseUrl, extra: { max: 2 } }).initialize();
}

/** The owner's URL of another database on the same server. */
export function ownerUrlOf(database: string): string {
  const url = new URL(process.env.MIGRATION_DATABASE_URL!);
  url.pathname = `/${database}`;
  return url.toString();
}

/** What jsencrypt does in the browser: RSA PKCS#1 v1.5 with the server's public key, base64. */
export function encrypt(publicKey: string, plaintext: string): string {
  return publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(plaintext, 'utf8')).toString('base64');
}

export function login(t: TestApp, username: string, password = DEMO_PASSWORD, extra: Record<string, unknown> = {}) {
  return t.http.post('/server/open/auth/platformLogin/PLATFORM').send({ checkStatus: true, username, password: encrypt(t.publicKey, password), ...extra });
}

export async function tokenOf(t: TestApp, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await login(t, username, password);
  if (res.body.code !== 'A00000') throw new Error(`login ${username} failed: ${JSON.stringify(res.body)}`);
  return res.body.extras['x-platform-token'];
}

/** A fresh user of its own for tests that lock, disable or change it. */
export async function createUser(
  t: TestApp,
  roles: string[] = ['ROLE_USER'],
  password = 'Start@2026',
): Promise<{ id: string; username: string; password: string }> {
  const username = `u${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const [{ id }] = await t.db.query(`INSERT INTO app_user (username, nickname, password_hash) VALUES ($1, $1, $2) RETURNING id`, [
    username,
    await hashPassword(password),
  ]);
  await t.db.query(`INSERT INTO user_role (user_id, role_id) SELECT $1, id FROM role WHERE code = ANY($2)`, [id, roles]);
  return { id, username, password };
}

export async function count(t: TestApp, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await t.db.query(`SELECT count(*)::int AS n FROM ${sql}`, params);
  return row.n;
}
