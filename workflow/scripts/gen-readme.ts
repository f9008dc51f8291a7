/**
 * Regenerates the state diagram and the event table in workflow/README.md from the machine.
 * Run from the repository root: `npx tsx workflow/scripts/gen-readme.ts`
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withGeneratedSections } from './readme-sections';

const readmePath = join(__dirname, '..', 'README.md');
const before = readFileSync(readmePath, 'utf8');
const after = withGeneratedSections(before);
if (after === before) {
  console.log('workflow/README.md is up to date');
} else {
  writeFileSync(readmePath, after);
  console.log('workflow/README.md regenerated');
}
