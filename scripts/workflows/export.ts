// `npm run workflows:export` (also `npm run workflows`): writes docs/workflows/<machine>.svg, .mmd
// and .md for every registered machine and the index, and removes files of machines no longer
// registered. tests/machines/workflows.test.ts fails when the committed files are stale.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { workflowFiles, WORKFLOWS_DIR } from './files';

const files = await workflowFiles();
mkdirSync(WORKFLOWS_DIR, { recursive: true });
for (const name of readdirSync(WORKFLOWS_DIR)) {
  if (!files.has(name)) rmSync(path.join(WORKFLOWS_DIR, name));
}
for (const [name, content] of files) writeFileSync(path.join(WORKFLOWS_DIR, name), content);
console.log(`wrote ${files.size} files for ${(files.size - 1) / 3} workflows to docs/workflows/`);
