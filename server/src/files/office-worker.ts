/**
 * The worker thread of office-thread.ts: one job per thread (workerData), one answer (a message), then
 * it ends. It checks the zip's limits (zip-limits.ts) and only then lets PizZip and docxtemplater read
 * it, so neither a bomb nor a pathological template ever runs on the API's event loop, and whatever a
 * template's tag names do to this thread's prototypes dies with it.
 *
 * Job: { op: 'check' | 'scan' | 'render', bytes: Uint8Array, context?: object }.
 * Messages: { ready: true } once loaded, then the answer: { ok: true, result } (scan: TagTree, render: Uint8Array of the .docx) or
 * { ok: false, refused: 'zip', fault } | { ok: false, refused: 'syntax', problems } |
 * { ok: false, refused: 'reserved', tags } | { ok: false, error: string } (a bug: logged, never shown).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { fillDocx, readTags, TemplateReservedTagError, TemplateSyntaxError } from '../basic-data/docx-engine';
import { checkZip, ZipRefused } from './zip-limits';

interface Job {
  op: 'check' | 'scan' | 'render';
  bytes: Uint8Array;
  context?: object;
}

const job = workerData as Job;
const port = parentPort!;
// loaded: the document's time limit starts now (a thread's start on a busy machine is not the document's doing)
port.postMessage({ ready: true });
try {
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  checkZip(bytes);
  if (job.op === 'check') port.postMessage({ ok: true, result: null });
  else if (job.op === 'scan') port.postMessage({ ok: true, result: readTags(bytes) });
  else {
    const out = new Uint8Array(fillDocx(bytes, job.context ?? {}));
    port.postMessage({ ok: true, result: out }, [out.buffer]);
  }
} catch (error) {
  if (error instanceof ZipRefused) port.postMessage({ ok: false, refused: 'zip', fault: error.fault });
  else if (error instanceof TemplateSyntaxError) port.postMessage({ ok: false, refused: 'syntax', problems: error.problems });
  else if (error instanceof TemplateReservedTagError) port.postMessage({ ok: false, refused: 'reserved', tags: error.tags });
  else port.postMessage({ ok: false, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
}
