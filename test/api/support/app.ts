import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { constants, publicEncrypt, randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp, prepareDatabase } from '../../../server/src/app.factory';
import { loadAuditKeys } from '../../../server/src/audit/audit-keys';
import { hashPassword } from '../../../server/src/auth/password';
import { setCompanyTimeZone } from '../../../server/src/common/company-time';
import { AppConfig, loadConfig } from '../../../server/src/config/config';
import { setChainKey } from '../../../server/src/workflow/hash-chain';
import { SHARED_APP_URL_ENV } from './shared-app/env';

/**
 * The real application on the real PostgreSQL and Redis that scripts/test.mjs started (a fresh
 * database per run). Nothing is mocked. A suite's handle on it: the app the API tier shares
 * (startTestApp) or one of the suite's own (bootTestApp).
 */
export interface AppHandle {
  http: ReturnType<typeof request>;
  /** This suite's own connection (the app's own one for a booted app). */
  db: DataSource;
  config: AppConfig;
  publicKey: string;
  /** The port the app listens on at 127.0.0.1, for tests that speak HTTP themselves. */
  port(): Promise<number>;
  close(): Promise<void>;
}

/** An app booted for one suite alone: its Nest container is at hand (`app.get(...)`). */
export interface TestApp extends AppHandle {
  app: NestExpressApplication;
}

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD || 'Demo@2026';

/** The API tests' configuration: the environment scripts/test.mjs gives, with the tests' own defaults and `overrides`. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
    throw new Error('API tests need DATABASE_URL and REDIS_URL: run them with `npm test` (scripts/test.mjs starts both)');
  }
  // each shard of the tier (scripts/test.mjs) has a folder of its own: suites count the files in it
  const dataDir = overrides.dataDir ?? process.env.API_TEST_DATA_DIR ?? path.resolve(__dirname, '../../../.data/test/api-files');
  return {
    ...loadConfig(),
    dataDir,
    // Per test run (scripts/test.mjs): a checkpoint of another run's database would not match this one.
    checkpointDir: process.env.CHECKPOINT_DIR ?? path.join(dataDir, 'checkpoints'),
    webDist: null,
    demoMode: true,
    addressFailureLimit: 100000,
    ...overrides,
  };
}

/**
 * The app every suite of the API tier shares (booted once per jest run by shared-app/global-setup.ts),
 * with a database connection of this suite's own. A suite that needs another configuration or the
 * app's Nest container boots its own with bootTestApp, as a call with `overrides` does (the browser
 * tier's suites). Without the shared app (a jest run without the api project's globalSetup) it boots
 * one for the suite.
 */
export async function startTestApp(): Promise<AppHandle>;
export async function startTestApp(overrides: Partial<AppConfig>): Promise<TestApp>;
export async function startTestApp(overrides?: Partial<AppConfig>): Promise<AppHandle> {
  const url = process.env[SHARED_APP_URL_ENV];
  if (overrides || !url) return bootTestApp(overrides);
  const config = testConfig();
  // What the app sets for its process, set in this suite's too: what a test commits in-process (a
  // meeting's events, a worker's jobs) is chained with the same key, its days in the same zone.
  setChainKey(loadAuditKeys(config).hmacKey);
  setCompanyTimeZone(config.companyTimeZone);
  const db = await new DataSource({ type: 'postgres', url: config.databaseUrl, logging: ['error'], extra: { max: 10 } }).initialize();
  const http = request(url);
  const key = await http.get('/server/open/auth/public-key');
  if (key.status !== 200) throw new Error(`the shared API app at ${url} answered ${key.status}`);
  return {
    http,
    db,
    config,
    publicKey: key.body.data.publicKey,
    port: async () => Number(new URL(url).port),
    close: () => db.destroy(),
  };
}

/** An app of the suite's own: booted (createApp, migrations, seed, init) with `overrides`, closed by close(). */
export async function bootTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const config = testConfig(overrides);
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
    port: async () => {
      const server = app.getHttpServer() as Server;
      if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as AddressInfo).port;
    },
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

/**
 * A new, empty database of that name on the same server (dropped first if a previous run left it), as
 * the application's URL: for suites that boot an app of their own on a first start.
 */
export async function freshDatabaseUrl(name: string): Promise<string> {
  const owner = new Client({ connectionString: process.env.MIGRATION_DATABASE_URL });
  await owner.connect();
  try {
    await owner.query(`DROP DATABASE IF EXISTS ${name}`);
    await owner.query(`CREATE DATABASE ${name}`);
  } finally {
    await owner.end();
  }
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** What jsencrypt does in the browser: RSA PKCS#1 v1.5 with the server's public key, base64. */
export function encrypt(publicKey: string, plaintext: string): string {
  return publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(plaintext, 'utf8')).toString('base64');
}

export function login(t: AppHandle, username: string, password = DEMO_PASSWORD, extra: Record<string, unknown> = {}) {
  return t.http.post('/server/open/auth/platformLogin/PLATFORM').send({ checkStatus: true, username, password: encrypt(t.publicKey, password), ...extra });
}

export async function tokenOf(t: AppHandle, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await login(t, username, password);
  if (res.body.code !== 'A00000') throw new Error(`login ${username} failed: ${JSON.stringify(res.body)}`);
  return res.body.extras['x-platform-token'];
}

/** A fresh user of its own for tests that lock, disable or change it. */
export async function createUser(
  t: AppHandle,
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

export async function count(t: AppHandle, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await t.db.query(`SELECT count(*)::int AS n FROM ${sql}`, params);
  return row.n;
}
