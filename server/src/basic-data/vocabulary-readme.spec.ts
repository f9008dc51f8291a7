import { COLLATERAL_LOOP, COLLATERAL_PLACEHOLDERS, CONTRACT_TYPES, PLACEHOLDERS } from '@app/workflow';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The placeholder tables of docs/documents-and-templates.md say what the vocabulary module holds: no more, no less. */
describe('docs/documents-and-templates.md: contract template placeholders', () => {
  const readme = fs.readFileSync(path.resolve(__dirname, '../../../docs/documents-and-templates.md'), 'utf8');
  const start = readme.indexOf('## Contract templates and their placeholders');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  /** The first cell of each table row, in order, per table. */
  const tables = section
    .split(/\n\n/)
    .filter((block) => block.startsWith('| placeholder'))
    .map((block) => [...block.matchAll(/^\| `\{(\w+)\}` \|/gm)].map((m) => m[1]));

  it('lists every plain placeholder, then every placeholder of the collateral loop', () => {
    expect(start).toBeGreaterThan(0);
    expect(tables).toEqual([PLACEHOLDERS.map((p) => p.name), COLLATERAL_PLACEHOLDERS.map((p) => p.name)]);
    expect(section).toContain(`\`{#${COLLATERAL_LOOP}}\``);
  });

  it('names every contract type', () => {
    for (const type of CONTRACT_TYPES) expect(section).toContain(`\`${type}\``);
  });
});
