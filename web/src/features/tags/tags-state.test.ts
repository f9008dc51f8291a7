import { describe, expect, it } from 'vitest';
import { addTag, closeAllTags, closeOtherTags, closeTag, pathAfterClose, refreshTag, type Tag } from './tags-state';

const dashboard: Tag = { path: '/dashboard', name: 'dashboard', affix: true, version: 0 };
const open = (...paths: string[]) => paths.reduce<Tag[]>((tags, path) => addTag(tags, { path, name: 'companyList', affix: false }), [dashboard]);

describe('tags', () => {
  it('opens each page once', () => {
    const tags = open('/a', '/b', '/a');
    expect(tags.map((t) => t.path)).toEqual(['/dashboard', '/a', '/b']);
    expect(addTag(tags, { path: '/a', name: 'companyList', affix: false })).toBe(tags);
  });

  it('closes one, others or all, never the affixed dashboard', () => {
    const tags = open('/a', '/b', '/c');
    expect(closeTag(tags, '/b').map((t) => t.path)).toEqual(['/dashboard', '/a', '/c']);
    expect(closeTag(tags, '/dashboard')).toHaveLength(4);
    expect(closeOtherTags(tags, '/b').map((t) => t.path)).toEqual(['/dashboard', '/b']);
    expect(closeAllTags(tags).map((t) => t.path)).toEqual(['/dashboard']);
  });

  it('refresh bumps the version of one tag', () => {
    const tags = refreshTag(open('/a', '/b'), '/a');
    expect(tags.find((t) => t.path === '/a')?.version).toBe(1);
    expect(tags.find((t) => t.path === '/b')?.version).toBe(0);
  });

  it('after closing the active tag goes to the last remaining one', () => {
    const remaining = closeTag(open('/a', '/b', '/c'), '/c');
    expect(pathAfterClose(remaining, '/c', '/dashboard')).toBe('/b');
    expect(pathAfterClose(remaining, '/a', '/dashboard')).toBe('/a');
    expect(pathAfterClose([], '/a', '/dashboard')).toBe('/dashboard');
  });
});
