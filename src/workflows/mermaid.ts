// The diagram model as Mermaid stateDiagram-v2 text: the same states, transitions and words as
// the drawn diagram, for Markdown viewers and for pasting elsewhere. The page offers it as a
// download; `npm run workflows:export` writes it to docs/workflows/<machine>.mmd.
import { ANY_STATE_TITLE } from './layout';
import type { DiagramModel, ModelNode } from './model';

/** Mermaid ids allow letters, digits and underscores only. */
export const mermaidId = (id: string) => id.replace(/[^A-Za-z0-9_]/g, '_');

/** Mermaid reads ':' and ';' as syntax inside a label, and '"' ends a state's title. */
const clean = (text: string) => text.replace(/[:;]/g, ' ').replace(/"/g, "'");

export function toMermaid(model: DiagramModel): string {
  const lines = ['stateDiagram-v2'];
  const childrenOf = (parent: string | null) => model.nodes.filter((n) => n.parent === parent);

  const declare = (node: ModelNode, indent: string) => {
    lines.push(`${indent}state "${clean(node.title)}" as ${mermaidId(node.id)}`);
    const kids = childrenOf(node.id);
    if (kids.length) {
      lines.push(`${indent}state ${mermaidId(node.id)} {`);
      block(node.id, node.kind === 'parallel', `${indent}  `);
      lines.push(`${indent}}`);
    }
    if (node.kind === 'final') lines.push(`${indent}${mermaidId(node.id)} --> [*]`);
  };

  const block = (parent: string | null, parallel: boolean, indent: string) => {
    const kids = childrenOf(parent);
    if (parallel) {
      kids.forEach((region, i) => {
        if (i > 0) lines.push(`${indent}--`);
        declare(region, indent);
      });
      return;
    }
    const initial = model.initials.find((i) => i.parent === parent);
    if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial.target)}`);
    for (const kid of kids) declare(kid, indent);
  };

  if (model.anyState) lines.push(`  state "${ANY_STATE_TITLE}" as ${mermaidId(model.anyState.id)}`);
  block(null, model.parallel, '  ');
  for (const e of model.edges) lines.push(`  ${mermaidId(e.source)} --> ${mermaidId(e.target)}: ${clean(e.label)}`);
  return lines.join('\n') + '\n';
}
