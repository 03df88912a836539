// The workflow diagram as SVG: the page draws it inside its pan-and-zoom canvas, the export
// script renders the very same component to docs/workflows/<machine>.svg with react-dom/server.
import type { KeyboardEvent } from 'react';
import {
  ANY_STATE_TITLE,
  METRICS,
  type Diagram,
  type LaidEdge,
  type LaidNode,
  type Point,
} from '../../workflows/layout';
import { FONT_FAMILY } from '../../workflows/text-metrics';
import type { Palette } from './palette';

export interface Highlights {
  /** The state whose details are open. */
  selected?: string | null;
  /** State node ids the simulation is in. */
  current?: ReadonlySet<string>;
  /** State node ids running machines of this tab are in. */
  live?: ReadonlySet<string>;
  /** Edge ids to emphasise (the path to the selected state, the simulation's last step). */
  edges?: ReadonlySet<string>;
}

export interface DiagramContentProps {
  diagram: Diagram;
  palette: Palette;
  /** Makes marker ids unique when several diagrams share a page. */
  idPrefix: string;
  highlights?: Highlights;
  /** Given, states become buttons that call it. */
  onSelect?: (stateId: string) => void;
  /** Given, pointing at an edge or its label reports the edge (null when the pointer leaves). */
  onHoverEdge?: (edgeId: string | null) => void;
}

const m = METRICS;
const NONE: ReadonlySet<string> = new Set();

/** A polyline with its bends rounded off. */
export function roundedPath(points: readonly Point[], radius = 6): string {
  if (points.length === 0) return '';
  const [first, ...rest] = points;
  let d = `M${first!.x} ${first!.y}`;
  for (let i = 0; i < rest.length; i++) {
    const p = rest[i]!;
    const prev = points[i]!;
    const next = rest[i + 1];
    if (!next) {
      d += ` L${p.x} ${p.y}`;
      break;
    }
    const r = Math.min(radius, Math.hypot(p.x - prev.x, p.y - prev.y) / 2, Math.hypot(next.x - p.x, next.y - p.y) / 2);
    const towards = (a: Point, b: Point) => {
      const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
      return {
        x: Math.round((b.x + ((a.x - b.x) / len) * r) * 10) / 10,
        y: Math.round((b.y + ((a.y - b.y) / len) * r) * 10) / 10,
      };
    };
    const before = towards(prev, p);
    const after = towards(next, p);
    d += ` L${before.x} ${before.y} Q${p.x} ${p.y} ${after.x} ${after.y}`;
  }
  return d;
}

function NodeText({ laid, palette }: { laid: LaidNode; palette: Palette }) {
  const { content, x, y } = laid;
  const left = x + m.padX;
  let line = y + m.padY + m.titleSize;
  const rows = [];
  rows.push(
    <text key="title" x={left} y={line} style={{ fill: palette.text, fontWeight: 600, fontSize: m.titleSize }}>
      {content.title}
    </text>,
  );
  line += m.titleLine - m.titleSize;
  if (content.caption) {
    line += m.smallLine;
    rows.push(
      <text
        key="caption"
        x={left}
        y={line - 3}
        style={{ fill: palette.muted, fontSize: m.smallSize, fontStyle: 'italic' }}
      >
        {content.caption}
      </text>,
    );
  }
  if (content.tags.length) {
    let tagX = left;
    const top = line + 2;
    content.tags.forEach((tag) => {
      rows.push(
        <g key={`tag-${tag.text}`} data-tag={tag.text}>
          <rect
            x={tagX}
            y={top}
            width={tag.width}
            height={m.tagHeight}
            rx={m.tagHeight / 2}
            style={{ fill: palette.tagFill }}
          />
          <text
            x={tagX + m.tagPadX}
            y={top + m.tagHeight - 4.5}
            style={{ fill: palette.tagText, fontSize: m.smallSize }}
          >
            {tag.text}
          </text>
        </g>,
      );
      tagX += tag.width + m.tagGap;
    });
    line += m.tagHeight + 4;
  }
  for (const [i, text] of content.invokes.entries()) {
    line += m.smallLine;
    rows.push(
      <text key={`invoke-${i}`} x={left} y={line - 3} style={{ fill: palette.muted, fontSize: m.smallSize }}>
        {text}
      </text>,
    );
  }
  for (const [i, text] of content.description.entries()) {
    line += m.smallLine;
    rows.push(
      <text
        key={`description-${i}`}
        x={left}
        y={line - 3}
        style={{ fill: palette.muted, fontSize: m.smallSize, fontStyle: 'italic' }}
      >
        {text}
      </text>,
    );
  }
  return <>{rows}</>;
}

function StateNode({
  laid,
  palette,
  highlights,
  onSelect,
}: {
  laid: LaidNode;
  palette: Palette;
  highlights: Highlights;
  onSelect?: (id: string) => void;
}) {
  const { node, x, y, width, height, container } = laid;
  const selected = highlights.selected === node.id;
  const current = (highlights.current ?? NONE).has(node.id);
  const live = (highlights.live ?? NONE).has(node.id);
  const fill = current && !container ? palette.accentFill : container ? palette.containerFill : palette.nodeFill;
  const stroke = selected
    ? palette.selected
    : current
      ? palette.accent
      : container
        ? palette.containerStroke
        : palette.nodeStroke;
  const strokeWidth = selected || current ? 2.5 : 1.2;
  const interactive = onSelect
    ? {
        role: 'button',
        tabIndex: 0,
        'aria-pressed': selected,
        onClick: () => onSelect(node.id),
        onKeyDown: (e: KeyboardEvent) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            onSelect(node.id);
          }
        },
        style: { cursor: 'pointer' },
      }
    : {};
  return (
    <g
      data-state-node={node.id}
      data-kind={node.kind}
      data-current={current || undefined}
      data-live={live || undefined}
      data-selected={selected || undefined}
      {...interactive}
    >
      {live && (
        <rect
          x={x - 4}
          y={y - 4}
          width={width + 8}
          height={height + 8}
          rx={m.radius + 4}
          style={{ fill: container ? 'none' : palette.liveFill, stroke: palette.live, strokeWidth: 3 }}
        />
      )}
      <rect
        x={x}
        y={y}
        width={width}
        height={height}
        rx={m.radius}
        style={{ fill, stroke, strokeWidth, strokeDasharray: node.region ? '6 4' : undefined }}
      />
      {node.kind === 'final' && (
        <rect
          x={x + 3}
          y={y + 3}
          width={width - 6}
          height={height - 6}
          rx={m.radius - 2}
          style={{ fill: 'none', stroke, strokeWidth: 1.2 }}
        />
      )}
      <NodeText laid={laid} palette={palette} />
    </g>
  );
}

function EdgePath({
  laid,
  palette,
  idPrefix,
  strong,
}: {
  laid: LaidEdge;
  palette: Palette;
  idPrefix: string;
  strong: boolean;
}) {
  return (
    <path
      d={roundedPath(laid.points)}
      markerEnd={`url(#${idPrefix}-${strong ? 'arrow-strong' : 'arrow'})`}
      style={{ fill: 'none', stroke: strong ? palette.accent : palette.edge, strokeWidth: strong ? 2.2 : 1.3 }}
    />
  );
}

function EdgeLabel({ laid, palette, strong }: { laid: LaidEdge; palette: Palette; strong: boolean }) {
  const { label } = laid;
  if (!label) return null;
  // The guard, from its '[' on, reads quieter than the event.
  let inGuard = false;
  return (
    <g data-label-of={laid.edge.id}>
      <rect
        x={label.x}
        y={label.y}
        width={label.width}
        height={label.height}
        rx={3}
        style={{ fill: palette.labelBackground, fillOpacity: 0.92, stroke: strong ? palette.accent : 'none' }}
      />
      {label.lines.map((line, i) => {
        const at = inGuard ? 0 : line.indexOf('[');
        const event = at < 0 ? line : line.slice(0, at);
        const guard = at < 0 ? '' : line.slice(at);
        if (at >= 0) inGuard = true;
        return (
          <text
            key={i}
            x={label.x + m.labelPad}
            y={label.y + (i + 1) * m.labelLine - 2}
            style={{ fontSize: m.labelSize, fill: palette.label }}
          >
            {event && <tspan>{event}</tspan>}
            {guard && <tspan style={{ fill: palette.guard, fontStyle: 'italic' }}>{guard}</tspan>}
          </text>
        );
      })}
    </g>
  );
}

/** The diagram's shapes, for an <svg> of the caller's (the page's canvas or DiagramSvg). */
export function DiagramContent({
  diagram,
  palette,
  idPrefix,
  highlights = {},
  onSelect,
  onHoverEdge,
}: DiagramContentProps) {
  const hover = (id: string) =>
    onHoverEdge ? { onPointerEnter: () => onHoverEdge(id), onPointerLeave: () => onHoverEdge(null) } : {};
  const strongEdges = highlights.edges ?? NONE;
  const containers = diagram.nodes.filter((n) => n.container).sort((a, b) => a.node.depth - b.node.depth);
  const simple = diagram.nodes.filter((n) => !n.container);
  const arrow = (id: string, colour: string) => (
    <marker
      id={`${idPrefix}-${id}`}
      viewBox="0 0 10 10"
      refX="9"
      refY="5"
      markerWidth="8"
      markerHeight="8"
      markerUnits="userSpaceOnUse"
      orient="auto-start-reverse"
    >
      <path d="M0 0 L10 5 L0 10 z" style={{ fill: colour }} />
    </marker>
  );
  return (
    <g style={{ fontFamily: FONT_FAMILY }}>
      <defs>
        {arrow('arrow', palette.edge)}
        {arrow('arrow-strong', palette.accent)}
      </defs>
      <g data-layer="containers">
        {containers.map((laid) => (
          <StateNode key={laid.node.id} laid={laid} palette={palette} highlights={highlights} onSelect={onSelect} />
        ))}
      </g>
      {diagram.anyState && (
        <g data-pseudo="any-state">
          <rect
            x={diagram.anyState.x}
            y={diagram.anyState.y}
            width={diagram.anyState.width}
            height={diagram.anyState.height}
            rx={m.radius}
            style={{ fill: palette.nodeFill, stroke: palette.nodeStroke, strokeDasharray: '4 3' }}
          />
          <text
            x={diagram.anyState.x + m.padX}
            y={diagram.anyState.y + m.padY + m.titleSize}
            style={{ fill: palette.muted, fontSize: m.titleSize, fontStyle: 'italic' }}
          >
            {ANY_STATE_TITLE}
          </text>
          {diagram.anyState.lines.map((line, i) => (
            <text
              key={line}
              x={diagram.anyState!.x + m.padX}
              y={diagram.anyState!.y + m.padY + m.titleLine + (i + 1) * m.smallLine - 3}
              style={{ fill: palette.muted, fontSize: m.smallSize }}
            >
              {line}
            </text>
          ))}
        </g>
      )}
      <g data-layer="initial">
        {diagram.initials.map((i) => (
          <g key={i.marker.id} data-initial-of={i.marker.parent ?? diagram.model.machineId}>
            <circle cx={i.x + i.size / 2} cy={i.y + i.size / 2} r={i.size / 2} style={{ fill: palette.marker }} />
            <path
              d={roundedPath(i.points)}
              markerEnd={`url(#${idPrefix}-arrow)`}
              style={{ fill: 'none', stroke: palette.marker, strokeWidth: 1.3 }}
            />
          </g>
        ))}
      </g>
      <g data-layer="states">
        {simple.map((laid) => (
          <StateNode key={laid.node.id} laid={laid} palette={palette} highlights={highlights} onSelect={onSelect} />
        ))}
      </g>
      <g data-layer="edges">
        {diagram.edges.map((laid) => (
          <g
            key={laid.edge.id}
            data-edge={laid.edge.id}
            data-transition={laid.edge.transition}
            {...hover(laid.edge.id)}
          >
            {onHoverEdge && (
              <path d={roundedPath(laid.points)} style={{ fill: 'none', stroke: 'transparent', strokeWidth: 10 }} />
            )}
            <EdgePath laid={laid} palette={palette} idPrefix={idPrefix} strong={strongEdges.has(laid.edge.id)} />
          </g>
        ))}
      </g>
      <g data-layer="labels">
        {diagram.edges.map((laid) => (
          <g key={laid.edge.id} {...hover(laid.edge.id)}>
            <EdgeLabel laid={laid} palette={palette} strong={strongEdges.has(laid.edge.id)} />
          </g>
        ))}
      </g>
    </g>
  );
}

export interface DiagramSvgProps {
  diagram: Diagram;
  palette: Palette;
  title: string;
  description?: string;
}

/** A standalone SVG document of the diagram (downloads and docs/workflows). */
export function DiagramSvg({ diagram, palette, title, description }: DiagramSvgProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={diagram.width}
      height={diagram.height}
      viewBox={`0 0 ${diagram.width} ${diagram.height}`}
    >
      <title>{title}</title>
      {description && <desc>{description}</desc>}
      <rect width={diagram.width} height={diagram.height} style={{ fill: palette.background }} />
      <DiagramContent diagram={diagram} palette={palette} idPrefix={`workflow-${diagram.model.machineId}`} />
    </svg>
  );
}
