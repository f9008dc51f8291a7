import { availableParallelism } from 'node:os';
import { mainPoolMax, POOL_MAX, POOL_MIN_PER_PROCESS, poolShare } from '../database/database.module';
import { apiProcesses, processCount, workerProcesses } from './process-count';

describe('process counts', () => {
  it('default to one API process per core and one worker; a whole number from 1 is taken as it is', () => {
    expect(apiProcesses({})).toBe(availableParallelism());
    expect(apiProcesses({ API_PROCESSES: '' })).toBe(availableParallelism());
    expect(apiProcesses({ API_PROCESSES: '3' })).toBe(3);
    expect(workerProcesses({})).toBe(1);
    expect(workerProcesses({ WORKER_PROCESSES: '2' })).toBe(2);
  });

  it.each(['0', '-2', '1.5', 'four', '2x'])('refuse %p, naming the variable', (value) => {
    expect(() => processCount('API_PROCESSES', value, 1)).toThrow(/^API_PROCESSES: /);
  });
});

describe('the connection pool of a process', () => {
  it("is its share of the role's connections, and never below the floor", () => {
    expect(poolShare(1)).toBe(POOL_MAX);
    expect(poolShare(2)).toBe(POOL_MAX / 2);
    expect(poolShare(3)).toBe(Math.ceil(POOL_MAX / 3));
    expect(poolShare(64)).toBe(POOL_MIN_PER_PROCESS);
    // about the same total however many processes, until the floor
    for (const n of [1, 2, 3, 4]) expect(poolShare(n) * n).toBeLessThanOrEqual(POOL_MAX + n - 1);
  });
});

describe('the main pool beside the export threads', () => {
  it("leaves the export threads' connections out of the process's share, never below the floor", () => {
    expect(mainPoolMax({ poolProcesses: 1, exportWorkers: 1 })).toBe(POOL_MAX - 1);
    expect(mainPoolMax({ poolProcesses: 2, exportWorkers: 1 }) + 1).toBe(poolShare(2));
    expect(mainPoolMax({ poolProcesses: 2, exportWorkers: 3 }) + 3).toBe(poolShare(2));
    expect(mainPoolMax({ poolProcesses: 1, exportWorkers: 0 })).toBe(POOL_MAX);
    expect(mainPoolMax({ poolProcesses: 64, exportWorkers: 1 })).toBe(POOL_MIN_PER_PROCESS);
  });
});
