// `npm run workflows`: writes docs/workflows/<machine>.md (Mermaid) and an index, for the people
// who review the workflows as diagrams. A test fails when these pages fall behind the machines.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadMachines, WORKFLOWS_DIR } from './machines';
import { workflowPage } from './mermaid';

const machines = await loadMachines();
mkdirSync(WORKFLOWS_DIR, { recursive: true });
for (const { source, machine } of machines) {
  writeFileSync(path.join(WORKFLOWS_DIR, `${machine.id}.md`), workflowPage(machine, source));
}
const index = [
  '# Workflows',
  'Each workflow of the panel is an XState machine; these pages draw them (Mermaid, rendered by',
  'most Markdown viewers). Regenerate with `npm run workflows` after changing a machine.',
  '',
  ...machines.map(({ source, machine }) => `- [${machine.id}](${machine.id}.md) — \`${source}\``),
].join('\n');
writeFileSync(path.join(WORKFLOWS_DIR, 'README.md'), index + '\n');
console.log(`wrote ${machines.length} workflow pages to docs/workflows/`);
