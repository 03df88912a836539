// The canvas arithmetic: the view a diagram opens at (readable text, centred on where the machine
// starts), the view "Find a state" moves to, and the overview's drawing and rectangle.
import { describe, expect, it } from 'vitest';
import { matchStates, stateChoices } from '../../src/workflows/find';
import {
  centreAt,
  centreOn,
  findView,
  fitView,
  initialView,
  isVisible,
  MIN_READABLE_TEXT_PX,
  overviewScale,
  overviewToDiagram,
  READABLE_SCALE,
  visibleArea,
  zoomAt,
  type View,
} from '../../src/ui/workflows/viewport';
import { METRICS } from '../../src/workflows/layout';

const canvas = { width: 900, height: 560 };
/** Where a box's centre lands on the canvas. */
const onCanvas = (box: { x: number; y: number; width: number; height: number }, view: View) => ({
  x: (box.x + box.width / 2) * view.scale + view.x,
  y: (box.y + box.height / 2) * view.scale + view.y,
});

describe('readable text', () => {
  it('draws no text below 11 px at the readable scale', () => {
    expect(MIN_READABLE_TEXT_PX).toBeGreaterThanOrEqual(11);
    for (const size of [METRICS.smallSize, METRICS.labelSize, METRICS.titleSize])
      expect(size * READABLE_SCALE).toBeGreaterThanOrEqual(MIN_READABLE_TEXT_PX);
  });
});

describe('the first view', () => {
  it('shows a diagram whole when it fits with readable text, never above 100 %', () => {
    expect(fitView({ width: 300, height: 200 }, canvas)).toEqual({ scale: 1, x: 300, y: 180 });
    expect(initialView({ width: 800, height: 500 }, canvas)).toEqual(fitView({ width: 800, height: 500 }, canvas));
  });

  it('does not shrink a diagram that would fit only with small text: it opens readable on the start', () => {
    const start = { x: 600, y: 300, width: 110, height: 40 };
    const view = initialView({ width: 1000, height: 600 }, canvas, start);
    expect(view.scale).toBe(READABLE_SCALE);
    expect(isVisible(start, view, canvas)).toBe(true);
  });

  it('centres a large diagram on its start, both ways, as far as its edges allow', () => {
    const content = { width: 4000, height: 6000 };
    const middle = { x: 1945, y: 2980, width: 110, height: 40 };
    const view = initialView(content, canvas, middle);
    expect(view.scale).toBe(READABLE_SCALE);
    expect(onCanvas(middle, view)).toEqual({ x: 450, y: 280 });
    // A start at the top-left corner: the diagram's edges stay at the margin, the start in view.
    const corner = { x: 16, y: 60, width: 110, height: 33 };
    const cornerView = initialView(content, canvas, corner);
    expect(cornerView).toEqual({ scale: READABLE_SCALE, x: 24, y: 24 });
    expect(isVisible(corner, cornerView, canvas)).toBe(true);
    // At the far right the diagram's right edge stops at the margin.
    expect(initialView(content, canvas, { x: 3980, y: 60, width: 10, height: 10 }).x).toBe(900 - 24 - 4000);
  });

  it('centres a diagram whole along an axis it fits in', () => {
    const view = initialView({ width: 500, height: 3000 }, canvas, { x: 10, y: 1500, width: 110, height: 40 });
    expect(view.x).toBe((900 - 500) / 2);
    expect(onCanvas({ x: 10, y: 1500, width: 110, height: 40 }, view).y).toBe(280);
  });

  it('follows the canvas size: the same start lands in the middle of a narrower canvas', () => {
    const content = { width: 4000, height: 6000 };
    const middle = { x: 1945, y: 2980, width: 110, height: 40 };
    const narrow = { width: 560, height: 560 };
    expect(onCanvas(middle, initialView(content, narrow, middle))).toEqual({ x: 280, y: 280 });
  });
});

describe('moving the view', () => {
  it('zooms about the pointer and keeps a state in view', () => {
    const view = zoomAt({ x: 10, y: 20, scale: 1 }, 2, { x: 110, y: 120 });
    expect(view).toEqual({ x: -90, y: -80, scale: 2 });
    expect((110 - view.x) / view.scale).toBe(100);
    const box = { x: 2000, y: 1000, width: 100, height: 40 };
    expect(isVisible(box, { x: 0, y: 0, scale: 1 }, canvas)).toBe(false);
    const centred = centreOn({ x: 0, y: 0, scale: 1 }, box, canvas);
    expect(isVisible(box, centred, canvas)).toBe(true);
    expect(centred).toEqual({ x: 450 - 2050, y: 280 - 1020, scale: 1 });
  });

  it('puts a found state in the middle at a readable scale, even near the diagram edge', () => {
    const box = { x: 0, y: 5900, width: 110, height: 40 };
    const small = findView({ x: 0, y: 0, scale: 0.3 }, box, canvas);
    expect(small.scale).toBe(READABLE_SCALE);
    expect(onCanvas(box, small)).toEqual({ x: 450, y: 280 });
    // A person who zoomed in further keeps their zoom.
    expect(findView({ x: 0, y: 0, scale: 2 }, box, canvas).scale).toBe(2);
  });
});

describe('the overview', () => {
  it('fits the whole diagram into its room and never enlarges it', () => {
    expect(overviewScale({ width: 4000, height: 2000 }, { width: 200, height: 140 })).toEqual({
      scale: 0.05,
      width: 200,
      height: 100,
    });
    expect(overviewScale({ width: 100, height: 50 }, { width: 200, height: 140 })).toEqual({
      scale: 1,
      width: 100,
      height: 50,
    });
  });

  it('draws the part of the diagram in view, and a click there centres the canvas on that point', () => {
    const view = { x: -1000, y: -500, scale: 2 };
    expect(visibleArea(view, canvas)).toEqual({ x: 500, y: 250, width: 450, height: 280 });
    const overview = overviewScale({ width: 4000, height: 2000 }, { width: 200, height: 140 });
    const point = overviewToDiagram({ x: 100, y: 50 }, overview);
    expect(point).toEqual({ x: 2000, y: 1000 });
    const moved = centreAt(view, point, canvas);
    const area = visibleArea(moved, canvas);
    expect({ x: area.x + area.width / 2, y: area.y + area.height / 2 }).toEqual(point);
    expect(moved.scale).toBe(2);
  });
});

describe('finding a state', () => {
  const model = {
    nodes: [
      { id: 'm.active', parent: null, title: 'active' },
      { id: 'm.active.betweenBeats', parent: 'm.active', title: 'between beats' },
      { id: 'm.active.betweenBeats.watching', parent: 'm.active.betweenBeats', title: 'watching' },
      { id: 'm.otp', parent: null, title: 'OTP' },
      { id: 'm.verifyingOtp', parent: null, title: 'verifying OTP' },
    ],
  } as Parameters<typeof stateChoices>[0];
  const choices = stateChoices(model);

  it('names every state after its parents', () => {
    expect(choices.find((c) => c.id === 'm.active.betweenBeats.watching')!.label).toBe(
      'active › between beats › watching',
    );
    expect(choices).toHaveLength(5);
  });

  it('puts the exact name first, then names that start with the text, then names containing it', () => {
    expect(matchStates(choices, 'otp').map((c) => c.id)).toEqual(['m.otp', 'm.verifyingOtp']);
    expect(matchStates(choices, 'watch').map((c) => c.id)).toEqual(['m.active.betweenBeats.watching']);
    expect(matchStates(choices, 'active › between beats › watching')[0]!.id).toBe('m.active.betweenBeats.watching');
    expect(matchStates(choices, 'beats watching').map((c) => c.id)).toEqual(['m.active.betweenBeats.watching']);
    expect(matchStates(choices, '  ')).toEqual([]);
    expect(matchStates(choices, 'nowhere')).toEqual([]);
  });
});
