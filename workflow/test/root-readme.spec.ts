import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STAGES } from '../src/labels';

/** The rows of the first Markdown table after `heading`, cells trimmed and unquoted. */
function tableAfter(markdown: string, heading: string): string[][] {
  const at = markdown.indexOf(heading);
  if (at < 0) throw new Error(`no heading ${heading}`);
  const lines = markdown.slice(at).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, i) => i > first && !line.startsWith('|'));
  return lines.slice(first + 2, end).map((line) =>
    line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim().replace(/^`(.*)`$/, '$1')),
  );
}

describe('the stage vocabulary of the root README', () => {
  const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
  const rows = tableAfter(readme, '### Stages: one vocabulary');

  it('lists every stage of STAGES, in order, with its spec code and both names', () => {
    expect(rows).toEqual(STAGES.map((stage) => [stage.key, stage.code ?? '–', stage.zh, stage.en]));
  });

  it('notices a row that disagrees', () => {
    const stale = readme.replace('| `preReview` | YSH | 预审会 |', '| `preReview` | YSS | 预审会 |');
    expect(tableAfter(stale, '### Stages: one vocabulary')).not.toEqual(rows);
  });
});
