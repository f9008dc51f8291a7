import * as fs from 'node:fs';
import * as path from 'node:path';
import type { S3Settings } from '../files/storage-backend';
import { DEFAULT_COMPANY_TIME_ZONE, isTimeZone } from '../common/company-time';

/** Everything the server reads from the environment, in one place (docker-compose and docs/operations.md name these). */
export interface AppConfig {
  port: number;
  /** Address the API listens on: loopback unless HOST opens it (docker-compose sets 0.0.0.0 inside its network). */
  host: string;
  /** The application's connection: a role that owns nothing (INSERT + SELECT only on workflow_event). */
  databaseUrl: string;
  /** The owner role's connection, for migrations and the audit re-seal; null: migrate with databaseUrl. */
  migrationDatabaseUrl: string | null;
  redisUrl: string;
  /** Prefix of every BullMQ key, so that test runs and deployments sharing a Redis never collide. */
  queuePrefix: string;
  dataDir: string;
  webDist: string | null;
  rsaPrivateKey: string | null;
  demoMode: boolean;
  demoPassword: string;
  adminPassword: string | null;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** How long a resolved session is reused in-process (0: ask PostgreSQL on every request). */
  sessionCacheMs: number;
  captchaAlways: boolean;
  /** Failed sign-ins of one user name within the window before a verification code is required. */
  captchaAfterFailures: number;
  lockAfterFailures: number;
  lockMinutes: number;
  /** Failed sign-ins from one address within the window before it is throttled (429). */
  addressFailureLimit: number;
  /** The company's time zone (IANA name): days of filters, times of exports and pages. */
  companyTimeZone: string;
  production: boolean;
  /** Refuse to start on a Redis that may lose queued jobs (REDIS_REFUSE_UNSAFE; on by default in production). */
  redisRefuseUnsafe: boolean;
  /** Where uploads and generated documents are kept: the folder DATA_DIR/uploads, or an S3-compatible bucket when FILE_STORAGE=s3. */
  fileStorage: 'local' | 's3';
  s3: S3Settings | null;
  /** HMAC key of the event chain (AUDIT_HMAC_KEY); null: DATA_DIR/keys/audit-hmac.key, generated on first start. */
  auditHmacKey: string | null;
  /**
   * How many processes of this one's role share the role's PostgreSQL connections (POOL_MAX): set by
   * the entries from API_PROCESSES (main.ts) and WORKER_PROCESSES (worker.ts); 1 for everything else.
   */
  poolProcesses: number;
  /**
   * Export worker threads of an API process (EXPORT_WORKERS, default 1), kept warm between exports;
   * each holds one PostgreSQL connection while it reads an export's query (database.module.ts).
   */
  exportWorkers: number;
  /** Exports that may wait for a busy export thread (EXPORT_QUEUE, default 4); past it an export is refused (429). */
  exportQueue: number;
  /** Ed25519 private key (PEM) signing checkpoints (AUDIT_SIGNING_KEY); null: DATA_DIR/keys/audit-ed25519.pem. */
  auditSigningKey: string | null;
  /** Where signed checkpoints are written (outside PostgreSQL); with FILE_STORAGE=s3, the bucket instead (under `<S3_PREFIX>checkpoints/`). */
  checkpointDir: string;
  /** With FILE_STORAGE=s3, each checkpoint also kept in checkpointDir (CHECKPOINT_LOCAL_COPY; off by default). Verify reads the bucket. */
  checkpointLocalCopy: boolean;
  /** A checkpoint once this many events were appended since the last one... */
  checkpointEvery: number;
  /** ...and at least this often (hours). */
  checkpointMaxAgeHours: number;
}

/** The repository root, found upwards from this file (works from src/ and from the compiled dist/). */
function findRepoRoot(): string {
  let dir = __dirname;
  while (path.dirname(dir) !== dir) {
    if (['workflow', 'server', 'web', 'migrations'].every((d) => fs.existsSync(path.join(dir, d)))) return dir;
    dir = path.dirname(dir);
  }
  return process.cwd();
}
const repoRoot = findRepoRoot();

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function int(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) ? n : fallback;
}

/** A wrong zone stops the start: silently using another zone would shift every day filter. */
function zone(value: string | undefined): string {
  const name = value?.trim() || DEFAULT_COMPANY_TIME_ZONE;
  if (!isTimeZone(name)) throw new Error(`COMPANY_TIME_ZONE: "${name}" is not an IANA time zone (e.g. Asia/Shanghai)`);
  return name;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const production = env.NODE_ENV === 'production';
  if (production && env.FILE_STORAGE === 's3') requireSharedAuditKeys(env);
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, '.data'));
  const webDist = env.WEB_DIST === '' ? null : path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'web', 'dist'));
  return {
    port: int(env.PORT, 3000),
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL ?? 'postgres://gbo_api:gbo_api@127.0.0.1:5432/guarantee',
    migrationDatabaseUrl: env.MIGRATION_DATABASE_URL || null,
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    queuePrefix: env.QUEUE_PREFIX ?? 'gbo',
    dataDir,
    webDist,
    rsaPrivateKey: env.RSA_PRIVATE_KEY ? env.RSA_PRIVATE_KEY.replace(/\\n/g, '\n') : null,
    demoMode: bool(env.DEMO_MODE, !production),
    demoPassword: env.DEMO_PASSWORD || 'Demo@2026',
    adminPassword: env.ADMIN_PASSWORD || null,
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 30),
    sessionAbsoluteHours: int(env.SESSION_ABSOLUTE_HOURS, 12),
    sessionCacheMs: int(env.SESSION_CACHE_MS, 5000),
    captchaAlways: bool(env.CAPTCHA_ALWAYS, false),
    captchaAfterFailures: int(env.CAPTCHA_AFTER_FAILURES, 3),
    lockAfterFailures: int(env.LOCK_AFTER_FAILURES, 5),
    lockMinutes: int(env.LOCK_MINUTES, 15),
    addressFailureLimit: int(env.ADDRESS_FAILURE_LIMIT, 30),
    companyTimeZone: zone(env.COMPANY_TIME_ZONE),
    production,
    redisRefuseUnsafe: bool(env.REDIS_REFUSE_UNSAFE, production),
    fileStorage: env.FILE_STORAGE === 's3' ? 's3' : 'local',
    s3: env.FILE_STORAGE === 's3' ? s3Settings(env) : null,
    auditHmacKey: env.AUDIT_HMAC_KEY || null,
    poolProcesses: 1,
    exportWorkers: Math.max(1, int(env.EXPORT_WORKERS, 1)),
    exportQueue: Math.max(0, int(env.EXPORT_QUEUE, 4)),
    auditSigningKey: env.AUDIT_SIGNING_KEY ? env.AUDIT_SIGNING_KEY.replace(/\\n/g, '\n') : null,
    checkpointDir: path.resolve(env.CHECKPOINT_DIR ?? path.join(dataDir, 'checkpoints')),
    checkpointLocalCopy: bool(env.CHECKPOINT_LOCAL_COPY, false),
    checkpointEvery: int(env.CHECKPOINT_EVERY, 500),
    checkpointMaxAgeHours: int(env.CHECKPOINT_MAX_AGE_HOURS, 24),
  };
}

/**
 * With the checkpoints in a bucket every machine reads, the audit keys must be the same on every
 * machine: a key generated into one machine's DATA_DIR/keys would sign checkpoints no other machine
 * can verify (and chain events another machine's key refuses).
 */
function requireSharedAuditKeys(env: NodeJS.ProcessEnv): void {
  const missing = ['AUDIT_SIGNING_KEY', 'AUDIT_HMAC_KEY'].filter((name) => !env[name]);
  if (missing.length) {
    throw new Error(
      `FILE_STORAGE=s3 in production needs ${missing.join(' and ')} in the environment, the same on every machine: ` +
        "a key generated into this machine's DATA_DIR/keys could not be seen by another (see docs/audit.md)",
    );
  }
}

function s3Settings(env: NodeJS.ProcessEnv): S3Settings {
  if (!env.S3_BUCKET) throw new Error('FILE_STORAGE=s3 needs S3_BUCKET');
  const endpoint = env.S3_ENDPOINT || null;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    endpoint,
    // Self-hosted servers (MinIO) answer on one host name: bucket in the path unless told otherwise.
    forcePathStyle: bool(env.S3_FORCE_PATH_STYLE, endpoint !== null),
    prefix: env.S3_PREFIX ?? '',
    accessKeyId: env.S3_ACCESS_KEY_ID || null,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || null,
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
