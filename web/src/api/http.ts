/**
 * The one HTTP client of the web (spec sections 7-9). Every call goes through `request`, which:
 * - prefixes the base path /server, sends X-Platform-Token (when a token is stored) and Accept-Language;
 * - gives up after 50000 ms;
 * - resolves the body for codes A00000 / A00103, passes binary answers through untouched;
 * - for any other code shows an error toast (server message or the fallback) and rejects;
 * - for HTTP 401 with body code "401" shows the session-expired dialog once, whatever the number of
 *   calls failing together, and rejects.
 */
import { ERROR_CODES, SUCCESS_CODES } from '@app/workflow/error-codes';
import i18n from '@/i18n';
import { acceptLanguageHeader } from '@/i18n/language';
import { getAccessToken } from '@/lib/storage';
import { showErrorToast, showSessionExpiredDialog } from './feedback';
import type { ApiData, ApiRoute } from './schema.gen';

export const API_BASE = '/server';
export const REQUEST_TIMEOUT_MS = 50_000;
export { SUCCESS_CODES };
export const SESSION_EXPIRED_CODE: string = ERROR_CODES.session;
export const TOKEN_HEADER = 'X-Platform-Token';

export interface ApiEnvelope<T = unknown> {
  code: string;
  message?: string;
  exception?: string;
  data: T;
  /** Only the login answer carries it (the token lives here). */
  extras?: Record<string, unknown>;
}

/** The page shape of every paged answer, declared once in the server's OpenAPI document. */
export type { Page } from './schema.gen';

/** A paged route's query as the web sends it: the document's parameters, page number and size always given. */
export type PagedQuery<Q> = Q & { pageNum: number; pageSize: number };

export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status, 0 when no answer arrived (network failure, timeout). */
    readonly status: number,
    readonly code?: string,
    readonly body?: ApiEnvelope,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Spec section 8: an HTTP failure whose body code is "401" (the server answers it with HTTP 401). */
  get isSessionExpired(): boolean {
    return this.status >= 400 && this.code === SESSION_EXPIRED_CODE;
  }
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  params?: Record<string, QueryValue>;
  /** Plain objects are sent as JSON; FormData, Blob and strings as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * The caller handles failures itself: no toast and no session dialog (the login page, and logout
   * where a dead token is expected). The promise still rejects with an ApiError.
   */
  passErrors?: boolean;
  timeoutMs?: number;
}

let sessionDialogShown = false;

/** Test hook: the dialog flag lives for the page's life; a page reload resets it. */
export function resetSessionDialogForTests(): void {
  sessionDialogShown = false;
}

function buildUrl(path: string, params?: Record<string, QueryValue>): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!params) return url;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query.append(key, String(value));
  }
  const qs = query.toString();
  return qs ? `${url}?${qs}` : url;
}

function isJsonResponse(res: Response): boolean {
  const type = res.headers.get('content-type') ?? '';
  return type.includes('application/json') || type.includes('+json');
}

function isPlainBody(body: unknown): boolean {
  return (
    body !== undefined &&
    body !== null &&
    !(body instanceof FormData) &&
    !(body instanceof Blob) &&
    !(body instanceof URLSearchParams) &&
    typeof body !== 'string'
  );
}

function fail(error: ApiError, options: RequestOptions): never {
  if (!options.passErrors) {
    if (error.isSessionExpired) {
      if (!sessionDialogShown) {
        sessionDialogShown = true;
        showSessionExpiredDialog();
      }
    } else {
      showErrorToast(error.message);
    }
  }
  throw error;
}

/** Sends one call and applies the answer rules; resolves the envelope, or a Blob for binary answers. */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiEnvelope<T> | Blob> {
  const headers: Record<string, string> = {
    'Accept-Language': acceptLanguageHeader(),
    ...options.headers,
  };
  const token = getAccessToken();
  if (token) headers[TOKEN_HEADER] = token;

  let body: BodyInit | undefined;
  if (isPlainBody(options.body)) {
    headers['Content-Type'] = 'application/json;charset=UTF-8';
    body = JSON.stringify(options.body);
  } else if (options.body !== undefined && options.body !== null) {
    body = options.body as BodyInit;
  }

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  const fallback = i18n.t('http.systemError');

  let res: Response;
  try {
    res = await fetch(buildUrl(path, options.params), { method, headers, body, signal, credentials: 'same-origin' });
  } catch (cause) {
    clearTimeout(timer);
    // A caller that cancelled (query unmounted) wants no toast.
    if (options.signal?.aborted) throw new ApiError('aborted', 0, 'ABORTED');
    const message = timeout.signal.aborted ? i18n.t('http.timeout') : i18n.t('http.networkError');
    return fail(new ApiError(message || fallback, 0, undefined), options);
  }

  try {
    if (!isJsonResponse(res)) {
      // Binary (exports, files): passes through unchanged when the call succeeded.
      if (res.ok) return await res.blob();
      return fail(new ApiError(fallback, res.status), options);
    }

    let envelope: ApiEnvelope<T> | undefined;
    try {
      envelope = (await res.json()) as ApiEnvelope<T>;
    } catch {
      envelope = undefined;
    }
    const code = envelope?.code === undefined ? undefined : String(envelope.code);
    const message = envelope?.message || fallback;

    if (!res.ok || !envelope || code === undefined || !SUCCESS_CODES.includes(code)) {
      return fail(new ApiError(message, res.status, code, envelope), options);
    }
    return envelope;
  } finally {
    clearTimeout(timer);
  }
}

async function json<T>(method: string, path: string, options?: RequestOptions): Promise<ApiEnvelope<T>> {
  const result = await request<T>(method, path, options);
  if (result instanceof Blob) throw new ApiError(i18n.t('http.systemError'), 200, 'BINARY');
  return result;
}

/**
 * GETs sent at boot, before the page that wants them has loaded (main.tsx: a list page's first page
 * beside the current user), each handed once to the first identical GET within EARLY_GET_TTL_MS.
 * Identical means the same path and parameters; anything else is sent as usual. A failed early GET is
 * sent again by that caller, with its own error handling.
 */
const earlyGets = new Map<string, { at: number; answer: Promise<ApiEnvelope<unknown>> }>();
const EARLY_GET_TTL_MS = 10_000;

function earlyKey(path: string, params?: Record<string, QueryValue>): string {
  const defined = Object.entries(params ?? {}).filter(([, value]) => value !== undefined && value !== null && value !== '');
  return `${path}?${new URLSearchParams(defined.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => [k, String(v)])).toString()}`;
}

export function startEarlyGet(path: string, params?: Record<string, QueryValue>): void {
  const answer = json<unknown>('GET', path, { params, passErrors: true });
  answer.catch(() => undefined);
  earlyGets.set(earlyKey(path, params), { at: Date.now(), answer });
}

function takeEarlyGet<T>(path: string, options?: RequestOptions): Promise<ApiEnvelope<T>> | null {
  if (earlyGets.size === 0 || options?.headers || options?.passErrors) return null;
  const key = earlyKey(path, options?.params);
  const early = earlyGets.get(key);
  if (!early) return null;
  earlyGets.delete(key);
  if (Date.now() - early.at > EARLY_GET_TTL_MS) return null;
  return (early.answer as Promise<ApiEnvelope<T>>).catch(() => json<T>('GET', path, options));
}

/** Test hook: forget the early GETs not taken. */
export function clearEarlyGetsForTests(): void {
  earlyGets.clear();
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The routes of one method, as the server's OpenAPI document spells them: '/loans/{id}/workflow'. */
export type RouteOf<M extends Method> = ApiRoute extends infer R ? (R extends `${M} ${infer P}` ? P : never) : never;

/** The names in braces of a route: 'id' | 'type' for '/loans/{id}/data/{type}'. */
type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamNames<Rest> : never;

/** What fills a route's braces: required when it has any, absent when it has none. */
type PathValues<P extends string> = [ParamNames<P>] extends [never] ? { path?: undefined } : { path: Record<ParamNames<P>, string | number> };

export type RouteOptions<P extends string> = RequestOptions & PathValues<P>;

/** The options argument: optional for a route without braces, required for one with them. */
type RouteArgs<P extends string> = [ParamNames<P>] extends [never] ? [options?: RouteOptions<P>] : [options: RouteOptions<P>];

/** The declared answer of a route: a changed DTO breaks its callers at compile time. */
export type RouteAnswer<M extends Method, P extends string> = ApiData<Extract<`${M} ${P}`, ApiRoute>>;

/** '/loans/{id}/data/{type}' with { id: 'L1', type: 'A' } -> '/loans/L1/data/A' (each value URL-encoded). */
export function fillRoute(route: string, values?: Record<string, string | number>): string {
  return route.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values?.[name];
    if (value === undefined || value === '') throw new Error(`route ${route}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}

function routed(route: string, options?: RequestOptions & { path?: Record<string, string | number> }) {
  const { path, ...rest } = options ?? {};
  return { url: fillRoute(route, path), options: rest as RequestOptions };
}

/**
 * The calls of the web, typed by route from the generated document: `http.get('/loans/{id}', { path:
 * { id } })` resolves the envelope of the declared answer. Each resolves the whole envelope (code,
 * message, data, extras).
 */
export const http = {
  get<P extends RouteOf<'GET'>>(route: P, ...[options]: RouteArgs<P>): Promise<ApiEnvelope<RouteAnswer<'GET', P>>> {
    const call = routed(route, options);
    return takeEarlyGet(call.url, call.options) ?? json('GET', call.url, call.options);
  },
  post<P extends RouteOf<'POST'>>(route: P, body?: unknown, ...[options]: RouteArgs<P>): Promise<ApiEnvelope<RouteAnswer<'POST', P>>> {
    const call = routed(route, options);
    return json('POST', call.url, { ...call.options, body });
  },
  put<P extends RouteOf<'PUT'>>(route: P, body?: unknown, ...[options]: RouteArgs<P>): Promise<ApiEnvelope<RouteAnswer<'PUT', P>>> {
    const call = routed(route, options);
    return json('PUT', call.url, { ...call.options, body });
  },
  patch<P extends RouteOf<'PATCH'>>(route: P, body?: unknown, ...[options]: RouteArgs<P>): Promise<ApiEnvelope<RouteAnswer<'PATCH', P>>> {
    const call = routed(route, options);
    return json('PATCH', call.url, { ...call.options, body });
  },
  delete<P extends RouteOf<'DELETE'>>(route: P, ...[options]: RouteArgs<P>): Promise<ApiEnvelope<RouteAnswer<'DELETE', P>>> {
    const call = routed(route, options);
    return json('DELETE', call.url, call.options);
  },
  /** For downloads: resolves the Blob of a binary answer, or the envelope if the server sent JSON. */
  raw(method: Method, path: string, options?: RequestOptions) {
    return request<unknown>(method, path, options);
  },
};
