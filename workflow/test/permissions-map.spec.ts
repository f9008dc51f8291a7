import {
  ALL_PERMISSION_KEYS,
  EVENT_LABELS,
  EVENT_PAYLOAD_FIELDS,
  EVENT_PERMISSIONS,
  EVENT_TYPES,
  flattenPermissionTree,
  machineDefinition,
} from '../src/index';

const flat = flattenPermissionTree();

describe('event permissions', () => {
  it('map every event type, and nothing else, to one code', () => {
    expect(Object.keys(EVENT_PERMISSIONS).sort()).toEqual([...EVENT_TYPES].sort());
    for (const type of EVENT_TYPES) expect(typeof EVENT_PERMISSIONS[type]).toBe('string');
  });

  it('name action codes that exist in the permission tree', () => {
    const actions = new Set(flat.filter((p) => p.kind === 'action').map((p) => p.key));
    const unknown = Object.entries(EVENT_PERMISSIONS).filter(([, code]) => !actions.has(code));
    expect(unknown).toEqual([]);
  });

  it('keep the tree keys unique', () => {
    expect(new Set(ALL_PERMISSION_KEYS).size).toBe(ALL_PERMISSION_KEYS.length);
  });

  it('give each discontinue event the discontinue code of its own list', () => {
    const discontinues = EVENT_TYPES.filter((t) => t.endsWith('_DISCONTINUE'));
    expect(discontinues).toHaveLength(7);
    for (const type of discontinues) expect(EVENT_PERMISSIONS[type]).toMatch(/^sys:[a-z-]+:discontinue$/);
    expect(new Set(discontinues.map((t) => EVENT_PERMISSIONS[t])).size).toBe(7);
  });
});

describe('event metadata', () => {
  it('has words and payload fields for every event', () => {
    for (const type of EVENT_TYPES) {
      expect(EVENT_LABELS[type].zh.length).toBeGreaterThan(0);
      expect(EVENT_LABELS[type].en.length).toBeGreaterThan(0);
      expect(Array.isArray(EVENT_PAYLOAD_FIELDS[type])).toBe(true);
    }
  });

  it('names events in SCREAMING_SNAKE_CASE', () => {
    for (const type of EVENT_TYPES) expect(type).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
  });

  it('every event is accepted somewhere in the machine', () => {
    const sources = new Map<string, string[]>();
    for (const t of machineDefinition().transitions) sources.set(t.event, [...(sources.get(t.event) ?? []), t.source]);
    expect(EVENT_TYPES.filter((type) => !sources.has(type))).toEqual([]);
  });
});
