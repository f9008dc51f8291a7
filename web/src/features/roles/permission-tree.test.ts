import { describe, expect, it } from 'vitest';
import { checkState, inTreeOrder, toggle } from './permission-tree';

describe('role permission tree', () => {
  it('ticking an action chooses its menus too; the menu shows half-checked', () => {
    const chosen = toggle('sys:bank:add', new Set());
    expect(inTreeOrder(chosen)).toEqual(['basic', 'bank_list', 'sys:bank:add']);
    expect(checkState('bank_list', chosen)).toBe('partial');
    expect(checkState('sys:bank:add', chosen)).toBe('checked');
    expect(checkState('loan_list', chosen)).toBe('unchecked');
  });

  it('ticking a menu chooses everything beneath; unticking drops it all, the menu above stays', () => {
    const chosen = toggle('role_list', new Set());
    expect(inTreeOrder(chosen)).toEqual(['user', 'role_list', 'sys:role:load', 'sys:role:add', 'sys:role:delete', 'sys:role:edit']);
    expect(checkState('role_list', chosen)).toBe('checked');
    const dropped = toggle('role_list', chosen);
    expect(inTreeOrder(dropped)).toEqual(['user']);
  });

  it('a half-checked node becomes fully checked when ticked', () => {
    const partial = toggle('sys:role:add', new Set());
    expect(checkState('role_list', partial)).toBe('partial');
    expect(checkState('role_list', toggle('role_list', partial))).toBe('checked');
  });
});
