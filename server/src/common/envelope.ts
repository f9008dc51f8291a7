import { Lang, translate } from './i18n';
import { CODES } from './errors';

/** The spec's answer shape. `extras` is carried by the sign-in answer only. */
export interface Envelope<T = unknown> {
  code: string;
  message: string;
  data: T;
  exception?: string;
  extras?: Record<string, unknown>;
}

const ENVELOPE = Symbol('envelope');

/** Marks a value a handler built itself (for example with extras), so the interceptor leaves it be. */
export function envelope<T>(data: T, lang: Lang, extra: Partial<Envelope<T>> = {}): Envelope<T> {
  const body = { code: CODES.ok, message: translate('ok', lang), data, ...extra };
  Object.defineProperty(body, ENVELOPE, { value: true, enumerable: false });
  return body;
}

export function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[ENVELOPE] === true;
}

export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}
