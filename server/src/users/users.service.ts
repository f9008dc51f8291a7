import { HttpStatus, Injectable } from '@nestjs/common';
import { flattenPermissionTree } from '@app/workflow';
import { DataSource } from 'typeorm';
import { AppError, CODES } from '../common/errors';
import type { Page } from '../common/envelope';
import { AuthUser, authorityList } from '../auth/auth-user';
import { hashPassword, isStrongPassword, verifyPassword } from '../auth/password';
import { RsaKeyService } from '../auth/rsa-key.service';
import { SessionRepository } from '../auth/session.repository';
import { companyTimeZone } from '../common/company-time';
import type { CurrentUserView, SetLanguageDto, UserListItem, UserListQuery } from './user.dto';

const MENU_KEYS = new Set(
  flattenPermissionTree()
    .filter((p) => p.kind === 'menu')
    .map((p) => p.key),
);
const SORT_COLUMNS = { username: 'u.username', nickname: 'u.nickname', createdAt: 'u.created_at' } as const;

@Injectable()
export class UsersService {
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
    const filter = q.username ? `%${q.username.replace(/[%_\\]/g, '\\$&')}%` : null;
    const sort = SORT_COLUMNS[q.sort ?? 'createdAt'];
    const order = q.order === 'desc' || (!q.order && !q.sort) ? 'DESC' : 'ASC';
    const where = `WHERE ($1::text IS NULL OR u.username ILIKE $1 OR u.nickname ILIKE $1)`;
    const [rows, [{ total }]] = await Promise.all([
      this.db.query(
        `SELECT u.id, u.username, u.nickname, u.avatar, u.disabled, u.created_at,
                COALESCE((SELECT array_agg(r.code ORDER BY r.code) FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id), '{}') AS roles
           FROM app_user u ${where}
          ORDER BY ${sort} ${order}, u.id LIMIT $2 OFFSET $3`,
        [filter, q.pageSize, (q.pageNum - 1) * q.pageSize],
      ),
      this.db.query(`SELECT count(*)::int AS total FROM app_user u ${where}`, [filter]),
    ]);
    return {
      list: rows.map((r: Record<string, any>) => ({
        id: r.id,
        username: r.username,
        nickname: r.nickname,
        avatar: r.avatar,
        disabled: r.disabled,
        roles: r.roles,
        createdAt: new Date(r.created_at).toISOString(),
      })),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
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

  /** Disabling ends every session of the user at once. */
  /** The signed-in user's language (the web's switch): later to-dos and messages are written in it. */
  async setLanguage(user: AuthUser, language: SetLanguageDto['language']): Promise<{ language: string }> {
    await this.db.query(`UPDATE app_user SET language = $2, updated_at = now() WHERE id = $1`, [user.id, language]);
    return { language };
  }

  async setDisabled(userId: string, disabled: boolean): Promise<{ id: string; disabled: boolean }> {
    if (!/^[0-9a-f-]{36}$/i.test(userId)) throw AppError.notFound('userNotFound');
    const result = await this.db.transaction(async (em) => {
      const [, count] = await em.query(`UPDATE app_user SET disabled = $2, updated_at = now() WHERE id = $1`, [userId, disabled]);
      if (!count) throw AppError.notFound('userNotFound');
      if (disabled) await this.sessions.revokeAllOfUser(em, userId, 'disabled');
      return { id: userId, disabled };
    });
    await this.sessions.forgetUser(userId);
    return result;
  }
}
