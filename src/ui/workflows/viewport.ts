// Pan and zoom of the diagram canvas as plain arithmetic: a view is a scale and the offset of the
// diagram's origin in the canvas, both in CSS pixels.
import type { Diagram, LaidNode } from '../../workflows/layout';

export interface View {
  x: number;
  y: number;
  scale: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Box extends Size {
  x: number;
  y: number;
}

export const MIN_SCALE = 0.1;
export const MAX_SCALE = 3;
/** The smallest text drawn (edge labels, tags, services) is 11 px at scale 1 (layout.ts METRICS). */
const SMALLEST_TEXT_PX = 11;
/** On screen no text may be smaller than this: a diagram that fits only below it opens zoomed in. */
export const MIN_READABLE_TEXT_PX = 11;
export const READABLE_SCALE = MIN_READABLE_TEXT_PX / SMALLEST_TEXT_PX;
const MARGIN = 24;

export const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/** The whole diagram, centred; never larger than 100 %. */
export function fitView(content: Size, canvas: Size): View {
  const scale = clampScale(
    Math.min(1, (canvas.width - 2 * MARGIN) / content.width, (canvas.height - 2 * MARGIN) / content.height),
  );
  return { scale, x: (canvas.width - content.width * scale) / 2, y: (canvas.height - content.height * scale) / 2 };
}

/**
 * What the canvas shows first: the whole diagram when it fits with readable text; otherwise the
 * readable scale centred on `start` (the state the machine starts in), moved only as far as keeps
 * the diagram's edges from leaving empty canvas: a start at the top of the diagram stays near the
 * top, with the states it leads to below it rather than a blank half.
 */
export function initialView(content: Size, canvas: Size, start?: Box): View {
  const fit = fitView(content, canvas);
  if (fit.scale >= READABLE_SCALE) return fit;
  const scale = READABLE_SCALE;
  const focus = start ?? { x: 0, y: 0, width: content.width, height: 0 };
  const along = (canvasLength: number, contentLength: number, centre: number) => {
    const wanted = canvasLength / 2 - centre * scale;
    // A diagram narrower than the canvas along this axis is centred whole.
    if (contentLength * scale + 2 * MARGIN <= canvasLength) return (canvasLength - contentLength * scale) / 2;
    return Math.min(MARGIN, Math.max(canvasLength - MARGIN - contentLength * scale, wanted));
  };
  return {
    scale,
    x: along(canvas.width, content.width, focus.x + focus.width / 2),
    y: along(canvas.height, content.height, focus.y + focus.height / 2),
  };
}

/** Zooms by a factor keeping the canvas point `at` fixed under the pointer. */
export function zoomAt(view: View, factor: number, at: { x: number; y: number }): View {
  const scale = clampScale(view.scale * factor);
  const k = scale / view.scale;
  return { scale, x: at.x - (at.x - view.x) * k, y: at.y - (at.y - view.y) * k };
}

export function panBy(view: View, dx: number, dy: number): View {
  return { ...view, x: view.x + dx, y: view.y + dy };
}

/** Whether a diagram box lies wholly inside the canvas. */
export function isVisible(
  box: { x: number; y: number; width: number; height: number },
  view: View,
  canvas: Size,
): boolean {
  const left = box.x * view.scale + view.x;
  const top = box.y * view.scale + view.y;
  return (
    left >= 0 &&
    top >= 0 &&
    left + box.width * view.scale <= canvas.width &&
    top + box.height * view.scale <= canvas.height
  );
}

/** Moves the view so a diagram box is in the middle of the canvas, at the current scale. */
export function centreOn(view: View, box: Box, canvas: Size): View {
  return centreAt(view, { x: box.x + box.width / 2, y: box.y + box.height / 2 }, canvas);
}

/** Moves the view so a diagram point is in the middle of the canvas, at the current scale. */
export function centreAt(view: View, point: { x: number; y: number }, canvas: Size): View {
  return { ...view, x: canvas.width / 2 - point.x * view.scale, y: canvas.height / 2 - point.y * view.scale };
}

/** Where a found state is shown: in the middle, at a scale where its text is readable. */
export function findView(view: View, box: Box, canvas: Size): View {
  return centreOn({ ...view, scale: Math.max(view.scale, READABLE_SCALE) }, box, canvas);
}

/** The part of the diagram the canvas shows, in diagram coordinates. */
export function visibleArea(view: View, canvas: Size): Box {
  return {
    x: -view.x / view.scale,
    y: -view.y / view.scale,
    width: canvas.width / view.scale,
    height: canvas.height / view.scale,
  };
}

/** The overview's drawing: the whole diagram fitted into `room`, never enlarged. */
export function overviewScale(content: Size, room: Size): { scale: number; width: number; height: number } {
  const scale = Math.min(1, room.width / content.width, room.height / content.height);
  return { scale, width: content.width * scale, height: content.height * scale };
}

/** A point of the overview (its own pixels) as a diagram point. */
export function overviewToDiagram(
  point: { x: number; y: number },
  overview: { scale: number },
): { x: number; y: number } {
  return { x: point.x / overview.scale, y: point.y / overview.scale };
}

/**
 * The state the machine starts in: its initial state, followed down through the initial states of
 * compound states to the innermost one (a large compound start would not fit the canvas); else
 * the first state drawn.
 */
export function startState(diagram: Diagram): LaidNode | undefined {
  let parent: string | null = null;
  let found: LaidNode | undefined;
  for (;;) {
    const marker = diagram.initials.find((i) => i.marker.parent === parent);
    const next = marker && diagram.nodes.find((n) => n.node.id === marker.marker.target);
    if (!next) return found ?? diagram.nodes.find((n) => n.node.parent === null);
    found = next;
    parent = next.node.id;
  }
}
