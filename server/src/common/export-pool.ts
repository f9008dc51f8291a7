import { HttpStatus, Logger } from '@nestjs/common';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { AppError, CODES } from './errors';
import type { Cell } from './sheet-writer';
import type { ExportJob, FromWorker, ToWorker } from './sheet-worker';

/**
 * The export worker threads of this process (sheet-worker.ts): EXPORT_WORKERS of them (default one),
 * each started on its first export, kept warm for the next (a thread's start cost ~220 ms per export
 * when each export had its own) and started again after it dies. One export at a time per thread;
 * beyond that, exports wait in line, EXPORT_QUEUE of them at most and EXPORT_QUEUE_WAIT_MS each, and
 * past either the request is refused at once with a 429 (exportBusy) instead of hanging.
 */
export interface ExportPoolSettings {
  workers: number;
  queue: number;
  /** Each thread's own PostgreSQL connection (opened for a query export, closed after it). */
  databaseUrl: string;
}

/** How long an export waits for a free thread before it is refused (a user's download, not a batch job). */
export const EXPORT_QUEUE_WAIT_MS = 60_000;
/**
 * A thread's heap: room for a cursor's batch of rows, their cells and exceljs' state, small enough that
 * its garbage is collected long before it amounts to much (test/bench/PROFILES.md).
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 4 };
/** A cancelled export whose thread has not let go within this is stopped with its thread (started again for the next). */
const CANCEL_LIMIT_MS = 10_000;
/** Batches of cells (the cells kind) the thread may hold at once: the next is read while one is written. */
const BATCHES_IN_FLIGHT = 2;

/** The thread: compiled beside this file, or from its TypeScript source (tests) through tsx, with the server's path of @app/workflow. */
const BUILT = path.join(__dirname, 'sheet-worker.js');
const SOURCE = {
  file: path.join(__dirname, 'sheet-worker.ts'),
  execArgv: ['--require', 'tsx/cjs'],
  env: { ...process.env, TSX_TSCONFIG_PATH: path.join(__dirname, '..', '..', 'tsconfig.json') },
};

const logger = new Logger('Export');

/** What a thread's messages go to: the export it runs now. */
interface Running {
  id: number;
  message(message: FromWorker): void;
  died(error: Error): void;
}

interface Slot {
  worker: Worker | null;
  busy: boolean;
  running: Running | null;
}

interface Waiter {
  resolve(slot: Slot): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

const busyError = () => new AppError(HttpStatus.TOO_MANY_REQUESTS, CODES.tooMany, 'exportBusy', {}, null, 'ExportBusy');

export class ExportPool {
  private settings: ExportPoolSettings = { workers: 1, queue: 4, databaseUrl: '' };
  private slots: Slot[] = [];
  private readonly waiting: Waiter[] = [];
  private nextId = 0;
  /** Threads started by this process, and the thread id of each export in order (tests and the bench read them). */
  started = 0;
  readonly threadIds: number[] = [];

  configure(settings: ExportPoolSettings): void {
    this.settings = { ...settings, workers: Math.max(1, Math.floor(settings.workers)), queue: Math.max(0, Math.floor(settings.queue)) };
    while (this.slots.length < this.settings.workers) this.slots.push({ worker: null, busy: false, running: null });
    // Fewer threads: the idle ones beyond the number go now, the busy ones after their export.
    for (const slot of this.slots.splice(this.settings.workers)) if (!slot.busy) void slot.worker?.terminate();
  }

  get databaseUrl(): string {
    return this.settings.databaseUrl;
  }

  /** Exports running and waiting now. */
  stats(): { running: number; waiting: number } {
    return { running: this.slots.filter((s) => s.busy).length, waiting: this.waiting.length };
  }

  /** Stops every idle thread (tests: the next export starts one again). */
  async stopIdle(): Promise<void> {
    await Promise.all(this.slots.filter((s) => !s.busy && s.worker).map((s) => s.worker!.terminate()));
  }

  private lease(): Promise<Slot> {
    const free = this.slots.find((s) => !s.busy);
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    if (this.waiting.length >= this.settings.queue) return Promise.reject(busyError());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(busyError());
        }, EXPORT_QUEUE_WAIT_MS),
      };
      this.waiting.push(waiter);
    });
  }

  private release(slot: Slot): void {
    slot.running = null;
    if (!this.slots.includes(slot)) {
      void slot.worker?.terminate();
      return;
    }
    const next = this.waiting.shift();
    if (!next) {
      slot.busy = false;
      return;
    }
    clearTimeout(next.timer);
    next.resolve(slot);
  }

  private workerOf(slot: Slot): Worker {
    if (slot.worker) return slot.worker;
    const source = fs.existsSync(BUILT) ? null : SOURCE;
    const worker = new Worker(source?.file ?? BUILT, { resourceLimits: WORKER_LIMITS, execArgv: source?.execArgv, env: source?.env });
    // An idle thread does not keep the process alive.
    worker.unref();
    this.started++;
    slot.worker = worker;
    worker.on('message', (message: FromWorker) => {
      if (slot.running?.id === message.id) slot.running.message(message);
    });
    const gone = (error: Error) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      if (!slot.running) return;
      logger.error(`the export worker thread stopped during an export: ${error.message}`);
      slot.running.died(error);
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`the export's worker thread stopped (exit code ${code})`)));
    return worker;
  }

  /**
   * Runs an export on a thread (waiting for one, or refused with exportBusy), its bytes written to
   * `out` with backpressure: the thread waits while the response has not taken BYTES_IN_FLIGHT of them.
   * When `out` closes early (the client went away, or a failure) the export is cancelled: its cursor
   * closed, its thread free for the next. A thread that dies fails its export alone.
   */
  async run(out: PassThrough, job: ExportJob): Promise<ExportRun> {
    const slot = await this.lease();
    let worker: Worker;
    try {
      worker = this.workerOf(slot);
    } catch (error) {
      this.release(slot);
      throw error;
    }
    const id = ++this.nextId;
    this.threadIds.push(worker.threadId);
    const send = (message: ToWorker) => worker.postMessage(message);
    /** The thread sent the export's last message (or died): it is free for the next. */
    let over = false;
    let cancelling = false;
    let failure: Error | null = null;
    let batches = 0;
    let wake: (() => void) | null = null;
    let finished: (() => void) | null = null;
    let readyNow!: () => void;
    let readyFailed!: (error: Error) => void;
    const ready = new Promise<void>((resolve, reject) => ((readyNow = resolve), (readyFailed = reject)));
    ready.catch(() => undefined);
    // The cells kind reads its first row in the request's thread: nothing to wait for here.
    if (!job.query) readyNow();
    // Bytes written to `out` while it was full: sent back as credit once it drains.
    let owed = 0;
    let cancelTimer: NodeJS.Timeout | null = null;

    const release = () => {
      if (over) return;
      over = true;
      if (cancelTimer) clearTimeout(cancelTimer);
      out.off('drain', drained);
      out.off('close', closed);
      this.release(slot);
      wake?.();
      finished?.();
    };
    const fail = (error: Error) => {
      failure ??= error;
      readyFailed(error);
      wake?.();
      finished?.();
      if (out.destroyed) return;
      // Not answered yet (StreamableFile listens from its start): the caller is told by its own error.
      if (out.listenerCount('error') === 0) return void out.destroy();
      logger.error(`export of ${job.layout.name} failed midway: ${error.message}`);
      out.destroy(error);
    };
    const cancel = () => {
      if (over || cancelling) return;
      cancelling = true;
      send({ id, cancel: true });
      cancelTimer = setTimeout(() => void worker.terminate(), CANCEL_LIMIT_MS);
    };
    const drained = () => {
      if (owed && !over) send({ id, credit: owed });
      owed = 0;
    };
    const closed = () => {
      fail(new Error('export abandoned by the client'));
      cancel();
    };
    out.on('drain', drained);
    out.on('close', closed);

    slot.running = {
      id,
      message: (message) => {
        if ('chunk' in message) {
          const bytes = Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength);
          if (!out.destroyed && !out.write(bytes)) owed += bytes.length;
          else send({ id, credit: bytes.length });
        } else if ('ack' in message) {
          batches--;
          wake?.();
        } else if ('ready' in message) readyNow();
        else if ('done' in message) {
          readyNow();
          release();
          if (!out.destroyed) out.end();
        } else if ('error' in message) {
          release();
          fail(new Error(message.error));
        } else if ('cancelled' in message) release();
      },
      died: (error) => {
        release();
        fail(error);
      },
    };
    send({ id, start: job });

    return {
      threadId: worker.threadId,
      ready,
      async add(rows) {
        if (failure) throw failure;
        send({ id, rows });
        batches++;
        while (batches >= BATCHES_IN_FLIGHT && !failure) await new Promise<void>((resolve) => (wake = resolve));
        if (failure) throw failure;
      },
      async end() {
        if (failure) throw failure;
        const done = new Promise<void>((resolve) => (finished = resolve));
        send({ id, end: true });
        await done;
        if (failure) throw failure;
      },
      abort(error) {
        fail(error);
        cancel();
      },
    };
  }
}

/** One export on its thread, as the request's thread drives it. */
export interface ExportRun {
  threadId: number;
  /** Resolves when the thread has read the query's first row (or found none); rejects with its failure. */
  ready: Promise<void>;
  /** The cells kind: a batch of rows, waiting while the thread holds BATCHES_IN_FLIGHT. */
  add(rows: Cell[][]): Promise<void>;
  /** The cells kind: no more rows; resolves once the last byte was written to `out`. */
  end(): Promise<void>;
  /** Stops the export (its rows failed in the request's thread): `out` is failed, the thread freed. */
  abort(error: Error): void;
}

/** The process's threads, set from the configuration by createApp. */
export const exportPool = new ExportPool();
