// Pan and zoom of the diagram canvas as plain arithmetic: a view is a scale and the offset of the
// diagram's origin in the canvas, both in CSS pixels.

export interface View {
  x: number;
  y: number;
  scale: number;
}

export interface Size {
  width: number;
  height: number;
}

export const MIN_SCALE = 0.1;
export const MAX_SCALE = 3;
/** Below this scale labels (11 px at 1) are too small to read; fitting stops here. */
export const LEGIBLE_SCALE = 0.75;
const MARGIN = 24;

export const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/** The whole diagram, centred; never larger than 100 %. */
export function fitView(content: Size, canvas: Size): View {
  const scale = clampScale(Math.min(1, (canvas.width - 2 * MARGIN) / content.width, (canvas.height - 2 * MARGIN) / content.height));
  return { scale, x: (canvas.width - content.width * scale) / 2, y: (canvas.height - content.height * scale) / 2 };
}

/**
 * What the canvas shows first: the whole diagram when it fits at a legible scale; otherwise a
 * legible scale at the top of the diagram, centred on `start` (where the machine starts) as far
 * as the diagram's edges allow.
 */
export function initialView(content: Size, canvas: Size, start?: { x: number }): View {
  const fit = fitView(content, canvas);
  if (fit.scale >= LEGIBLE_SCALE) return fit;
  const scale = LEGIBLE_SCALE;
  const wanted = canvas.width / 2 - (start?.x ?? content.width / 2) * scale;
  const x = Math.min(MARGIN, Math.max(canvas.width - MARGIN - content.width * scale, wanted));
  return { scale, x, y: MARGIN };
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
export function isVisible(box: { x: number; y: number; width: number; height: number }, view: View, canvas: Size): boolean {
  const left = box.x * view.scale + view.x;
  const top = box.y * view.scale + view.y;
  return left >= 0 && top >= 0 && left + box.width * view.scale <= canvas.width && top + box.height * view.scale <= canvas.height;
}

/** Moves the view so a diagram box is in the middle of the canvas, at the current scale. */
export function centreOn(view: View, box: { x: number; y: number; width: number; height: number }, canvas: Size): View {
  return { ...view, x: canvas.width / 2 - (box.x + box.width / 2) * view.scale, y: canvas.height / 2 - (box.y + box.height / 2) * view.scale };
}
