// The files docs/workflows holds for each registered machine, computed exactly as the page draws
// it: <id>.svg (the diagram component rendered with react-dom/server, laid out by ELK), <id>.mmd
// (Mermaid) and <id>.md (both, with the facts a diagram cannot show), plus README.md.
import path from 'node:path';
import { directEngine } from '../../src/workflows/elk-direct';
import { layoutDiagram } from '../../src/workflows/layout';
import { toMermaid } from '../../src/workflows/mermaid';
import { buildModel, type DiagramModel } from '../../src/workflows/model';
import { WORKFLOWS, type WorkflowEntry } from '../../src/machines/registry';
import { svgDocument } from '../../src/ui/workflows/svg-document';

export const WORKFLOWS_DIR = path.resolve(import.meta.dirname, '../../docs/workflows');
export const COMMAND = 'npm run workflows:export';

function page(entry: WorkflowEntry, model: DiagramModel, mermaid: string): string {
  const tagged = model.nodes.filter((n) => n.tags.length).map((n) => `| ${n.path.join('.')} | ${n.tags.join(', ')} |`);
  const described = model.nodes
    .filter((n) => n.description)
    .map((n) => `| ${n.path.join('.')} | ${n.description!.replace(/\|/g, '\\|')} |`);
  const delays = Object.keys((entry.machine.implementations.delays ?? {}) as Record<string, unknown>).map(
    (name) => `| ${name} | ${model.delays[name] ?? "read from the machine's context"} |`,
  );
  const sections = [
    `# Workflow: ${entry.title} (\`${entry.id}\`)`,
    entry.purpose,
    `Generated from \`${entry.source}\` by \`${COMMAND}\`; do not edit by hand. In the panel: /workflows/${entry.id}.`,
    `![${entry.title}](${entry.id}.svg)`,
    '```mermaid\n' + mermaid + '```',
  ];
  if (tagged.length) sections.push('## Tags (what the view reads)\n| State | Tags |\n|---|---|\n' + tagged.join('\n'));
  if (described.length) sections.push('## Descriptions\n| State | Description |\n|---|---|\n' + described.join('\n'));
  if (delays.length) sections.push('## Named delays\n| Delay | Value |\n|---|---|\n' + delays.join('\n'));
  return sections.join('\n\n') + '\n';
}

function index(): string {
  return (
    [
      '# Workflows',
      'Each workflow of the panel is an XState machine, drawn here from its definition: an SVG diagram, its',
      'Mermaid text and a page with both. The panel shows the same diagrams at /workflows, with simulation,',
      `live state and the test plan. Regenerate with \`${COMMAND}\` after changing a machine; a test fails when`,
      'these files fall behind.',
      '',
      ...WORKFLOWS.map(
        (e) => `- [${e.title}](${e.id}.md) (\`${e.id}\`, [SVG](${e.id}.svg), [Mermaid](${e.id}.mmd)) — ${e.purpose}`,
      ),
    ].join('\n') + '\n'
  );
}

/** File name → content, for every registered machine. */
export async function workflowFiles(): Promise<Map<string, string>> {
  const files = new Map<string, string>([['README.md', index()]]);
  for (const entry of WORKFLOWS) {
    const model = buildModel(entry.machine, entry);
    const diagram = await layoutDiagram(model, directEngine);
    const mermaid = toMermaid(model);
    files.set(`${entry.id}.svg`, svgDocument(diagram, entry.title, entry.purpose));
    files.set(`${entry.id}.mmd`, mermaid);
    files.set(`${entry.id}.md`, page(entry, model, mermaid));
  }
  return files;
}
