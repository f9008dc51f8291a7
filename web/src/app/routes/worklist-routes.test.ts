import { WORKLIST_GROUP_PERMISSIONS, WORKLIST_LABELS, WORKLIST_NAMES, WORKLISTS, type WorklistDef } from '@app/workflow';
import { describe, expect, it } from 'vitest';
import { pageTitles as enTitles } from '@/i18n/en/routes';
import { pageTitles as zhTitles } from '@/i18n/zh-CN/routes';
import { resolveRoutes } from '@/navigation/route-filter';
import { ROUTE_TABLE } from './route-table';
import { worklistPage } from './pages';
import { withWorklists } from './worklist-routes';

const all = resolveRoutes(ROUTE_TABLE);

describe('worklist routes', () => {
  it('has every registry entry in the route table, in its group, gated by its permission and on the worklist page', () => {
    for (const name of WORKLIST_NAMES) {
      const def: WorklistDef & { alsoAccepted?: readonly string[] } = WORKLISTS[name];
      const route = all.find((r) => r.name === name);
      expect(route, name).toBeDefined();
      expect(route!.group.key, name).toBe(def.group);
      expect(route!.group.perms, name).toEqual([WORKLIST_GROUP_PERMISSIONS[def.group]]);
      expect(route!.perms, name).toEqual([def.permission, ...(def.alsoAccepted ?? [])]);
      expect(route!.page, name).toBe(worklistPage);
      expect(route!.listState, name).toBe(true);
    }
  });

  it('keeps the paths and menu order of the meeting flow', () => {
    const process = all.filter((r) => r.group.key === 'process' && !r.hidden).map((r) => r.fullPath);
    expect(process).toEqual([
      '/process/reviewMeetingList',
      '/process/reviewMeetingVoteList',
      '/process/zbMeetingProcessList',
      '/process/zbMeetingVoteList',
      '/process/riskControlList',
      '/process/bsMeetingProcessList',
      '/process/bsMeetingVoteList',
      '/process/initiateWithdrawalList',
    ]);
  });

  it('puts only worklists on the worklist page', () => {
    const names = new Set<string>(WORKLIST_NAMES);
    expect(all.filter((r) => r.page === worklistPage && !names.has(r.name)).map((r) => r.name)).toEqual([]);
  });

  it('lets a registry route take the place of a fixed placeholder of the same name', () => {
    const routes = withWorklists('process', [
      { name: 'zbMeetingVoteList', path: 'zbMeetingVoteList', page: worklistPage, after: 'reviewMeetingList' },
      { name: 'riskControlList', path: 'placeholder', page: worklistPage },
    ]);
    expect(routes.map((r) => r.name)).toEqual([
      'reviewMeetingList',
      'zbMeetingVoteList',
      'reviewMeetingVoteList',
      'zbMeetingProcessList',
      'bsMeetingProcessList',
      'initiateWithdrawalList',
      'riskControlList',
    ]);
    expect(routes.find((r) => r.name === 'riskControlList')).toMatchObject({ path: 'riskControlList', perms: ['risk_control_list'] });
  });

  it('titles every worklist from the registry only (no second copy in i18n)', () => {
    const copied = WORKLIST_NAMES.filter((name) => name in zhTitles || name in enTitles);
    expect(copied, 'remove these keys from i18n/*/routes.ts pageTitles').toEqual([]);
    for (const name of WORKLIST_NAMES) {
      expect(WORKLIST_LABELS[name].zh, name).toBeTruthy();
      expect(WORKLIST_LABELS[name].en, name).toBeTruthy();
    }
  });
});
