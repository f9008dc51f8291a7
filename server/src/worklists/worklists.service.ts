import { HttpStatus, Injectable, StreamableFile } from '@nestjs/common';
import {
  worklist,
  worklistKeys,
  WORKLIST_GROUP_PERMISSIONS,
  WORKLIST_LABELS,
  WORKLIST_NAMES,
  type PermissionKey,
  type WorklistDef,
  type WorklistName,
} from '@app/workflow';
import { holds, type AuthUser } from '../auth/auth-user';
import { AppError, CODES } from '../common/errors';
import type { Lang } from '../common/i18n';
import type { LoanFilterQuery } from '../loans/loan.dto';
import type { WorklistCountDto, WorklistDto } from './worklist.dto';
import { todoStates } from './worklist-todos';
import { LoanListRepository, type LoanPage } from '../loans/loan-list.repository';

type Worklist = WorklistDef & { name: WorklistName };

/**
 * A worklist opens for a caller who holds its group's key and one of its own keys (ROLE_ADMIN passes
 * these menu gates, ROOT passes all: see `holds`).
 */
export function mayOpen(user: AuthUser, list: WorklistDef): boolean {
  const has = (key: PermissionKey) => holds(user, key);
  return has(WORKLIST_GROUP_PERMISSIONS[list.group]) && worklistKeys(list).some(has);
}

/** The worklists of the registry (@app/workflow) served by one query: scope, row actions and gate from each entry. */
@Injectable()
export class WorklistsService {
  constructor(private readonly query: LoanListRepository) {}

  /** The lists the caller may open, in the registry's order. */
  catalogue(user: AuthUser): WorklistDto[] {
    return WORKLIST_NAMES.map((name) => worklist(name)!)
      .filter((list) => mayOpen(user, list))
      .map((list) => ({
        name: list.name,
        group: list.group,
        groupPermission: WORKLIST_GROUP_PERMISSIONS[list.group],
        permission: list.permission,
        alsoAccepted: [...(list.alsoAccepted ?? [])],
        states: [...list.states],
        events: [...list.events],
        columns: [...list.columns],
        label: { ...WORKLIST_LABELS[list.name] },
      }));
  }

  /**
   * How many loans stand in each list the caller may open, and how many of them wait for an action
   * the caller may take (null when the caller takes none of the list's actions). One statement for
   * all of them, a list of more than 1,000 loans by the planner's estimate, a smaller one counted; lists the caller may not open are not counted.
   */
  async counts(user: AuthUser): Promise<WorklistCountDto[]> {
    const lists = WORKLIST_NAMES.map((name) => worklist(name)!).filter((list) => mayOpen(user, list));
    const waiting = lists.map((list) => todoStates(list, (key) => holds(user, key)));
    const searches = lists.flatMap((list, i) => [{ states: list.states }, ...(waiting[i].length ? [{ states: list.states, alsoIn: waiting[i] }] : [])]);
    const counted = await this.query.listCounts(searches);
    let next = 0;
    return lists.map((list, i) => {
      const all = counted[next++];
      const todo = waiting[i].length ? counted[next++] : null;
      return {
        name: list.name,
        group: list.group,
        label: { ...WORKLIST_LABELS[list.name] },
        total: all.total,
        totalCapped: all.totalCapped,
        totalEstimated: all.totalEstimated,
        todo: todo?.total ?? null,
        todoCapped: todo?.totalCapped ?? false,
        todoEstimated: todo?.totalEstimated ?? false,
      };
    });
  }

  /** 404 for a name that is no worklist; 403 without its group key or its own. */
  private resolve(name: string, user: AuthUser): Worklist {
    const list = worklist(name);
    if (!list) throw new AppError(HttpStatus.NOT_FOUND, CODES.worklistUnknown, 'worklistUnknown', { list: name.slice(0, 60) }, null, 'NotFound');
    if (!mayOpen(user, list)) throw AppError.forbidden({ required: [WORKLIST_GROUP_PERMISSIONS[list.group], ...worklistKeys(list)] });
    return list;
  }

  page(name: string, filter: LoanFilterQuery, user: AuthUser): Promise<LoanPage> {
    const list = this.resolve(name, user);
    return this.query.page({ filter, states: list.states, events: list.events }, user);
  }

  export(name: string, filter: LoanFilterQuery, user: AuthUser, lang: Lang): Promise<StreamableFile> {
    const list = this.resolve(name, user);
    return this.query.export({ filter, states: list.states }, user, lang, WORKLIST_LABELS[list.name], list.columns);
  }
}
