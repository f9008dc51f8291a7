import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Head } from './replay';
import type { PageResult } from './verify-all';

/** The compiled worker beside this file; none when running from TypeScript sources (tests, tsx). */
const WORKER_FILE = path.join(__dirname, 'verify-worker.js');

interface Job {
  id: number;
  loanIds: string[];
  heads: (Head | null)[];
}

/**
 * Threads that replay pages of loans for verifyAll (replay is CPU-bound; one thread leaves the other
 * cores idle). Each has its own connection and loads its pages' instances and events itself, so the
 * rows never cross threads; only ids, heads and verdicts do.
 */
export class VerifyWorkers {
  private readonly idle: Worker[] = [];
  private readonly queue: { job: Job; resolve: (r: PageResult[]) => void; reject: (e: Error) => void }[] = [];
  private readonly pending = new Map<Worker, { resolve: (r: PageResult[]) => void; reject: (e: Error) => void }>();
  private nextId = 0;
  private broken: Error | null = null;

  private constructor(private readonly workers: Worker[]) {
    for (const w of workers) {
      w.on('message', (msg: { results?: PageResult[]; error?: string }) => {
        const p = this.pending.get(w);
        this.pending.delete(w);
        if (msg.error) p?.reject(new Error(msg.error));
        else p?.resolve(msg.results ?? []);
        this.idle.push(w);
        this.pump();
      });
      w.on('error', (error) => this.fail(error));
      w.on('exit', (code) => {
        if (code !== 0) this.fail(new Error(`a verify worker stopped (exit code ${code})`));
      });
      this.idle.push(w);
    }
  }

  /** Null when the compiled worker is not there (the caller verifies in its own thread). */
  static start(opts: { databaseUrl: string; workers: number }, hmacKey: Buffer): VerifyWorkers | null {
    if (!fs.existsSync(WORKER_FILE)) return null;
    const workers = Array.from(
      { length: opts.workers },
      () => new Worker(WORKER_FILE, { workerData: { databaseUrl: opts.databaseUrl, hmacKey: new Uint8Array(hmacKey) } }),
    );
    return new VerifyWorkers(workers);
  }

  get size(): number {
    return this.workers.length;
  }

  verify(loanIds: string[], heads: (Head | null)[]): Promise<PageResult[]> {
    if (this.broken) return Promise.reject(this.broken);
    return new Promise((resolve, reject) => {
      this.queue.push({ job: { id: this.nextId++, loanIds, heads }, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    while (this.idle.length && this.queue.length) {
      const w = this.idle.shift()!;
      const { job, resolve, reject } = this.queue.shift()!;
      this.pending.set(w, { resolve, reject });
      w.postMessage(job);
    }
  }

  private fail(error: Error) {
    this.broken ??= error;
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
    for (const q of this.queue.splice(0)) q.reject(error);
  }

  async stop(): Promise<void> {
    // Closing lets each worker end its connection; terminate is the fallback for a stuck one.
    await Promise.all(
      this.workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(() => void w.terminate().then(() => resolve()), 5000);
            w.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            w.postMessage('stop');
          }),
      ),
    );
  }
}
