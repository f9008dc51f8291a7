import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedSections, sectionMarkers, withGeneratedSections } from '../scripts/readme-sections';

describe('README', () => {
  const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');

  it('holds the diagram and event table generated from the current machine (run: npx tsx workflow/scripts/gen-readme.ts)', () => {
    expect(readme).toBe(withGeneratedSections(readme));
  });

  it('notices a stale diagram', () => {
    const stale = readme.replace('SUBMIT_TO_PRE_REVIEW', 'SUBMIT_TO_SOMEWHERE_ELSE');
    expect(stale).not.toBe(readme);
    expect(withGeneratedSections(stale)).not.toBe(stale);
  });

  it('has both sections with their markers', () => {
    for (const name of Object.keys(generatedSections())) {
      const { start, end } = sectionMarkers(name);
      expect(readme.indexOf(start)).toBeGreaterThan(0);
      expect(readme.indexOf(end)).toBeGreaterThan(readme.indexOf(start));
    }
    expect(() => withGeneratedSections('no markers here')).toThrow(/markers/);
  });
});
