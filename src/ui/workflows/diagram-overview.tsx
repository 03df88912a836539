// The overview of a large diagram: the whole drawing small, with the part the canvas shows as a
// rectangle. Clicking or dragging in it moves the canvas there. Pointer only: the canvas itself
// moves with the arrow keys and "Find a state".
import { useRef, type PointerEvent } from 'react';
import type { Diagram } from '../../workflows/layout';
import { PAGE_PALETTE } from './palette';
import { overviewScale, overviewToDiagram, visibleArea, type Size, type View } from './viewport';

const ROOM: Size = { width: 200, height: 140 };

export interface DiagramOverviewProps {
  diagram: Diagram;
  view: View;
  canvas: Size;
  /** A diagram point the canvas should centre on. */
  onMove(point: { x: number; y: number }): void;
}

export function DiagramOverview({ diagram, view, canvas, onMove }: DiagramOverviewProps) {
  const overview = overviewScale(diagram, ROOM);
  const dragging = useRef<number | null>(null);
  const area = visibleArea(view, canvas);
  const moveTo = (e: PointerEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    onMove(overviewToDiagram({ x: e.clientX - box.left, y: e.clientY - box.top }, overview));
  };
  const down = (e: PointerEvent<SVGSVGElement>) => {
    // The canvas under it would start a drag of its own.
    e.stopPropagation();
    if (e.button !== 0) return;
    dragging.current = e.pointerId;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    moveTo(e);
  };
  const move = (e: PointerEvent<SVGSVGElement>) => {
    e.stopPropagation();
    if (dragging.current === e.pointerId) moveTo(e);
  };
  const up = (e: PointerEvent<SVGSVGElement>) => {
    e.stopPropagation();
    dragging.current = null;
  };
  const s = overview.scale;
  return (
    <div
      role="group"
      aria-label="Overview"
      data-overview=""
      style={{
        position: 'absolute',
        right: 8,
        bottom: 8,
        padding: 4,
        borderRadius: 'var(--radius-2)',
        border: '1px solid var(--gray-a6)',
        background: 'var(--color-panel-solid)',
        boxShadow: 'var(--shadow-2)',
      }}
    >
      <svg
        width={overview.width}
        height={overview.height}
        style={{ display: 'block', cursor: 'pointer', touchAction: 'none' }}
        aria-hidden="true"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      >
        {diagram.nodes.map((n) => (
          <rect
            key={n.node.id}
            x={n.x * s}
            y={n.y * s}
            width={n.width * s}
            height={n.height * s}
            rx={2}
            style={{
              fill: n.container ? PAGE_PALETTE.containerFill : PAGE_PALETTE.nodeFill,
              stroke: PAGE_PALETTE.nodeStroke,
              strokeWidth: 0.5,
            }}
          />
        ))}
        <rect
          data-viewport=""
          x={area.x * s}
          y={area.y * s}
          width={area.width * s}
          height={area.height * s}
          style={{ fill: 'var(--accent-a3)', stroke: 'var(--accent-9)', strokeWidth: 1.5 }}
        />
      </svg>
    </div>
  );
}
