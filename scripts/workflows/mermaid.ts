// Renders a machine as a Mermaid state diagram with the facts an analyst reviews beside it:
// the events each state handles without moving, the state's tags and the named delays.
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

const ids = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9_]/g, '_');

/** Readable event: service results and timers in words, person events as they are named. */
export function describeEvent(type: string): string {
  if (!type) return 'always';
  const [, kind, name] = type.match(/^xstate\.(done\.actor|error\.actor|after)\.([^.]+)(.*)$/) ?? [];
  if (kind === 'done.actor') return `${name} done`;
  if (kind === 'error.actor') return `${name} failed`;
  if (kind === 'after') return `after ${name}`;
  return type;
}

function guardName(t: AnyTransitionDefinition): string | null {
  const g = t.guard as unknown;
  // An unguarded branch after guarded ones is taken when none of them holds.
  if (!g) return siblings(t).indexOf(t) > 0 ? 'otherwise' : null;
  if (typeof g === 'string') return g;
  if (typeof g === 'object' && g && 'type' in g) return String((g as { type: unknown }).type);
  return 'condition';
}

function siblings(t: AnyTransitionDefinition): AnyTransitionDefinition[] {
  return (t.eventType ? t.source.transitions.get(t.eventType) : t.source.always) ?? [];
}

function label(t: AnyTransitionDefinition): string {
  const guard = guardName(t);
  // Mermaid reads ':' and ';' as syntax inside a label.
  return `${describeEvent(t.eventType)}${guard ? ` [${guard}]` : ''}`.replace(/[:;]/g, ' ');
}

function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...node.transitions.values()].flat().concat(node.always ?? []);
}

function children(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states) as AnyStateNode[];
}

function block(node: AnyStateNode, indent: string, lines: string[]): void {
  const kids = children(node);
  if (node.type === 'parallel') {
    kids.forEach((region, i) => {
      if (i > 0) lines.push(`${indent}--`);
      declare(region, indent, lines);
    });
    return;
  }
  const initial = (node.config as { initial?: string }).initial;
  if (initial && node.states[initial]) lines.push(`${indent}[*] --> ${ids(node.states[initial] as AnyStateNode)}`);
  for (const kid of kids) declare(kid, indent, lines);
}

function declare(node: AnyStateNode, indent: string, lines: string[]): void {
  lines.push(`${indent}state "${node.key}" as ${ids(node)}`);
  if (children(node).length) {
    lines.push(`${indent}state ${ids(node)} {`);
    block(node, `${indent}  `, lines);
    lines.push(`${indent}}`);
  }
  if (node.type === 'final') lines.push(`${indent}${ids(node)} --> [*]`);
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...children(node).flatMap(allNodes)];
}

export function toMermaid(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2'];
  block(machine.root, '  ', lines);
  for (const node of allNodes(machine.root)) {
    for (const t of transitionsOf(node)) {
      for (const target of t.target ?? []) lines.push(`  ${ids(node)} --> ${ids(target as AnyStateNode)}: ${label(t)}`);
    }
  }
  return lines.join('\n');
}

/** The page for one machine: the diagram, then what the diagram cannot show. */
export function workflowPage(machine: AnyStateMachine, source: string): string {
  const nodes = allNodes(machine.root).filter((n) => n !== machine.root);
  const inPlace = nodes.flatMap((n) =>
    transitionsOf(n).filter((t) => !t.target?.length).map((t) => `| ${n.path.join('.')} | ${label(t)} |`));
  const tagged = nodes.filter((n) => n.tags.length).map((n) => `| ${n.path.join('.')} | ${n.tags.join(', ')} |`);
  const delays = Object.entries(machine.implementations.delays ?? {})
    .map(([name, value]) => `| ${name} | ${typeof value === 'number' ? `${value.toLocaleString('en-GB')} ms` : 'from the machine\'s context'} |`);
  const sections = [
    `# Workflow: ${machine.id}`,
    `Generated from \`${source}\` by \`npm run workflows\`; do not edit by hand.`,
    '```mermaid\n' + toMermaid(machine) + '\n```',
  ];
  if (inPlace.length) sections.push('## Events handled without changing state\n| State | Event [guard] |\n|---|---|\n' + inPlace.join('\n'));
  if (tagged.length) sections.push('## Tags (what the view reads)\n| State | Tags |\n|---|---|\n' + tagged.join('\n'));
  if (delays.length) sections.push('## Named delays\n| Delay | Value |\n|---|---|\n' + delays.join('\n'));
  return sections.join('\n\n') + '\n';
}
