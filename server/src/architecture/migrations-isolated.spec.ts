import * as fs from 'node:fs';
import * as path from 'node:path';
import { importsOf } from './import-graph';

const ROOT = path.resolve(__dirname, '../../..');
const MIGRATIONS = path.join(ROOT, 'migrations');
const LIVE_CODE = ['server', 'web', 'workflow'].map((dir) => path.join(ROOT, dir) + path.sep);

/**
 * A migration holds its own data: it never imports live code (server/, web/, workflow/ or their
 * aliases), so an old migration cannot change when that code changes.
 */
describe('migrations', () => {
  const files = fs.readdirSync(MIGRATIONS).filter((f) => f.endsWith('.ts'));

  it('are there to check', () => {
    expect(files.length).toBeGreaterThan(1);
  });

  it.each(files)('%s imports nothing from server/, web/ or workflow/', (file) => {
    const offending = importsOf(path.join(MIGRATIONS, file)).filter(
      ({ specifier, resolved }) =>
        specifier.startsWith('@app/') || specifier.startsWith('@/') || (resolved !== null && LIVE_CODE.some((dir) => resolved.startsWith(dir))),
    );
    expect(offending.map((i) => i.specifier)).toEqual([]);
  });
});
