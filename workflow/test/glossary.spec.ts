import { readFileSync, writeFileSync } from 'node:fs';
import { GLOSSARY_PATH, glossaryMarkers, withGlossaryTable } from '../scripts/glossary';

describe('docs/glossary.md', () => {
  const doc = readFileSync(GLOSSARY_PATH, 'utf8');

  it('holds the stage-name table generated from the workflow (UPDATE=1 or npx tsx workflow/scripts/glossary.ts rewrites it)', () => {
    const fresh = withGlossaryTable(doc);
    if (process.env.UPDATE === '1' && fresh !== doc) writeFileSync(GLOSSARY_PATH, fresh);
    else expect(doc).toBe(fresh);
  });

  it('notices a stale row', () => {
    const stale = doc.replace('| `insuranceReview` | `BSH` |', '| `insuranceReview` | `BSS` |');
    expect(stale).not.toBe(doc);
    expect(withGlossaryTable(stale)).not.toBe(stale);
  });

  it('maps every name of the review committee and warns that review* keys mean pre-review', () => {
    const table = doc.slice(doc.indexOf(glossaryMarkers.start), doc.indexOf(glossaryMarkers.end));
    const row = table.split('\n').find((line) => line.startsWith('| `insuranceReview` |')) ?? '';
    for (const name of ['BSH', '保审会', 'Review committee', 'INSURANCE_REVIEW_*', 'REVIEW_COMMITTEE', '`BS`', 'bs_meeting_process_list'])
      expect(row).toContain(name);
    expect(table.split('\n').find((line) => line.startsWith('| `preReview` |'))).toContain('`review_meeting_list`');
    expect(doc).toMatch(/`review\*` means pre-review/);
    expect(() => withGlossaryTable('no markers')).toThrow(/markers/);
  });
});
