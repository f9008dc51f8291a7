import { guaranteeMachine, moveTargetTree } from '@app/workflow';
import { describe, expect, it } from 'vitest';
import { batchProgress, durationParts, parseLimitHours, pickersOf, stateName, targetOf, trailValueText } from './state-names';

// the machine's own tree, as GET /operations/move-targets answers it
const tree = moveTargetTree(guaranteeMachine);
const node = (key: string) => tree.find((n) => n.key === key)!;

describe('stateName', () => {
  it('words a compound state by its stage and leaf', () => {
    expect(stateName({ collection: 'received' }, 'zh')).toBe('资料收集与完善：资料已接收，待提交预审会');
    expect(stateName({ collection: 'received' }, 'en')).toBe('Data collection: Materials received, to submit to pre-review');
  });
  it('words each region of a parallel state', () => {
    const text = stateName({ duringGuarantee: { contract: 'toGenerate', premium: 'done', counterGuarantee: 'pending', letter: 'approved' } }, 'zh');
    expect(text.startsWith('保中管理：待生成合同、')).toBe(true);
    expect(text.split('、')).toHaveLength(4);
  });
  it('keeps an unknown path rather than hiding it', () => {
    expect(stateName({ collection: 'nowhere' }, 'en')).toBe('Data collection: collection.nowhere');
  });
});

describe('the move-target picker', () => {
  it('asks the state of a compound stage, and makes its value', () => {
    const collection = node('collection');
    expect(pickersOf(collection, {}).map((p) => p.path)).toEqual(['collection']);
    expect(targetOf(collection, {})).toBeNull();
    expect(targetOf(collection, { collection: 'received' })).toEqual({ collection: 'received' });
  });

  it('asks one state per region of a parallel stage, and is complete only with all of them', () => {
    const during = node('duringGuarantee');
    const regions = pickersOf(during, {});
    expect(regions.length).toBe(during.children.length);
    const picks: Record<string, string> = {};
    for (const r of regions) {
      expect(targetOf(during, picks)).toBeNull();
      picks[r.path] = r.node.children[0].key;
    }
    const value = targetOf(during, picks) as Record<string, Record<string, unknown>>;
    expect(Object.keys(value.duringGuarantee).sort()).toEqual(during.children.map((c) => c.key).sort());
  });

  it('leaves no final stage to pick', () => {
    expect(tree.map((n) => n.key)).not.toContain('closed');
    expect(tree.map((n) => n.key)).not.toContain('discontinued');
  });
});

describe('small helpers', () => {
  it('splits hours into days past a day', () => {
    expect(durationParts(5)).toBeNull();
    expect(durationParts(50)).toEqual({ days: 2, hours: 2 });
  });
  it('takes limits of 1 to 87600 whole hours only', () => {
    expect(parseLimitHours(' 48 ')).toBe(48);
    for (const bad of ['0', '87601', '1.5', '-3', '', 'abc']) expect(parseLimitHours(bad)).toBeNull();
  });
  it('counts a batch done by its outcomes', () => {
    expect(batchProgress({ total: 4, applied: 1, refused: 1, skipped: 0 })).toBe(50);
    expect(batchProgress({ total: 0, applied: 0, refused: 0, skipped: 0 })).toBe(100);
  });
  it('words a move in the trail by its states, other changes as key: value lines', () => {
    expect(trailValueText('MOVE', { collection: 'received' }, 'zh')).toBe('资料收集与完善：资料已接收，待提交预审会');
    expect(trailValueText('SETTINGS', { stage: 'collection', hours: 1 }, 'en')).toBe('stage: collection\nhours: 1');
    expect(trailValueText('RETRY', null, 'en')).toBe('');
  });
});
