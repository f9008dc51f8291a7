// One figure of a benchmark for the summary table `npm run bench` writes (test/bench/RESULTS.md). A
// bench prints its own output as it always did and, beside it, calls reportFigure for each headline
// figure: scripts/bench.mjs passes BENCH_FIGURES (a file) and gathers one JSON line per figure.
import * as fs from 'node:fs';
import * as os from 'node:os';

export interface Figure {
  /** What was measured, with its conditions (data set, concurrency, cold or warm). */
  figure: string;
  value: number;
  unit: string;
  /** The raw baseline measured in the same run, when there is one. */
  baseline?: number;
  /** value / baseline unless given (e.g. a rate, where higher is better, reads API/raw). */
  ratio?: number;
  /** The target, as text. */
  target?: string;
}

export interface ReportedFigure extends Figure {
  bench: string;
  /** The machine's 1-minute load average when the figure was taken. */
  loadAverage: number;
  cores: number;
  at: string;
}

export function reportFigure(bench: string, figure: Figure): void {
  const file = process.env.BENCH_FIGURES;
  if (!file) return;
  const ratio = figure.ratio ?? (figure.baseline ? figure.value / figure.baseline : undefined);
  const line: ReportedFigure = { ...figure, ratio, bench, loadAverage: os.loadavg()[0], cores: os.cpus().length, at: new Date().toISOString() };
  fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
}
