// Writes MAPPING.md beside this file from the report definitions: `npx tsx server/src/regulatory-exports/gen-mapping.ts`.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { mappingMarkdown } from './regulatory-reports';

writeFileSync(path.join(__dirname, 'MAPPING.md'), mappingMarkdown());
