import { describe, expect, it } from 'vitest';
import { dashboardModel, formatCount, type WorklistCount } from './worklist-counts';

const count = (name: WorklistCount['name'], group: WorklistCount['group'], total: number, todo: number | null): WorklistCount => ({
  name,
  group,
  label: { zh: name, en: name },
  total,
  totalCapped: false,
  totalEstimated: false,
  todo,
  todoCapped: false,
  todoEstimated: false,
});

describe('dashboard model', () => {
  const counts = [
    count('reviewMeetingList', 'process', 3, 1),
    count('riskControlList', 'process', 2, null),
    count('contractList', 'protectMiddle', 5, 0),
    count('voucherList', 'protectMiddle', 4, 4),
    count('suggestList', 'statistics', 9, null),
  ];
  const paths: Record<string, string> = {
    reviewMeetingList: '/process/reviewMeetingList',
    riskControlList: '/process/riskControlList',
    contractList: '/protectMiddle/contractList',
    voucherList: '/protectMiddle/voucherList',
  };

  it('lists as to-dos only lists with loans waiting for the user, in pipeline order, each with its link', () => {
    const model = dashboardModel(counts, (name) => paths[name] ?? null);
    expect(model.todos.map((e) => [e.name, e.todo, e.path])).toEqual([
      ['reviewMeetingList', 1, '/process/reviewMeetingList'],
      ['voucherList', 4, '/protectMiddle/voucherList'],
    ]);
  });

  it('groups every list the user may open by its route group; lists without a route here are left out', () => {
    const model = dashboardModel(counts, (name) => paths[name] ?? null);
    expect(model.groups.map((g) => [g.group, g.entries.map((e) => `${e.name}:${e.total}`)])).toEqual([
      ['process', ['reviewMeetingList:3', 'riskControlList:2']],
      ['protectMiddle', ['contractList:5', 'voucherList:4']],
    ]);
    expect(dashboardModel([], () => '/x')).toEqual({ todos: [], groups: [] });
  });

  it('shows a bounded count as "at least"', () => {
    expect(formatCount(10_000, true)).toBe('10000+');
    expect(formatCount(7, false)).toBe('7');
  });

  it('shows the estimate of a large list as "about"', () => {
    expect(formatCount(38_371, true, true)).toBe('≈38,371');
    expect(formatCount(8_375, false, true)).toBe('≈8,375');
  });
});
