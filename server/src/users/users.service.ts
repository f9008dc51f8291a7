import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { flattenPermissionTree } from '@app/workflow';
import { randomInt } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { AppError, CODES } from '../common/errors';
import type { Page } from '../common/envelope';
import { AuthUser, authorityList } from '../auth/auth-user';
import { accessTransaction, type InvolvedRole, requireHeldKeys, rolesWithKeys } from '../auth/held-keys-rule';
import { hashPassword, isStrongPassword, verifyPassword } from '../auth/password';
import { RsaKeyService } from '../auth/rsa-key.service';
import { SessionRepository } from '../auth/session.repository';
import { companyTimeZone } from '../common/company-time';
import type { CreateUserDto, CurrentUserView, SetLanguageDto, UpdateUserDto, UserListItem, UserListQuery } from './user.dto';

const MENU_KEYS = new Set(
  flattenPermissionTree()
    .filter((p) => p.kind === 'menu')
    .map((p) => p.key),
);
const SORT_COLUMNS = { username: 'u.username', nickname: 'u.nickname', createdAt: 'u.created_at' } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const USER_COLUMNS = `u.id, u.username, u.nickname, u.avatar, u.disabled, u.phone, u.email, u.created_at,
  COALESCE((SELECT array_agg(r.code ORDER BY r.code) FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id), '{}') AS roles,
  COALESCE((SELECT array_agg(r.id::text ORDER BY r.code) FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id), '{}') AS role_ids`;

function toUserItem(r: Record<string, any>): UserListItem {
  return {
    id: r.id,
    username: r.username,
    nickname: r.nickname,
    avatar: r.avatar,
    disabled: r.disabled,
    roles: r.roles,
    roleIds: r.role_ids,
    phone: r.phone,
    email: r.email,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

// No look-alike characters (0/O, 1/l/I): the administrator reads the password out to its owner.
const PASSWORD_SETS = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '@#$%&*+=?!'];

/** A fresh password of 12 characters that meets the spec's rule (one of each kind, the rest mixed). */
export function generatePassword(): string {
  const all = PASSWORD_SETS.join('');
  const chars = PASSWORD_SETS.map((set) => set[randomInt(set.length)]);
  while (chars.length < 12) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

@Injectable()
export class UsersService {
  private readonly logger = new Logger(UsersService.name);

  constructor(
    private readonly db: DataSource,
    private readonly rsa: RsaKeyService,
    private readonly sessions: SessionRepository,
  ) {}

  /** Spec: `data` is a list whose first element carries roles, perms (route keys) and authorityList. */
  current(user: AuthUser): CurrentUserView[] {
    const all = authorityList(user);
    return [
      {
        id: user.id,
        username: user.username,
        nickname: user.nickname,
        avatar: user.avatar,
        roles: user.roles,
        perms: all.filter((k) => MENU_KEYS.has(k)),
        authorityList: all,
        companyTimeZone: companyTimeZone(),
      },
    ];
  }

  async list(q: UserListQuery): Promise<Page<UserListItem>> {
    const like = (text: string | undefined) => (text ? `%${text.replace(/[%_\\]/g, '\\$&')}%` : null);
    const params = [like(q.username), like(q.phone ?? undefined), q.status ?? null, q.roleId ?? null];
    const sort = SORT_COLUMNS[q.sort ?? 'createdAt'];
    const order = q.order === 'desc' || (!q.order && !q.sort) ? 'DESC' : 'ASC';
    const where = `WHERE u.deleted_at IS NULL
      AND ($1::text IS NULL OR u.username ILIKE $1 OR u.nickname ILIKE $1)
      AND ($2::text IS NULL OR u.phone LIKE $2)
      AND ($3::text IS NULL OR u.disabled = ($3 = 'disabled'))
      AND ($4::uuid IS NULL OR EXISTS (SELECT 1 FROM user_role ur WHERE ur.user_id = u.id AND ur.role_id = $4))`;
    const [rows, [{ total }]] = await Promise.all([
      this.db.query(`SELECT ${USER_COLUMNS} FROM app_user u ${where} ORDER BY ${sort} ${order}, u.id LIMIT $5 OFFSET $6`, [
        ...params,
        q.pageSize,
        (q.pageNum - 1) * q.pageSize,
      ]),
      this.db.query(`SELECT count(*)::int AS total FROM app_user u ${where}`, params),
    ]);
    return { list: rows.map(toUserItem), total, pageNum: q.pageNum, pageSize: q.pageSize };
  }

  async get(userId: string): Promise<UserListItem> {
    if (!UUID.test(userId)) throw AppError.notFound('userNotFound');
    const [row] = await this.db.query(`SELECT ${USER_COLUMNS} FROM app_user u WHERE u.id = $1 AND u.deleted_at IS NULL`, [userId]);
    if (!row) throw AppError.notFound('userNotFound');
    return toUserItem(row);
  }

  /** Both passwords arrive RSA-encrypted; the user name is unique whatever its case. */
  async create(actor: AuthUser, dto: CreateUserDto): Promise<UserListItem> {
    const password = this.rsa.decrypt(dto.password);
    const confirmation = this.rsa.decrypt(dto.confirmPassword);
    if (password === null || confirmation === null) throw new AppError(HttpStatus.BAD_REQUEST, CODES.passwordNotEncrypted, 'passwordNotEncrypted');
    if (!isStrongPassword(password)) throw AppError.ofField(HttpStatus.BAD_REQUEST, CODES.weakPassword, 'weakPassword', 'password', 'WeakPassword');
    if (password !== confirmation) {
      throw AppError.ofField(HttpStatus.BAD_REQUEST, CODES.passwordMismatch, 'passwordMismatch', 'confirmPassword', 'PasswordMismatch');
    }
    const hash = await hashPassword(password);
    const id = await accessTransaction(this.db, async (em) => {
      await requireHeldKeys(em, actor, { roles: await this.chosenRoles(em, dto.roleIds) });
      const [taken] = await em.query(`SELECT 1 FROM app_user WHERE lower(username) = lower($1)`, [dto.username]);
      if (taken) throw this.usernameTaken(dto.username);
      let inserted: { id: string }[];
      try {
        inserted = await em.query(`INSERT INTO app_user (username, nickname, password_hash, phone, email) VALUES ($1, $2, $3, $4, $5) RETURNING id`, [
          dto.username,
          dto.nickname,
          hash,
          dto.phone ?? null,
          dto.email ?? null,
        ]);
      } catch (error: unknown) {
        if ((error as { code?: string })?.code === '23505') throw this.usernameTaken(dto.username); // a race between two saves
        throw error;
      }
      await em.query(`INSERT INTO user_role (user_id, role_id) SELECT $1, unnest($2::uuid[])`, [inserted[0].id, dto.roleIds]);
      return inserted[0].id;
    });
    this.logger.log(`user ${dto.username} added by ${actor.username}`);
    return this.get(id);
  }

  /** Nickname, phone, e-mail and roles; a change of roles reaches the user's next request. */
  async update(actor: AuthUser, userId: string, dto: UpdateUserDto): Promise<UserListItem> {
    await accessTransaction(this.db, async (em) => {
      await this.lockManaged(em, actor, userId, await this.chosenRoles(em, dto.roleIds));
      await em.query(`UPDATE app_user SET nickname = $2, phone = $3, email = $4, updated_at = now() WHERE id = $1`, [
        userId,
        dto.nickname,
        dto.phone ?? null,
        dto.email ?? null,
      ]);
      await em.query(`DELETE FROM user_role WHERE user_id = $1 AND NOT (role_id = ANY($2::uuid[]))`, [userId, dto.roleIds]);
      await em.query(`INSERT INTO user_role (user_id, role_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`, [userId, dto.roleIds]);
    });
    await this.sessions.forgetUser(userId); // cached sessions carry the roles and the profile
    return this.get(userId);
  }

  /** Soft delete: the row stays for the records that name the user; every session ends. */
  async remove(actor: AuthUser, userId: string): Promise<{ id: string }> {
    await accessTransaction(this.db, async (em) => {
      await this.lockManaged(em, actor, userId);
      await em.query(`UPDATE app_user SET deleted_at = now(), disabled = true, updated_at = now() WHERE id = $1`, [userId]);
      await this.sessions.revokeAllOfUser(em, userId, 'deleted');
    });
    await this.sessions.forgetUser(userId);
    this.logger.log(`user ${userId} deleted by ${actor.username}`);
    return { id: userId };
  }

  /** A new password, answered once (only its hash is kept); the user's sessions end. */
  async resetPassword(actor: AuthUser, userId: string): Promise<{ password: string; revokedSessions: number }> {
    const password = generatePassword();
    const hash = await hashPassword(password);
    const revokedSessions = await accessTransaction(this.db, async (em) => {
      await this.lockManaged(em, actor, userId);
      await em.query(`UPDATE app_user SET password_hash = $2, locked_until = NULL, updated_at = now() WHERE id = $1`, [userId, hash]);
      return this.sessions.revokeAllOfUser(em, userId, 'password-reset');
    });
    await this.sessions.forgetUser(userId);
    return { password, revokedSessions };
  }

  private usernameTaken(username: string) {
    return AppError.ofField(HttpStatus.CONFLICT, CODES.usernameTaken, 'usernameTaken', 'username', 'UsernameTaken', { name: username });
  }

  /**
   * The live user, locked for the change; refused for oneself (an administrator cannot lock itself
   * out) and, by the held-keys rule, unless the actor holds every key of the user's roles now and of
   * `newRoles` (the roles an edit gives it). Call inside accessTransaction.
   */
  private async lockManaged(em: EntityManager, actor: AuthUser, userId: string, newRoles: InvolvedRole[] = []): Promise<void> {
    if (!UUID.test(userId)) throw AppError.notFound('userNotFound');
    const [row] = await em.query(
      `SELECT COALESCE((SELECT array_agg(ur.role_id::text) FROM user_role ur WHERE ur.user_id = u.id), '{}') AS role_ids
         FROM app_user u WHERE u.id = $1 AND u.deleted_at IS NULL FOR UPDATE`,
      [userId],
    );
    if (!row) throw AppError.notFound('userNotFound');
    if (userId === actor.id) throw new AppError(HttpStatus.CONFLICT, CODES.notOnYourself, 'notOnYourself', {}, null, 'NotOnYourself');
    const current = await rolesWithKeys(em, row.role_ids);
    await requireHeldKeys(em, actor, { roles: [...current, ...newRoles.filter((r) => !row.role_ids.includes(r.id))] });
  }

  /** The roles a form chose, with their keys: 400 when an id names no role. */
  private async chosenRoles(em: EntityManager, roleIds: string[]): Promise<InvolvedRole[]> {
    const roles = await rolesWithKeys(em, roleIds);
    if (roles.length !== new Set(roleIds).size) throw AppError.ofField(HttpStatus.BAD_REQUEST, CODES.roleUnknown, 'roleUnknown', 'roleIds', 'RoleUnknown');
    return roles;
  }

  async changeAvatar(user: AuthUser, avatar: string): Promise<{ avatar: string }> {
    const [upload] = await this.db.query(`SELECT 1 FROM uploaded_file WHERE url = $1 AND owner_id = $2`, [avatar, user.id]);
    if (!upload) throw AppError.badRequest('avatarNotUploaded');
    await this.db.query(`UPDATE app_user SET avatar = $2, updated_at = now() WHERE id = $1`, [user.id, avatar]);
    await this.sessions.forgetUser(user.id); // cached sessions carry the profile
    return { avatar };
  }

  /** Both passwords arrive RSA-encrypted; success ends the user's other sessions. */
  async changePassword(user: AuthUser, oldCipher: string, newCipher: string): Promise<{ revokedSessions: number }> {
    const oldPassword = this.rsa.decrypt(oldCipher);
    const newPassword = this.rsa.decrypt(newCipher);
    if (oldPassword === null || newPassword === null) {
      throw new AppError(HttpStatus.BAD_REQUEST, CODES.passwordNotEncrypted, 'passwordNotEncrypted');
    }
    if (!isStrongPassword(newPassword)) throw new AppError(HttpStatus.BAD_REQUEST, CODES.weakPassword, 'weakPassword');
    const [row] = await this.db.query(`SELECT password_hash FROM app_user WHERE id = $1`, [user.id]);
    if (!row || !(await verifyPassword(row.password_hash, oldPassword))) {
      throw new AppError(HttpStatus.BAD_REQUEST, CODES.oldPasswordWrong, 'oldPasswordWrong');
    }
    if (oldPassword === newPassword) throw new AppError(HttpStatus.BAD_REQUEST, CODES.samePassword, 'samePassword');
    const hash = await hashPassword(newPassword);
    const result = await this.db.transaction(async (em) => {
      await em.query(`UPDATE app_user SET password_hash = $2, updated_at = now() WHERE id = $1`, [user.id, hash]);
      const revokedSessions = await this.sessions.revokeAllOfUser(em, user.id, 'password-changed', user.sessionId);
      return { revokedSessions };
    });
    await this.sessions.forgetUser(user.id);
    return result;
  }

  /** The signed-in user's language (the web's switch): later to-dos and messages are written in it. */
  async setLanguage(user: AuthUser, language: SetLanguageDto['language']): Promise<{ language: string }> {
    await this.db.query(`UPDATE app_user SET language = $2, updated_at = now() WHERE id = $1`, [user.id, language]);
    return { language };
  }

  /** Disabling ends every session of the user at once. */
  async setDisabled(actor: AuthUser, userId: string, disabled: boolean): Promise<{ id: string; disabled: boolean }> {
    const result = await accessTransaction(this.db, async (em) => {
      await this.lockManaged(em, actor, userId);
      await em.query(`UPDATE app_user SET disabled = $2, updated_at = now() WHERE id = $1`, [userId, disabled]);
      if (disabled) await this.sessions.revokeAllOfUser(em, userId, 'disabled');
      return { id: userId, disabled };
    });
    await this.sessions.forgetUser(userId);
    return result;
  }
}
