import { HttpStatus, Injectable } from '@nestjs/common';
import type { VotingMeetingKind } from '@app/workflow';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import type { Page } from '../common/envelope';
import { AppError, CODES } from '../common/errors';
import type { AddConfereesDto, ConfereeListQuery, ManageConfereeDto } from './conferee.dto';
import { ConfereesRepository } from './conferees.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ConfereeItem {
  userId: string;
  username: string;
  nickname: string;
  userDisabled: boolean;
  meetingKinds: VotingMeetingKind[];
  active: boolean;
  meetingCount: number;
  createdByName: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * The attendee pool (/user/participation): who may be chosen as an attendee of a general-office (ZB)
 * or review-committee (BS) meeting. Meetings copy their attendees when created, so changing the pool
 * never changes a meeting already set up.
 */
@Injectable()
export class ConfereesService {
  constructor(
    private readonly db: DataSource,
    private readonly conferees: ConfereesRepository,
  ) {}

  async list(q: ConfereeListQuery, limit?: number): Promise<Page<ConfereeItem>> {
    const { rows, total } = await this.conferees.page(q, limit ?? q.pageSize, limit ? 0 : (q.pageNum - 1) * q.pageSize);
    return {
      list: rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString(), updatedAt: new Date(r.updatedAt).toISOString() })),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  }

  /** Users who could be added: enabled and not in the pool yet. */
  users(keyword: string | undefined) {
    return this.conferees.usersOutside(keyword);
  }

  async add(dto: AddConfereesDto, actor: AuthUser) {
    return this.db.transaction(async (em) => {
      const users = await this.conferees.enabledUsers(em, dto.userIds);
      if (users.length !== dto.userIds.length) throw AppError.ofField(HttpStatus.BAD_REQUEST, CODES.badRequest, 'userMissing', 'userIds', 'userMissing');
      const existing = await this.conferees.alreadyIn(em, dto.userIds);
      if (existing.length) {
        const names = existing.join('、');
        throw AppError.ofField(HttpStatus.CONFLICT, CODES.confereeExists, 'confereeExists', 'userIds', 'ConfereeExists', { names });
      }
      await this.conferees.insert(em, dto.userIds, dto.meetingKinds, actor.id);
      return { added: dto.userIds.length };
    });
  }

  async manage(userId: string, dto: ManageConfereeDto) {
    if (dto.meetingKinds === undefined && dto.active === undefined) throw AppError.badRequest('badRequest');
    if (!UUID.test(userId)) throw new AppError(HttpStatus.NOT_FOUND, CODES.confereeNotFound, 'confereeNotFound');
    const row = await this.conferees.update(userId, { meetingKinds: dto.meetingKinds ?? null, active: dto.active ?? null });
    if (!row) throw new AppError(HttpStatus.NOT_FOUND, CODES.confereeNotFound, 'confereeNotFound');
    return row;
  }

  /** Out of the pool; meetings that already have the person keep them. */
  async remove(userId: string) {
    if (!UUID.test(userId)) throw new AppError(HttpStatus.NOT_FOUND, CODES.confereeNotFound, 'confereeNotFound');
    if (!(await this.conferees.delete(userId))) throw new AppError(HttpStatus.NOT_FOUND, CODES.confereeNotFound, 'confereeNotFound');
    return { userId, deleted: true };
  }
}
