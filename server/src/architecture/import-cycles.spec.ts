import * as path from 'node:path';
import { importCycles, importGraph } from './import-graph';

const ROOT = path.resolve(__dirname, '../../..');
const show = (cycle: string[]) => cycle.map((file) => path.relative(ROOT, file)).join(' -> ');

/**
 * No module imports itself through others (static imports, re-exports with values and lazy
 * import() all count; type-only imports vanish from the built code and do not). A cycle makes the
 * load order decide whether a constant is still undefined where it is read.
 */
describe('import cycles', () => {
  it.each(['web/src', 'server/src', 'workflow/src'])('there are none in %s', (dir) => {
    const graph = importGraph(path.join(ROOT, dir));
    expect(graph.size).toBeGreaterThan(10);
    expect(importCycles(graph).map(show)).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(
      importCycles(graph)
        .map((c) => c.join(' -> '))
        .sort(),
    ).toEqual(['a -> b -> c -> a', 'e -> e']);
  });
});
