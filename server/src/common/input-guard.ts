import { ArgumentMetadata, HttpStatus, Injectable, PipeTransform } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import * as querystring from 'node:querystring';
import { AppError, CODES } from './errors';
import type { Label } from '@app/workflow';

/**
 * The edge's check of everything a request carries, before class-transformer,
 * class-validator, a guard or a query sees it: JSON nested too deep or too wide, keys that name
 * Object.prototype's own (`__proto__`, `constructor`, `prototype`), NUL characters and unpaired
 * surrogates in any string (PostgreSQL refuses both, and class-transformer recurses once per level),
 * and numbers that JSON parsed into something other than what was sent. Each is a 400 in the
 * request's language, never a 500.
 */

/** Deepest JSON a client of ours sends is about 5 (a report's section, field, table row, cell); 32 is plenty. */
export const MAX_JSON_DEPTH = 32;
/** The JSON body limit (a loan's review report is about 512 kB of JSON text). */
export const MAX_JSON_BYTES = 1024 * 1024;
/** Query string keys; our widest list filter has 14. */
export const MAX_QUERY_KEYS = 100;
/**
 * Breadth: keys of one JSON object, items of one array, and values in the whole body. Our
 * widest DTO has a few dozen fields and a review report a few thousand values; 60,000 keys took
 * class-validator 4-9 s (and answered 5 MB of field errors) before these existed.
 */
export const MAX_JSON_KEYS = 1000;
export const MAX_JSON_ITEMS = 10_000;
export const MAX_JSON_VALUES = 50_000;
/** Names that would reach Object.prototype through a plain object: refused as keys anywhere. */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
/** The largest integer PostgreSQL's `integer` holds: versions, counts and page numbers stay below it. */
export const MAX_INT4 = 2_147_483_647;

export type InputFault = 'tooDeep' | 'tooWide' | 'reservedKey' | 'badCharacter' | 'numberRange' | 'malformedUrl';
export type InputLocation = 'body' | 'query' | 'path' | 'file';

/** A NUL, or a surrogate half without its other half (such a string cannot be written as UTF-8). */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const BAD_CHARACTER = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasBadCharacter(text: string): boolean {
  return BAD_CHARACTER.test(text);
}

/**
 * Whether JSON text nests deeper than `max`, by one pass over its characters: no parse, no recursion,
 * so it cannot itself run out of stack whatever arrives. Brackets inside strings do not count.
 */
export function jsonTooDeep(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * Whether JSON text is too wide: an object with more than MAX_JSON_KEYS keys, an array with more than
 * MAX_JSON_ITEMS items, or more than MAX_JSON_VALUES values in all, by the same one pass over the
 * characters as jsonTooDeep (commas counted per open bracket, strings skipped): no parse.
 */
export function jsonTooWide(text: string, limits = { keys: MAX_JSON_KEYS, items: MAX_JSON_ITEMS, values: MAX_JSON_VALUES }): boolean {
  // per open bracket: its items so far (0 while empty), and whether it is an array
  const counts: number[] = [];
  const arrays: boolean[] = [];
  let values = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
    const top = counts.length - 1;
    if (c === 0x5d || c === 0x7d) {
      counts.pop();
      arrays.pop();
      continue;
    }
    if (c === 0x2c) {
      if (top >= 0) {
        const n = ++counts[top];
        if (n > (arrays[top] ? limits.items : limits.keys)) return true;
      }
      if (++values > limits.values) return true;
      continue;
    }
    // the first character of a container's first item (a key of an object, a value of an array)
    if (top >= 0 && counts[top] === 0) {
      counts[top] = 1;
      if (++values > limits.values) return true;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      counts.push(0);
      arrays.push(c === 0x5b);
    }
  }
  return false;
}

export interface FoundFault {
  fault: InputFault;
  /** Where in the value: `content.reason`, `loanIds.0`, or '' for the value itself. */
  path: string;
}

/**
 * The first fault in a parsed value, walked with an explicit stack (never recursion): an object or
 * array wider than the limits, a key naming Object.prototype's own, a string or key with a bad character, a number JSON could not carry exactly (not finite, or an integer beyond
 * ±2^53 - 1, which JSON.parse silently rounds: 9007199254740993 arrives as ...992), or nesting
 * deeper than `maxDepth`. Buffers (file contents) and other non-plain objects are not looked into.
 */
export function findFault(value: unknown, maxDepth: number = MAX_JSON_DEPTH): FoundFault | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  // breadth again, for what no JSON text came before: multipart fields (multer parses any number)
  let values = 0;
  while (stack.length) {
    const { value: v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (hasBadCharacter(v)) return { fault: 'badCharacter', path };
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v) || (Number.isInteger(v) && !Number.isSafeInteger(v))) return { fault: 'numberRange', path };
    } else if (
      typeof v === 'object' &&
      v !== null &&
      (Array.isArray(v) || Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null)
    ) {
      if (depth >= maxDepth) return { fault: 'tooDeep', path };
      const width = Array.isArray(v) ? v.length : Object.keys(v).length;
      values += width;
      if (width > (Array.isArray(v) ? MAX_JSON_ITEMS : MAX_JSON_KEYS) || values > MAX_JSON_VALUES) return { fault: 'tooWide', path };
      for (const [key, child] of Object.entries(v)) {
        const at = path ? `${path}.${key}` : key;
        if (hasBadCharacter(key)) return { fault: 'badCharacter', path: at };
        if (RESERVED_KEYS.has(key)) return { fault: 'reservedKey', path: at };
        stack.push({ value: child, path: at, depth: depth + 1 });
      }
    }
  }
  return null;
}

const LOCATION: Record<InputLocation, Label> = {
  body: { zh: '请求体', en: 'the request body' },
  query: { zh: '查询参数', en: 'the query' },
  path: { zh: '请求地址', en: 'the address' },
  file: { zh: '上传文件', en: 'the uploaded file' },
};

/** The 400 for a fault: the message names where (`the request body, field content.reason`) in the request's language. */
export function inputRejected(fault: InputFault, location: InputLocation, path = ''): AppError {
  const where: Label = {
    zh: path ? `${LOCATION[location].zh}字段“${path}”` : LOCATION[location].zh,
    en: path ? `field ${path} of ${LOCATION[location].en}` : LOCATION[location].en,
  };
  const key = (
    {
      tooDeep: 'inputTooDeep',
      tooWide: 'inputTooWide',
      reservedKey: 'inputReservedKey',
      badCharacter: 'inputBadCharacter',
      numberRange: 'inputNumberRange',
      malformedUrl: 'inputMalformedUrl',
    } as const
  )[fault];
  const params = {
    where,
    limit: MAX_JSON_DEPTH,
    keys: MAX_JSON_KEYS,
    items: MAX_JSON_ITEMS,
    values: MAX_JSON_VALUES,
    name: path.split('.').pop() ?? '',
  };
  return new AppError(HttpStatus.BAD_REQUEST, CODES.badRequest, key, params, { location, field: path || null }, 'InvalidInput');
}

function check(value: unknown, location: InputLocation): void {
  const found = findFault(value);
  if (found) throw inputRejected(found.fault, location, found.path);
}

/** For express.json: refuses text nested too deep or too wide before JSON.parse (and anything after it) sees it. */
export function verifyJsonDepth(_req: unknown, _res: unknown, buf: Buffer): void {
  const text = buf.toString('utf8');
  if (jsonTooDeep(text)) throw inputRejected('tooDeep', 'body');
  if (jsonTooWide(text)) throw inputRejected('tooWide', 'body');
}

/** Express 5's simple query parser (node:querystring: never nested, repeats become arrays), with a cap on keys. */
export function parseQuery(text: string): Record<string, string | string[]> {
  return querystring.parse(text, undefined, undefined, { maxKeys: MAX_QUERY_KEYS }) as Record<string, string | string[]>;
}

/**
 * Middleware after the JSON body parser and before routing: the path (each segment decoded, as the
 * router will), the query and a JSON body. Guards that look up path ids run after it.
 */
export function inputGuard(): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    try {
      for (const segment of req.path.split('/')) {
        let decoded: string;
        try {
          decoded = decodeURIComponent(segment);
        } catch {
          throw inputRejected('malformedUrl', 'path');
        }
        if (hasBadCharacter(decoded)) throw inputRejected('badCharacter', 'path');
      }
      check(req.query, 'query');
      if (req.body !== undefined) check(req.body, 'body');
      next();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The same check on what reaches a handler after the middleware: bodies that multer parsed
 * (multipart fields), uploaded files' names, and path parameters as the router decoded them.
 */
@Injectable()
export class InputGuardPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata) {
    if (metadata.type === 'body' || metadata.type === 'query') check(value, metadata.type);
    else if (metadata.type === 'param') check(value, 'path');
    else if (isUploadedFile(value)) {
      for (const text of [value.originalname, value.fieldname]) {
        if (typeof text === 'string' && hasBadCharacter(text)) throw inputRejected('badCharacter', 'file');
      }
    }
    return value;
  }
}

function isUploadedFile(value: unknown): value is { originalname?: unknown; fieldname?: unknown } {
  return typeof value === 'object' && value !== null && 'originalname' in value && 'buffer' in value;
}
