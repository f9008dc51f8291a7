import { HttpStatus, Injectable, StreamableFile } from '@nestjs/common';
import { holds, type AuthUser } from '../auth/auth-user';
import type { Page } from '../common/envelope';
import { AppError, CODES } from '../common/errors';
import type { Lang } from '../common/i18n';
import type { LoanFilterQuery } from '../loans/loan.dto';
import { LoanQuery, type LoanRow } from '../loans/loan-query';
import { processList, type ProcessList } from './process-lists';

/** One service for every stage list: the list's scope and actions, the shared loan query. */
@Injectable()
export class ProcessService {
  constructor(private readonly loans: LoanQuery) {}

  /** 404 for a name that is no list; 403 without the list's own key (`meeting` is the route's). */
  private resolve(name: string, user: AuthUser): ProcessList {
    const list = processList(name);
    if (!list) throw new AppError(HttpStatus.NOT_FOUND, CODES.processListUnknown, 'processListUnknown', { list: name.slice(0, 60) }, null, 'NotFound');
    if (!holds(user, list.permission)) throw AppError.forbidden({ required: list.permission });
    return list;
  }

  page(name: string, filter: LoanFilterQuery, user: AuthUser): Promise<Page<LoanRow>> {
    const list = this.resolve(name, user);
    return this.loans.page({ filter, scope: list.scope, events: list.events }, user);
  }

  export(name: string, filter: LoanFilterQuery, user: AuthUser, lang: Lang): Promise<StreamableFile> {
    const list = this.resolve(name, user);
    return this.loans.export({ filter, scope: list.scope }, user, lang, list.name);
  }
}
