import { HttpStatus, Logger } from '@nestjs/common';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { TagTree } from '../basic-data/docx-engine';
import { TemplateReservedTagError, TemplateSyntaxError } from '../basic-data/docx-engine';
import { AppError, CODES } from '../common/errors';
import { formatLimit } from './file-type';
import { OFFICE_ZIP_LIMITS, ZipRefused, type ZipFault } from './zip-limits';

/**
 * Office zips (.docx, .xlsx) from users are read in a worker thread (office-worker.ts), one per job,
 * never on the API's event loop: the zip's limits first, then PizZip and docxtemplater. The
 * thread has a heap of its own and a time limit; past either it is stopped and the file refused.
 */

/** The thread's heap: the zip's limits (64 MB inflated in all) and docxtemplater's parse of it, with room. */
const OFFICE_WORKER_LIMITS = { maxOldGenerationSizeMb: 384, maxYoungGenerationSizeMb: 32 };
/** A template docxtemplater takes longer than this on is refused as too complex. */
export const OFFICE_TIME_LIMIT_MS = 10_000;
/** A thread not loaded within this is a fault of the machine (not the document): the job fails as a server error. */
const OFFICE_START_LIMIT_MS = 120_000;
/** Threads at once: a flood of uploads queues here instead of holding a heap each (2 cores; jobs take well under a second). */
const MAX_THREADS = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function slot<T>(work: () => Promise<T>): Promise<T> {
  // a finished job hands its slot straight to the first waiting one (running stays as it is)
  if (running >= MAX_THREADS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** The worker: compiled beside this file, or from its TypeScript source (tests) through tsx. */
const BUILT = path.join(__dirname, 'office-worker.js');
const THREAD = fs.existsSync(BUILT)
  ? { file: BUILT, execArgv: [] as string[] }
  : { file: path.join(__dirname, 'office-worker.ts'), execArgv: ['--require', 'tsx/cjs'] };

const logger = new Logger('OfficeThread');

/** The document took longer than OFFICE_TIME_LIMIT_MS, or more memory than the thread has. */
export class OfficeTooComplex extends Error {
  constructor(readonly why: 'time' | 'memory') {
    super(`office document too complex (${why})`);
  }
}

type Answer =
  | { ready: true }
  | { ok: true; result: unknown }
  | { ok: false; refused?: 'zip' | 'syntax' | 'reserved'; fault?: ZipFault; problems?: string[]; tags?: string[]; error?: string };

function run(op: 'check' | 'scan' | 'render', bytes: Buffer, context?: object): Promise<unknown> {
  return slot(() => inThread(op, bytes, context));
}

function inThread(op: 'check' | 'scan' | 'render', bytes: Buffer, context?: object): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(THREAD.file, {
      workerData: { op, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), context },
      resourceLimits: OFFICE_WORKER_LIMITS,
      execArgv: THREAD.execArgv,
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    let timer = setTimeout(() => settle(() => reject(new Error('office worker did not start'))), OFFICE_START_LIMIT_MS);
    worker.on('message', (answer: Answer) => {
      if ('ready' in answer) {
        clearTimeout(timer);
        timer = setTimeout(() => settle(() => reject(new OfficeTooComplex('time'))), OFFICE_TIME_LIMIT_MS);
        return;
      }
      settle(() => {
        if (answer.ok) return resolve(answer.result);
        if (answer.refused === 'zip') return reject(new ZipRefused(answer.fault ?? 'corrupt'));
        if (answer.refused === 'syntax') return reject(new TemplateSyntaxError(answer.problems ?? []));
        if (answer.refused === 'reserved') return reject(new TemplateReservedTagError(answer.tags ?? []));
        reject(new Error(`office worker: ${answer.error}`));
      });
    });
    worker.on('error', (error: Error & { code?: string }) =>
      settle(() => {
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') return reject(new OfficeTooComplex('memory'));
        logger.error(`office worker failed: ${error.message}`);
        reject(error);
      }),
    );
    worker.on('exit', (code) => settle(() => reject(new Error(`office worker stopped (exit code ${code})`))));
  });
}

/** Checks an Office zip's limits off the event loop. Throws ZipRefused or OfficeTooComplex. */
export async function checkOfficeZip(bytes: Buffer): Promise<void> {
  await run('check', bytes);
}

/** A template's tags (docx-engine readTags) off the event loop, after the zip's limits. */
export async function readTemplateTags(bytes: Buffer): Promise<TagTree> {
  return (await run('scan', bytes)) as TagTree;
}

/** A template filled (docx-engine fillDocx) off the event loop, after the zip's limits. */
export async function fillTemplate(bytes: Buffer, context: object): Promise<Buffer> {
  const out = (await run('render', bytes, context)) as Uint8Array;
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}

/** The 400 a user sees for a zip refused by its limits or too complex: localized, nothing internal. */
export function officeRefusal(error: ZipRefused | OfficeTooComplex): AppError {
  if (error instanceof OfficeTooComplex)
    return new AppError(
      HttpStatus.BAD_REQUEST,
      CODES.fileZipRefused,
      'fileTooComplex',
      { seconds: OFFICE_TIME_LIMIT_MS / 1000 },
      { fault: error.why },
      'FileTooComplex',
    );
  const L = OFFICE_ZIP_LIMITS;
  const [key, params] = (
    {
      corrupt: ['fileZipCorrupt', {}],
      entries: ['fileZipEntries', { limit: L.entries }],
      partSize: ['fileZipTooLarge', { part: formatLimit(L.partBytes), total: formatLimit(L.totalBytes) }],
      totalSize: ['fileZipTooLarge', { part: formatLimit(L.partBytes), total: formatLimit(L.totalBytes) }],
      ratio: ['fileZipRatio', { ratio: L.ratio }],
    } as const
  )[error.fault];
  return new AppError(HttpStatus.BAD_REQUEST, CODES.fileZipRefused, key, params, { fault: error.fault }, 'FileZipRefused');
}

/** Runs `work`, turning a refused zip or a too complex document into its 400. */
export async function refusingBadZips<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ZipRefused || error instanceof OfficeTooComplex) throw officeRefusal(error);
    throw error;
  }
}
