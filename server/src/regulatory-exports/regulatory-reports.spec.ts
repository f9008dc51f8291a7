import { readFileSync } from 'node:fs';
import path from 'node:path';
import { enterpriseSize, feeFen } from './regulatory-exports.service';
import { mappingMarkdown, REGULATORY_REPORTS } from './regulatory-reports';

describe('regulator reports', () => {
  it('MAPPING.md is the one the column definitions generate (run gen-mapping.ts after a change)', () => {
    expect(readFileSync(path.join(__dirname, 'MAPPING.md'), 'utf8')).toBe(mappingMarkdown());
  });

  it('documents every column with a source, a rule and an example', () => {
    for (const report of Object.values(REGULATORY_REPORTS)) {
      for (const column of report.columns) {
        expect([column.header.zh, column.source, column.rule, column.example].every((text) => text.trim().length > 0)).toBe(true);
      }
    }
  });

  it('sizes an enterprise by employees at the edges of the rule', () => {
    expect([null, 0, 9, 10, 99, 100, 299, 300].map(enterpriseSize)).toEqual(['UNKNOWN', 'MICRO', 'MICRO', 'SMALL', 'SMALL', 'MEDIUM', 'MEDIUM', 'LARGE']);
  });

  it('computes the fee in whole fen, half up', () => {
    expect(feeFen(300_000_000, 150)).toBe(4_500_000);
    expect(feeFen(333, 150)).toBe(5); // 4.995 fen
    expect(feeFen(100, null)).toBeNull();
  });
});
