import { describe, expect, it } from 'vitest';
import {
  shortTagTitle,
  addTag,
  capTags,
  closeAllTags,
  closeOtherTags,
  closeTag,
  MAX_TAGS,
  pathAfterClose,
  refreshTag,
  restoreTags,
  storedTags,
  tagId,
  type Tag,
} from './tags-state';

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

describe('tags kept over a reload', () => {
  const routes: Record<string, { name: Tag['name']; listState: boolean; affix: boolean; noTag: boolean }> = {
    '/dashboard': { name: 'dashboard', listState: false, affix: true, noTag: false },
    '/company/list': { name: 'companyList', listState: true, affix: false, noTag: false },
    '/company/loanList': { name: 'loanList', listState: true, affix: false, noTag: false },
    '/404': { name: 'notFound', listState: false, affix: false, noTag: true },
  };
  const resolve = (pathname: string) => routes[pathname] ?? null;
  const stored = (paths: unknown[], active: string | null = null, user = 'u1') => ({ user, paths, active });

  it('restores the stored tags in order after the affixed one, names from the route table', () => {
    const tags = [dashboard, ...open('/company/loanList?pageNum=2', '/company/list').slice(1)];
    const kept = JSON.parse(JSON.stringify(storedTags('u1', tags, '/company/list')));
    const restored = restoreTags(kept, 'u1', [dashboard], resolve);
    expect(restored.map((t) => [t.id, t.path, t.name])).toEqual([
      ['/dashboard', '/dashboard', 'dashboard'],
      ['/company/loanList', '/company/loanList?pageNum=2', 'loanList'],
      ['/company/list', '/company/list', 'companyList'],
    ]);
  });

  it('drops what the user may no longer open, error pages, duplicates and junk', () => {
    const restored = restoreTags(
      stored(['/company/list?a=1', '/secret/page', '/404', '/company/list?a=2', 42, '//evil.example/x', 'javascript:alert(1)', '/company/loanList']),
      'u1',
      [dashboard],
      resolve,
    );
    expect(restored.map((t) => t.path)).toEqual(['/dashboard', '/company/list?a=1', '/company/loanList']);
  });

  it("restores nothing from another user's tags or from malformed storage", () => {
    expect(restoreTags(stored(['/company/list'], null, 'u2'), 'u1', [dashboard], resolve)).toEqual([dashboard]);
    for (const junk of [null, 'x', 7, { user: 'u1' }, { user: 'u1', paths: 'x' }]) expect(restoreTags(junk, 'u1', [dashboard], resolve)).toEqual([dashboard]);
  });

  it('caps the count, dropping the oldest first but never the affixed or the active tag', () => {
    const many = open('/a', '/b', '/c', '/d', '/e');
    expect(capTags(many, '/e', 10)).toBe(many);
    expect(capTags(many, '/a', 3).map((t) => t.path)).toEqual(['/dashboard', '/a', '/e']);
    const detail = (n: number) => `/company/list?n=${n}`;
    const restored = restoreTags(
      stored(
        Array.from({ length: MAX_TAGS + 5 }, (_, n) => detail(n)),
        detail(0),
      ),
      'u1',
      [dashboard],
      (p) => (p === '/company/list' ? { ...routes['/company/list'], listState: false } : null),
    );
    expect(restored).toHaveLength(MAX_TAGS);
    expect(restored[0]).toBe(dashboard);
    // The active one survives though it is the oldest.
    expect(restored[1].path).toBe(detail(0));
    expect(restored.at(-1)!.path).toBe(detail(MAX_TAGS + 4));
  });
});

describe('a page-given tag title (a loan tab names its company)', () => {
  it('keeps a short title whole and cuts a long one to its start, CJK counting double', () => {
    expect(shortTagTitle('上海新材科技')).toBe('上海新材科技');
    expect(shortTagTitle('上海新材科技发展有限公司')).toBe('上海新材科技发展有…');
    expect(shortTagTitle('Shanghai Robotics Manufacturing Co., Ltd.')).toBe('Shanghai Robotics M…');
    expect(shortTagTitle('  Short  ')).toBe('Short');
  });
});
