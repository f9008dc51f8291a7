// Loaded into the server by scripts/bench.mjs (`node --import ./test/bench/server-memory.mjs …`) for the
// export bench only: the server's own view of its memory, which /proc cannot give (the V8 heap beside the
// RSS). Every 50 ms, while BENCH_MEMORY_FILE is set, it writes process.memoryUsage() and the committed
// size of V8's young and old generations to that file as one JSON object (written aside, then renamed,
// so that a reader never sees half of it). It samples on the server's event loop, so it sees the loop's
// pauses; the RSS the bench reports comes from /proc, sampled from outside. Worker threads load it too
// (they inherit the process's --import): each writes its own heap to BENCH_MEMORY_FILE.thread instead
// (the export thread's, server/src/common/export-pool.ts), so that the API thread's figures stay its own.
import fs from 'node:fs';
import v8 from 'node:v8';
import { isMainThread, threadId } from 'node:worker_threads';

const base = process.env.BENCH_MEMORY_FILE;
const file = base && (isMainThread ? base : `${base}.thread`);
if (file) {
  const aside = `${file}.${process.pid}.${threadId}`;
  const sample = () => {
    const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size]));
    const line = {
      at: Date.now(),
      ...process.memoryUsage(),
      newSpace: spaces.new_space ?? 0,
      oldSpace: spaces.old_space ?? 0,
      largeObjectSpace: spaces.large_object_space ?? 0,
    };
    try {
      fs.writeFileSync(aside, JSON.stringify(line));
      fs.renameSync(aside, file);
    } catch {
      // the bench's directory went away: it is shutting down
    }
  };
  sample();
  setInterval(sample, 50).unref();
}
