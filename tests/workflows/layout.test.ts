// Legibility of the laid-out diagrams: no state box covers another, no label covers a state or
// another label, every text fits its box, and the canvas opens at a readable scale; for every
// registered machine and for a generated machine of 200 state nodes.
import { describe, expect, it } from 'vitest';
import { directEngine } from '../../src/workflows/elk-direct';
import { layoutDiagram, type Box, type Diagram } from '../../src/workflows/layout';
import { buildModel } from '../../src/workflows/model';
import { WORKFLOWS } from '../../src/machines/registry';
import { initialView, isVisible, READABLE_SCALE, startState } from '../../src/ui/workflows/viewport';
import { machineOf200States } from '../ui/workflows-fixtures';

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
const inside = (a: Box, outer: Box) =>
  a.x >= outer.x &&
  a.y >= outer.y &&
  a.x + a.width <= outer.x + outer.width &&
  a.y + a.height <= outer.y + outer.height;
/** A laptop's canvas beside the details panel. */
const CANVAS = { width: 900, height: 560 };

function problems(diagram: Diagram): string[] {
  const found: string[] = [];
  const byId = new Map(diagram.nodes.map((n) => [n.node.id, n]));
  const isAncestor = (a: string, b: string): boolean => {
    for (let p = byId.get(b)?.node.parent; p; p = byId.get(p)?.node.parent) if (p === a) return true;
    return false;
  };
  const whole = { x: 0, y: 0, width: diagram.width, height: diagram.height };
  for (const [i, a] of diagram.nodes.entries()) {
    if (!inside(a, whole)) found.push(`${a.node.id} lies outside the diagram`);
    if (a.content.width > a.width + 0.5) found.push(`${a.node.id}: its text is wider than its box`);
    if (!a.container && a.content.height > a.height + 0.5) found.push(`${a.node.id}: its text is taller than its box`);
    const parent = a.node.parent ? byId.get(a.node.parent) : undefined;
    if (parent && !inside(a, parent)) found.push(`${a.node.id} sticks out of ${parent.node.id}`);
    for (const b of diagram.nodes.slice(i + 1)) {
      if (overlap(a, b) && !isAncestor(a.node.id, b.node.id) && !isAncestor(b.node.id, a.node.id))
        found.push(`${a.node.id} overlaps ${b.node.id}`);
    }
  }
  const labels = diagram.edges.flatMap((e) => (e.label ? [{ id: e.edge.id, ...e.label }] : []));
  const simple = diagram.nodes.filter((n) => !n.container);
  for (const [i, label] of labels.entries()) {
    if (!inside(label, whole)) found.push(`label of ${label.id} lies outside the diagram`);
    for (const node of simple) if (overlap(label, node)) found.push(`label of ${label.id} covers ${node.node.id}`);
    for (const other of labels.slice(i + 1))
      if (overlap(label, other)) found.push(`label of ${label.id} covers label of ${other.id}`);
  }
  return found;
}

describe('diagram legibility', () => {
  it('notices a state moved onto another, and a label onto a state (the check itself)', async () => {
    const entry = WORKFLOWS.find((e) => e.id === 'login')!;
    const diagram = await layoutDiagram(buildModel(entry.machine, entry), directEngine);
    const [first, second] = diagram.nodes;
    const moved = {
      ...diagram,
      nodes: diagram.nodes.map((n) => (n === second ? { ...n, x: first!.x + 5, y: first!.y + 5 } : n)),
    };
    expect(problems(moved)).toContain(`${first!.node.id} overlaps ${second!.node.id}`);
    const edge = diagram.edges[0]!;
    const covered = {
      ...diagram,
      edges: diagram.edges.map((e) => (e === edge ? { ...e, label: { ...e.label!, x: first!.x, y: first!.y } } : e)),
    };
    expect(problems(covered)).toContain(`label of ${edge.edge.id} covers ${first!.node.id}`);
  });

  for (const entry of WORKFLOWS) {
    it(`${entry.id}: nothing covers anything, every text fits`, async () => {
      const diagram = await layoutDiagram(buildModel(entry.machine, entry), directEngine);
      expect(problems(diagram)).toEqual([]);
      expect(initialView(diagram, CANVAS).scale).toBeGreaterThanOrEqual(READABLE_SCALE);
    });
  }

  it('lays out 200 state nodes legibly', async () => {
    const model = buildModel(machineOf200States());
    expect(model.nodes).toHaveLength(200);
    const diagram = await layoutDiagram(model, directEngine);
    expect(problems(diagram)).toEqual([]);
    // Too large to fit the canvas readably, so it opens at the readable scale on the state it starts in.
    const start = startState(diagram)!;
    expect(start.node.id).toBe('large.stage0.step0');
    const view = initialView(diagram, CANVAS, start);
    expect(view.scale).toBe(READABLE_SCALE);
    expect(isVisible(start, view, CANVAS)).toBe(true);
    const first = diagram.nodes.find((n) => n.node.id === 'large.stage0.step0')!;
    expect(isVisible(first, view, CANVAS)).toBe(true);
  });
});
