/**
 * The first page of a loan list as it opens with nothing in its address's query: what LoanListView
 * asks for by default, and what boot (main.tsx) sends early, beside the current user, for the list the
 * address names, so that the rows are there when the list's code has loaded (the list's LCP waited
 * for the page to mount before its request went out). Kept small: it is part of the initial JS.
 */
import { WORKLIST_NAMES } from '@app/workflow';
import { startEarlyGet } from '@/api/http';
import { LOAN_LIST_PATH, WORKLIST_PATHS } from '@/navigation/paths';

export const FIRST_PAGE = { pageNum: 1, pageSize: 10, sort: 'createdAt', order: 'desc' } as const;

/** A worklist's address ends with its path: its name, or its WORKLIST_PATHS alias. */
const NAME_OF_PATH = new Map<string, string>(WORKLIST_NAMES.map((name) => [WORKLIST_PATHS[name] ?? name, name]));

/** The API path of the list page at this address, or null when the address is not a list's. */
export function listApiOf(pathname: string): string | null {
  if (pathname.replace(/\/+$/, '') === LOAN_LIST_PATH) return '/loans';
  const name = NAME_OF_PATH.get(pathname.split('/').filter(Boolean).pop() ?? '');
  return name ? `/worklists/${encodeURIComponent(name)}` : null;
}

/** Sends the first page of the list at this address early, when the address asks for the default view. */
export function startFirstPageEarly(location: { pathname: string; search: string }): void {
  if (location.search && location.search !== '?') return;
  const api = listApiOf(location.pathname);
  if (api) startEarlyGet(api, { ...FIRST_PAGE });
}
