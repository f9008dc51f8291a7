import { describe, expect, it } from 'vitest';
import { addTag, closeAllTags, closeOtherTags, closeTag, pathAfterClose, refreshTag, tagId, type Tag } from './tags-state';

const dashboard: Tag = { id: '/dashboard', path: '/dashboard', name: 'dashboard', affix: true, version: 0 };
const open = (...paths: string[]) => paths.reduce<Tag[]>((tags, path) => addTag(tags, { id: path, path, name: 'companyList', affix: false }), [dashboard]);

describe('tags', () => {
  it('opens each page once', () => {
    const tags = open('/a', '/b', '/a');
    expect(tags.map((t) => t.path)).toEqual(['/dashboard', '/a', '/b']);
    expect(addTag(tags, { id: '/a', path: '/a', name: 'companyList', affix: false })).toBe(tags);
  });

  it('keeps one tag for a list page, following its query', () => {
    const list = (search: string) => ({ id: tagId('/company/list', search, true), path: `/company/list${search}`, name: 'companyList' as const, affix: false });
    const first = addTag([dashboard], list(''));
    const moved = addTag(first, list('?companyName=x&pageNum=2'));
    expect(moved).toHaveLength(2);
    expect(moved[1]).toMatchObject({ id: '/company/list', path: '/company/list?companyName=x&pageNum=2' });
    expect(addTag(moved, list('?companyName=x&pageNum=2'))).toBe(moved);
    // A page whose query names what it shows opens a tag per query.
    expect(tagId('/detail/viewClient', '?encryptId=1', false)).not.toBe(tagId('/detail/viewClient', '?encryptId=2', false));
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
