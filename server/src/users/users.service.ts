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
import { UsersRepository, type UserRow } from './users.repository';

const MENU_KEYS = new Set(
  flattenPermissionTree()
    .filter((p) => p.kind === 'menu')
    .map((p) => p.key),
);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toUserItem(r: UserRow): UserListItem {
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
    private readonly users: UsersRepository,
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
    const { rows, total } = await this.users.page(q, q.pageSize, (q.pageNum - 1) * q.pageSize);
    return { list: rows.map(toUserItem), total, pageNum: q.pageNum, pageSize: q.pageSize };
  }

  async get(userId: string): Promise<UserListItem> {
    if (!UUID.test(userId)) throw AppError.notFound('userNotFound');
    const row = await this.users.user(userId);
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
      if (await this.users.usernameExists(em, dto.username)) throw this.usernameTaken(dto.username);
      let userId: string;
      try {
        userId = await this.users.insert(em, {
          username: dto.username,
          nickname: dto.nickname,
          passwordHash: hash,
          phone: dto.phone ?? null,
          email: dto.email ?? null,
        });
      } catch (error: unknown) {
        if ((error as { code?: string })?.code === '23505') throw this.usernameTaken(dto.username); // a race between two saves
        throw error;
      }
      await this.users.addRoles(em, userId, dto.roleIds);
      return userId;
    });
    this.logger.log(`user ${dto.username} added by ${actor.username}`);
    return this.get(id);
  }

  /** Nickname, phone, e-mail and roles; a change of roles reaches the user's next request. */
  async update(actor: AuthUser, userId: string, dto: UpdateUserDto): Promise<UserListItem> {
    await accessTransaction(this.db, async (em) => {
      await this.lockManaged(em, actor, userId, await this.chosenRoles(em, dto.roleIds));
      await this.users.updateProfile(em, userId, { nickname: dto.nickname, phone: dto.phone ?? null, email: dto.email ?? null });
      await this.users.replaceRoles(em, userId, dto.roleIds);
    });
    await this.sessions.forgetUser(userId); // cached sessions carry the roles and the profile
    return this.get(userId);
  }

  /** Soft delete: the row stays for the records that name the user; every session ends. */
  async remove(actor: AuthUser, userId: string): Promise<{ id: string }> {
    await accessTransaction(this.db, async (em) => {
      await this.lockManaged(em, actor, userId);
      await this.users.markDeleted(em, userId);
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
      await this.users.resetPassword(em, userId, hash);
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
    const roleIds = await this.users.lockRoleIds(em, userId);
    if (!roleIds) throw AppError.notFound('userNotFound');
    if (userId === actor.id) throw new AppError(HttpStatus.CONFLICT, CODES.notOnYourself, 'notOnYourself', {}, null, 'NotOnYourself');
    const current = await rolesWithKeys(em, roleIds);
    await requireHeldKeys(em, actor, { roles: [...current, ...newRoles.filter((r) => !roleIds.includes(r.id))] });
  }

  /** The roles a form chose, with their keys: 400 when an id names no role. */
  private async chosenRoles(em: EntityManager, roleIds: string[]): Promise<InvolvedRole[]> {
    const roles = await rolesWithKeys(em, roleIds);
    if (roles.length !== new Set(roleIds).size) throw AppError.ofField(HttpStatus.BAD_REQUEST, CODES.roleUnknown, 'roleUnknown', 'roleIds', 'RoleUnknown');
    return roles;
  }

  async changeAvatar(user: AuthUser, avatar: string): Promise<{ avatar: string }> {
    if (!(await this.users.ownsUpload(user.id, avatar))) throw AppError.badRequest('avatarNotUploaded');
    await this.users.setAvatar(user.id, avatar);
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
    const storedHash = await this.users.passwordHash(user.id);
    if (storedHash === null || !(await verifyPassword(storedHash, oldPassword))) {
      throw new AppError(HttpStatus.BAD_REQUEST, CODES.oldPasswordWrong, 'oldPasswordWrong');
    }
    if (oldPassword === newPassword) throw new AppError(HttpStatus.BAD_REQUEST, CODES.samePassword, 'samePassword');
    const hash = await hashPassword(newPassword);
    const result = await this.db.transaction(async (em) => {
      await this.users.setPassword(em, user.id, hash);
      const revokedSessions = await this.sessions.revokeAllOfUser(em, user.id, 'password-changed', user.sessionId);
      return { revokedSessions };
    });
    await this.sessions.forgetUser(user.id);
    return result;
  }

  /** The signed-in user's language (the web's switch): later to-dos and messages are written in it. */
  async setLanguage(user: AuthUser, language: SetLanguageDto['language']): Promise<{ language: string }> {
    await this.users.setLanguage(user.id, language);
    return { language };
  }

  /** Disabling ends every session of the user at once. */
  async setDisabled(actor: AuthUser, userId: string, disabled: boolean): Promise<{ id: string; disabled: boolean }> {
    const result = await accessTransaction(this.db, async (em) => {
      await this.lockManaged(em, actor, userId);
      await this.users.setDisabled(em, userId, disabled);
      if (disabled) await this.sessions.revokeAllOfUser(em, userId, 'disabled');
      return { id: userId, disabled };
    });
    await this.sessions.forgetUser(userId);
    return result;
  }
}
