import { MigrationInterface, QueryRunner } from 'typeorm';
import { flattenPermissionTree } from '@app/workflow';
import { PRESET_ROLES } from '../server/src/users/preset-roles';
import { FIRST_AGREEMENTS } from '../server/src/agreements/first-agreements';

/**
 * Identity and shell: users, roles, the permission tree (spec section 6), sessions, verification
 * codes, sign-in attempts, agreements, messages and the history log.
 */
export class Identity1763700000000 implements MigrationInterface {
  name = 'Identity1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pgcrypto`);
    await q.query(`
      CREATE TABLE permission (
        key         varchar(80) PRIMARY KEY,
        kind        varchar(10) NOT NULL CHECK (kind IN ('menu', 'action')),
        parent_key  varchar(80) REFERENCES permission(key),
        name_zh     varchar(100) NOT NULL,
        name_en     varchar(100) NOT NULL,
        sort        integer NOT NULL
      )`);
    await q.query(`
      CREATE TABLE role (
        id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        code        varchar(60) NOT NULL UNIQUE,
        name_zh     varchar(100) NOT NULL,
        name_en     varchar(100) NOT NULL,
        builtin     boolean NOT NULL DEFAULT false,
        created_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE role_permission (
        role_id        uuid NOT NULL REFERENCES role(id) ON DELETE CASCADE,
        permission_key varchar(80) NOT NULL REFERENCES permission(key) ON DELETE CASCADE,
        PRIMARY KEY (role_id, permission_key)
      )`);
    await q.query(`
      CREATE TABLE app_user (
        id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        username       varchar(30) NOT NULL,
        nickname       varchar(30) NOT NULL,
        password_hash  varchar(200) NOT NULL,
        avatar         varchar(300),
        disabled       boolean NOT NULL DEFAULT false,
        locked_until   timestamptz,
        created_at     timestamptz NOT NULL DEFAULT now(),
        updated_at     timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX app_user_username_uq ON app_user (lower(username))`);
    await q.query(`
      CREATE TABLE user_role (
        user_id  uuid NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        role_id  uuid NOT NULL REFERENCES role(id) ON DELETE CASCADE,
        PRIMARY KEY (user_id, role_id)
      )`);
    await q.query(`
      CREATE TABLE user_session (
        id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id       uuid NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        token_hash    char(64) NOT NULL UNIQUE,
        created_at    timestamptz NOT NULL DEFAULT now(),
        last_seen_at  timestamptz NOT NULL DEFAULT now(),
        expires_at    timestamptz NOT NULL,
        revoked_at    timestamptz,
        revoked_why   varchar(30),
        ip            varchar(64),
        user_agent    varchar(300)
      )`);
    await q.query(`CREATE INDEX user_session_user_idx ON user_session (user_id) WHERE revoked_at IS NULL`);
    await q.query(`
      CREATE TABLE captcha (
        id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        code        varchar(10) NOT NULL,
        created_at  timestamptz NOT NULL DEFAULT now(),
        expires_at  timestamptz NOT NULL,
        used_at     timestamptz
      )`);
    await q.query(`
      CREATE TABLE login_attempt (
        id          bigserial PRIMARY KEY,
        username    varchar(100) NOT NULL,
        ip          varchar(64) NOT NULL,
        success     boolean NOT NULL,
        reason      varchar(40),
        at          timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX login_attempt_user_idx ON login_attempt (lower(username), at DESC)`);
    await q.query(`CREATE INDEX login_attempt_ip_idx ON login_attempt (ip, at DESC)`);
    await q.query(`
      CREATE TABLE agreement (
        id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        type        varchar(10) NOT NULL CHECK (type IN ('service', 'privacy')),
        language    varchar(10) NOT NULL CHECK (language IN ('zh-CN', 'en')),
        version     integer NOT NULL CHECK (version > 0),
        title       varchar(200) NOT NULL,
        content     text NOT NULL,
        current     boolean NOT NULL DEFAULT false,
        created_at  timestamptz NOT NULL DEFAULT now(),
        UNIQUE (type, language, version)
      )`);
    await q.query(`CREATE UNIQUE INDEX agreement_one_current ON agreement (type, language) WHERE current`);
    await q.query(`
      CREATE TABLE user_agreement (
        user_id       uuid NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        agreement_id  uuid NOT NULL REFERENCES agreement(id),
        agreed_at     timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, agreement_id)
      )`);
    await q.query(`
      CREATE TABLE message (
        id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id     uuid NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        title       varchar(200) NOT NULL,
        content     text NOT NULL,
        type        varchar(30) NOT NULL DEFAULT 'NOTICE',
        created_at  timestamptz NOT NULL DEFAULT now(),
        read_at     timestamptz
      )`);
    await q.query(`CREATE INDEX message_user_idx ON message (user_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE uploaded_file (
        id             uuid PRIMARY KEY,
        owner_id       uuid REFERENCES app_user(id) ON DELETE SET NULL,
        kind           varchar(30) NOT NULL,
        url            varchar(300) NOT NULL UNIQUE,
        original_name  varchar(255) NOT NULL,
        mime           varchar(100) NOT NULL,
        size           integer NOT NULL,
        created_at     timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE history_log (
        id          bigserial PRIMARY KEY,
        actor_id    uuid,
        actor_name  varchar(100),
        method      varchar(10) NOT NULL,
        action      varchar(200) NOT NULL,
        target      varchar(500) NOT NULL,
        status      integer NOT NULL,
        code        varchar(20),
        ip          varchar(64),
        created_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX history_log_created_idx ON history_log (created_at DESC)`);

    for (const p of flattenPermissionTree()) {
      await q.query(`INSERT INTO permission (key, kind, parent_key, name_zh, name_en, sort) VALUES ($1, $2, $3, $4, $5, $6)`, [
        p.key,
        p.kind,
        p.parentKey,
        p.zh,
        p.en,
        p.sort,
      ]);
    }
    for (const role of PRESET_ROLES) {
      const [{ id }] = await q.query(`INSERT INTO role (code, name_zh, name_en, builtin) VALUES ($1, $2, $3, true) RETURNING id`, [
        role.code,
        role.zh,
        role.en,
      ]);
      if (role.permissions.length) {
        await q.query(`INSERT INTO role_permission (role_id, permission_key) SELECT $1, unnest($2::varchar[])`, [id, role.permissions]);
      }
    }
    for (const a of FIRST_AGREEMENTS) {
      await q.query(`INSERT INTO agreement (type, language, version, title, content, current) VALUES ($1, $2, 1, $3, $4, true)`, [
        a.type,
        a.language,
        a.title,
        a.content,
      ]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of [
      'history_log',
      'uploaded_file',
      'message',
      'user_agreement',
      'agreement',
      'login_attempt',
      'captcha',
      'user_session',
      'user_role',
      'app_user',
      'role_permission',
      'role',
      'permission',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${t}`);
    }
  }
}
