import { describe, expect, it } from 'vitest';
import { resolveRoutes } from '@/navigation/route-filter';
import { ROUTE_TABLE } from '@/app/routes/route-table';
import en from './en';
import zhCN from './zh-CN';

type Dict = { [key: string]: string | Dict };

function flatten(dict: Dict, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(dict)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const zh = flatten(zhCN as unknown as Dict);
const eng = flatten(en as unknown as Dict);

describe('i18n dictionaries', () => {
  it('have exactly the same keys in zh-CN and en', () => {
    const missingInEn = [...zh.keys()].filter((k) => !eng.has(k));
    const missingInZh = [...eng.keys()].filter((k) => !zh.has(k));
    expect(missingInEn).toEqual([]);
    expect(missingInZh).toEqual([]);
    expect(zh.size).toBeGreaterThan(100);
  });

  it('have no empty text', () => {
    const empty = [...zh, ...eng].filter(([, v]) => v.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it('use the same {{placeholders}} and <tags> in both languages', () => {
    const marks = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();
    const differing = [...zh.keys()].filter((k) => JSON.stringify(marks(zh.get(k)!)) !== JSON.stringify(marks(eng.get(k) ?? '')));
    expect(differing).toEqual([]);
  });

  it('title every route and every group of the route table in both languages', () => {
    for (const route of resolveRoutes(ROUTE_TABLE)) {
      expect(zh.get(`routes.pages.${route.name}`), route.name).toBeTruthy();
      expect(eng.get(`routes.pages.${route.name}`), route.name).toBeTruthy();
    }
    for (const group of ROUTE_TABLE) {
      expect(zh.get(`routes.groups.${group.key}`)).toBeTruthy();
      expect(eng.get(`routes.groups.${group.key}`)).toBeTruthy();
    }
  });

  it('carry the exact texts the spec prescribes', () => {
    expect(zh.get('http.systemError')).toBe('系统出错');
    expect(zh.get('http.sessionExpired')).toBe('当前页面已失效，请重新登录');
    expect(zh.get('http.sessionExpiredTitle')).toBe('提示');
    expect(zh.get('http.sessionExpiredConfirm')).toBe('确定');
    expect(eng.get('shell.logoutConfirm')).toBe('Are you sure exit the system？');
    expect(eng.get('profile.password.mismatch')).toBe('The two passwords are inconsistent');
    expect(eng.get('auth.validation.agreementRequired')).toBe('Please tick and agree to the service agreement and privacy policy');
  });
});
