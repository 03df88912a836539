// Places a diagram model with ELK's layered algorithm: every state a box sized to what it shows,
// compound and parallel states as containers around their children, edges routed orthogonally
// with their labels placed by the engine. No coordinate is chosen by hand. The engine is passed
// in: a Web Worker in the browser, ELK itself in Node and in tests; both give the same result.
import type { ElkExtendedEdge, ElkLabel, ElkNode } from 'elkjs/lib/elk-api';
import type { DiagramModel, InitialMarker, ModelEdge, ModelNode } from './model';
import { textWidth, wrapText } from './text-metrics';

export interface LayoutEngine {
  layout(graph: ElkNode): Promise<ElkNode>;
}

/** Sizes the renderer and the layout agree on (px at zoom 1). */
export const METRICS = {
  titleSize: 13,
  titleLine: 17,
  smallSize: 11,
  smallLine: 15,
  tagHeight: 16,
  tagPadX: 5,
  tagGap: 4,
  padX: 12,
  padY: 8,
  minWidth: 110,
  descriptionWidth: 220,
  descriptionLines: 3,
  labelSize: 11,
  labelLine: 13,
  labelWidth: 170,
  labelPad: 3,
  markerSize: 12,
  containerPad: 14,
  radius: 8,
} as const;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface NodeContent {
  title: string;
  /** Caption under the title of compound, parallel and history states. */
  caption: string | null;
  tags: { text: string; width: number }[];
  invokes: string[];
  description: string[];
  /** Height of the text block (the whole box for simple states, the header for containers). */
  height: number;
  width: number;
}

export interface LaidNode extends Box {
  node: ModelNode;
  content: NodeContent;
  container: boolean;
}

export interface LaidEdge {
  edge: ModelEdge;
  points: Point[];
  label: (Box & { lines: string[] }) | null;
}

export interface LaidMarker {
  marker: InitialMarker;
  x: number;
  y: number;
  size: number;
  points: Point[];
}

export interface Diagram {
  model: DiagramModel;
  width: number;
  height: number;
  nodes: LaidNode[];
  edges: LaidEdge[];
  initials: LaidMarker[];
  anyState: (Box & { id: string; lines: string[] }) | null;
}

const round = (n: number) => Math.round(n * 10) / 10;

const CAPTIONS: Partial<Record<ModelNode['kind'], string>> = {
  parallel: 'parallel: every region at once',
  history: 'history',
};

/** What a state's box shows, wrapped and measured. */
export function nodeContent(node: ModelNode): NodeContent {
  const m = METRICS;
  const caption = CAPTIONS[node.kind] ?? (node.kind === 'final' ? 'final' : null);
  const tags = node.tags.map((text) => ({ text, width: textWidth(text, m.smallSize) + 2 * m.tagPadX }));
  const invokes = node.invokes.map((i) => `invokes ${i.title}`);
  const description = node.description
    ? wrapText(node.description, m.descriptionWidth, m.smallSize, false, m.descriptionLines)
    : [];
  const tagRow = tags.reduce((w, t) => w + t.width, 0) + Math.max(0, tags.length - 1) * m.tagGap;
  const width = Math.max(
    textWidth(node.title, m.titleSize, true),
    caption ? textWidth(caption, m.smallSize) : 0,
    tagRow,
    ...invokes.map((l) => textWidth(l, m.smallSize)),
    ...description.map((l) => textWidth(l, m.smallSize)),
  );
  const height =
    m.padY +
    m.titleLine +
    (caption ? m.smallLine : 0) +
    (tags.length ? m.tagHeight + 4 : 0) +
    (invokes.length + description.length) * m.smallLine +
    m.padY;
  return {
    title: node.title,
    caption,
    tags,
    invokes,
    description,
    height: Math.ceil(height),
    width: Math.ceil(Math.max(width + 2 * m.padX, m.minWidth)),
  };
}

function labelOf(edge: ModelEdge): ElkLabel & { lines: string[] } {
  const m = METRICS;
  // The guard starts its own line, so '[is blocked]' never breaks away from its bracket.
  const lines = [
    ...wrapText(edge.event, m.labelWidth, m.labelSize),
    ...(edge.guard ? wrapText(`[${edge.guard}]`, m.labelWidth, m.labelSize) : []),
  ];
  const width = Math.max(...lines.map((l) => textWidth(l, m.labelSize))) + 2 * m.labelPad;
  return {
    id: `${edge.id}::label`,
    text: edge.label,
    lines,
    width: Math.ceil(width),
    height: lines.length * m.labelLine + 2,
  };
}

const ROOT_OPTIONS: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.padding': '[top=16,left=16,bottom=16,right=16]',
  'elk.spacing.nodeNode': '24',
  'elk.spacing.edgeNode': '12',
  'elk.spacing.edgeEdge': '8',
  'elk.spacing.edgeLabel': '4',
  'elk.spacing.labelNode': '6',
  'elk.layered.spacing.nodeNodeBetweenLayers': '32',
  'elk.layered.spacing.edgeNodeBetweenLayers': '12',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '8',
  'elk.edgeLabels.placement': 'CENTER',
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
  'elk.layered.thoroughness': '3',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.layered.cycleBreaking.strategy': 'MODEL_ORDER',
  'elk.separateConnectedComponents': 'false',
};

const FIRST_LAYER = { 'elk.layered.layering.layerConstraint': 'FIRST' };

/** The ELK graph for a model (exported for tests of the layout's input). */
export function elkGraph(model: DiagramModel): ElkNode {
  const m = METRICS;
  const byParent = new Map<string | null, ModelNode[]>();
  for (const n of model.nodes) byParent.set(n.parent, [...(byParent.get(n.parent) ?? []), n]);
  const markersIn = (parent: string | null) =>
    model.initials
      .filter((i) => i.parent === parent)
      .map((i): ElkNode => ({ id: i.id, width: m.markerSize, height: m.markerSize, layoutOptions: FIRST_LAYER }));

  const place = (n: ModelNode): ElkNode => {
    const content = nodeContent(n);
    const kids = byParent.get(n.id) ?? [];
    if (!kids.length) return { id: n.id, width: content.width, height: content.height };
    return {
      id: n.id,
      children: [...markersIn(n.id), ...kids.map(place)],
      layoutOptions: {
        'elk.padding': `[top=${content.height + 4},left=${m.containerPad},bottom=${m.containerPad},right=${m.containerPad}]`,
        'elk.nodeSize.constraints': '[MINIMUM_SIZE]',
        'elk.nodeSize.minimum': `(${content.width},${content.height + 2 * m.containerPad})`,
      },
    };
  };

  const top: ElkNode[] = [...markersIn(null)];
  if (model.anyState)
    top.push({ id: model.anyState.id, ...anyStateSize(model.anyState.invokes), layoutOptions: FIRST_LAYER });
  top.push(...(byParent.get(null) ?? []).map(place));

  const edges: ElkExtendedEdge[] = [
    ...model.initials.map((i) => ({ id: `${i.id}>`, sources: [i.id], targets: [i.target] })),
    ...model.edges.map((e) => {
      const { lines: _lines, ...label } = labelOf(e);
      return { id: e.id, sources: [e.source], targets: [e.target], labels: [label] };
    }),
  ];
  return { id: `${model.machineId}::root`, layoutOptions: ROOT_OPTIONS, children: top, edges };
}

export const ANY_STATE_TITLE = 'any state';

/** Lines under the "any state" title: the machine's own services. */
export const anyStateLines = (invokes: readonly { title: string }[]) => invokes.map((i) => `invokes ${i.title}`);

function anyStateSize(invokes: readonly { title: string }[]) {
  const m = METRICS;
  const lines = anyStateLines(invokes);
  const width = Math.max(textWidth(ANY_STATE_TITLE, m.titleSize, true), ...lines.map((l) => textWidth(l, m.smallSize)));
  return { width: Math.ceil(width + 2 * m.padX), height: m.padY * 2 + m.titleLine + lines.length * m.smallLine };
}

function pointsOf(edge: ElkExtendedEdge, offset: Point): Point[] {
  return (edge.sections ?? [])
    .flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint])
    .map((p) => ({ x: round(p.x + offset.x), y: round(p.y + offset.y) }));
}

export async function layoutDiagram(model: DiagramModel, engine: LayoutEngine): Promise<Diagram> {
  const input = elkGraph(model);
  const out = await engine.layout(input);

  // Absolute positions: ELK gives each node relative to its parent, each edge relative to its container.
  const origin = new Map<string, Point>([[out.id, { x: 0, y: 0 }]]);
  const boxes = new Map<string, Box>();
  const walk = (node: ElkNode, at: Point) => {
    for (const c of node.children ?? []) {
      const box = { x: at.x + (c.x ?? 0), y: at.y + (c.y ?? 0), width: c.width ?? 0, height: c.height ?? 0 };
      boxes.set(c.id, box);
      origin.set(c.id, { x: box.x, y: box.y });
      walk(c, box);
    }
  };
  walk(out, { x: 0, y: 0 });
  const boxOf = (id: string): Box => {
    const b = boxes.get(id);
    if (!b) throw new Error(`layout lost node ${id}`);
    return { x: round(b.x), y: round(b.y), width: round(b.width), height: round(b.height) };
  };

  const nodes: LaidNode[] = model.nodes.map((node) => ({
    ...boxOf(node.id),
    node,
    content: nodeContent(node),
    container: model.nodes.some((n) => n.parent === node.id),
  }));

  const laidEdges = new Map((out.edges ?? []).map((e) => [e.id, e as ElkExtendedEdge & { container?: string }]));
  const offsetOf = (e: { container?: string }) => origin.get(e.container ?? out.id) ?? { x: 0, y: 0 };
  const edges: LaidEdge[] = model.edges.map((edge) => {
    const laid = laidEdges.get(edge.id);
    if (!laid) throw new Error(`layout lost edge ${edge.id}`);
    const offset = offsetOf(laid);
    const label = laid.labels?.[0];
    const { lines } = labelOf(edge);
    return {
      edge,
      points: pointsOf(laid, offset),
      label: label
        ? {
            x: round((label.x ?? 0) + offset.x),
            y: round((label.y ?? 0) + offset.y),
            width: label.width ?? 0,
            height: label.height ?? 0,
            lines,
          }
        : null,
    };
  });

  const initials: LaidMarker[] = model.initials.map((marker) => {
    const box = boxOf(marker.id);
    const laid = laidEdges.get(`${marker.id}>`);
    return { marker, x: box.x, y: box.y, size: box.width, points: laid ? pointsOf(laid, offsetOf(laid)) : [] };
  });

  return {
    model,
    width: Math.ceil(out.width ?? 0),
    height: Math.ceil(out.height ?? 0),
    nodes,
    edges,
    initials,
    anyState: model.anyState
      ? { id: model.anyState.id, lines: anyStateLines(model.anyState.invokes), ...boxOf(model.anyState.id) }
      : null,
  };
}
