// The diagram on the page: drag to pan, wheel or buttons to zoom, Fit to see it whole. Opens with
// readable text centred on the state the machine starts in (viewport.ts). A large diagram gets an
// overview to move around in and "Find a state", which centres the state chosen and selects it.
// A view that is centred on a state (the start, a found or followed state) stays centred on it
// whenever the canvas changes size, e.g. when the details panel opens beside it.
// Clicking a state selects it; hovering an edge or its label emphasises both.
import { Flex, IconButton, Text, TextField, Tooltip, VisuallyHidden } from '@radix-ui/themes';
import {
  useCallback,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { matchStates, stateChoices } from '../../workflows/find';
import type { Diagram } from '../../workflows/layout';
import { DiagramOverview } from './diagram-overview';
import { DiagramContent, type Highlights } from './diagram-svg';
import { PAGE_PALETTE } from './palette';
import {
  centreAt,
  centreOn,
  findView,
  fitView,
  initialView,
  isVisible,
  panBy,
  startState,
  visibleArea,
  zoomAt,
  type Size,
  type View,
} from './viewport';

export interface DiagramCanvasProps {
  diagram: Diagram;
  title: string;
  highlights: Highlights;
  onSelect(stateId: string): void;
  /** A state to keep in view: when it changes and lies outside the canvas, the view moves to it. */
  follow?: string | null;
  height: number | string;
  /** The overview and "Find a state" (the page's canvas); the side panel's small one goes without. */
  tools?: boolean;
}

/** Where the view comes from: the start, a state kept in the middle, or where the person moved it. */
type Placement = { kind: 'start' } | { kind: 'state'; id: string; scale: number } | { kind: 'free'; view: View };

/** Until the canvas has been measured (and in tests, where nothing has a size). */
const FALLBACK_SIZE: Size = { width: 900, height: 560 };
const STEP = 1.25;
const DRAG_THRESHOLD = 4;

/** A zoom control: its tip on hover, its name, and a word ('Fit', '1:1') as wide as it needs. */
function ZoomButton({
  tip,
  label,
  onClick,
  wide = false,
  children,
}: {
  tip: string;
  label: string;
  onClick: () => void;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip content={tip}>
      <IconButton
        size="1"
        variant="surface"
        color="gray"
        aria-label={label}
        onClick={onClick}
        style={wide ? { width: 'auto', padding: '0 8px' } : undefined}
      >
        {children}
      </IconButton>
    </Tooltip>
  );
}

export function DiagramCanvas({
  diagram,
  title,
  highlights,
  onSelect,
  follow = null,
  height,
  tools = true,
}: DiagramCanvasProps) {
  const prefix = `diagram-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const [size, setSize] = useState<Size>(FALLBACK_SIZE);
  const [placement, setPlacement] = useState<Placement>({ kind: 'start' });
  const [hovered, setHovered] = useState<string | null>(null);
  const drag = useRef<{ x: number; y: number; view: View; moved: boolean; pointer: number } | null>(null);
  const suppressClick = useRef(false);
  const content = { width: diagram.width, height: diagram.height };
  const boxOf = (id: string) => diagram.nodes.find((n) => n.node.id === id);
  // Worked out on every render from the canvas's current size, so a resize re-centres for free.
  const placed = (p: Placement): View => {
    if (p.kind === 'free') return p.view;
    const box = p.kind === 'state' ? boxOf(p.id) : undefined;
    return p.kind === 'state' && box
      ? centreOn({ x: 0, y: 0, scale: p.scale }, box, size)
      : initialView(content, size, startState(diagram));
  };
  const view = placed(placement);
  const setChosen = (next: View) => setPlacement({ kind: 'free', view: next });
  // Adjusted while rendering (React's pattern for state that follows a prop), so no frame shows the
  // old view; looked at again when the canvas changes size, which changes what is in view.
  const followKey = follow && `${follow}@${size.width}x${size.height}`;
  const [followed, setFollowed] = useState<string | null>(null);
  if (followKey !== followed) {
    setFollowed(followKey);
    const target = follow ? boxOf(follow) : undefined;
    if (target && !isVisible(target, view, size))
      setPlacement({ kind: 'state', id: target.node.id, scale: view.scale });
  }
  const viewRef = useRef(view);
  viewRef.current = view;

  // Measured, not fetched: the canvas follows its box, and the wheel must be able to cancel the
  // page's scroll (React's wheel listener is passive).
  const observe = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    const measure = () => {
      const { width, height: h } = element.getBoundingClientRect();
      if (!(width > 0 && h > 0)) return;
      setSize((old) => (old.width === width && old.height === h ? old : { width, height: h }));
    };
    measure();
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resize?.observe(element);
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const box = element.getBoundingClientRect();
      setPlacement({
        kind: 'free',
        view: zoomAt(viewRef.current, Math.exp(-e.deltaY * 0.0015), {
          x: e.clientX - box.left,
          y: e.clientY - box.top,
        }),
      });
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      resize?.disconnect();
      element.removeEventListener('wheel', onWheel);
    };
  }, []);

  const centre = { x: size.width / 2, y: size.height / 2 };
  const zoomIn = () => setChosen(zoomAt(view, STEP, centre));
  const zoomOut = () => setChosen(zoomAt(view, 1 / STEP, centre));
  const fit = () => setChosen(fitView(content, size));
  const actual = () => setChosen(zoomAt(view, 1 / view.scale, centre));

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    drag.current = { x: e.clientX, y: e.clientY, view, moved: false, pointer: e.pointerId };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    if (!d.moved) {
      d.moved = true;
      // Captured only once it is a drag, so a plain click still reaches the state under it.
      e.currentTarget.setPointerCapture?.(d.pointer);
    }
    setChosen(panBy(d.view, dx, dy));
  };
  const onPointerUp = () => {
    suppressClick.current = drag.current?.moved ?? false;
    drag.current = null;
  };
  const select = (id: string) => {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    onSelect(id);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [60, 0],
      ArrowRight: [-60, 0],
      ArrowUp: [0, 60],
      ArrowDown: [0, -60],
    };
    if (e.key === '+' || e.key === '=') zoomIn();
    else if (e.key === '-') zoomOut();
    else if (e.key === '0') fit();
    else if (moves[e.key]) setChosen(panBy(view, ...moves[e.key]!));
    else return;
    e.preventDefault();
  };

  // "Find a state": a label chosen from the list (or Enter on what is typed) centres and selects it.
  const choices = useMemo(() => stateChoices(diagram.model), [diagram]);
  const [query, setQuery] = useState('');
  const [findProblem, setFindProblem] = useState<string | null>(null);
  const find = (text: string, exactOnly: boolean) => {
    const best = matchStates(choices, text)[0];
    const exact = best && best.label.toLowerCase() === text.trim().toLowerCase();
    if (exactOnly && !exact) return;
    if (!best) {
      setFindProblem(text.trim() ? `No state matches “${text.trim()}”.` : null);
      return;
    }
    setFindProblem(null);
    setQuery(best.label);
    const box = boxOf(best.id)!;
    setPlacement({ kind: 'state', id: best.id, scale: findView(view, box, size).scale });
    onSelect(best.id);
  };
  const onFindSubmit = (e: FormEvent) => {
    e.preventDefault();
    find(query, false);
  };
  const whole = visibleArea(view, size);
  const showOverview =
    tools &&
    !(
      whole.x <= 0 &&
      whole.y <= 0 &&
      whole.x + whole.width >= content.width &&
      whole.y + whole.height >= content.height
    );

  const shown: Highlights = hovered
    ? { ...highlights, edges: new Set([...(highlights.edges ?? []), hovered]) }
    : highlights;

  return (
    <div
      ref={observe}
      role="region"
      aria-label={`Diagram: ${title}`}
      aria-describedby={`${prefix}-help`}
      tabIndex={0}
      className="workflow-canvas"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      style={{
        position: 'relative',
        height,
        overflow: 'hidden',
        borderRadius: 'var(--radius-3)',
        border: '1px solid var(--gray-a6)',
        background: PAGE_PALETTE.background,
        touchAction: 'none',
      }}
    >
      <svg width="100%" height="100%" style={{ display: 'block', cursor: 'grab', userSelect: 'none' }}>
        <g transform={`translate(${view.x} ${view.y}) scale(${view.scale})`} data-scale={view.scale.toFixed(3)}>
          <DiagramContent
            diagram={diagram}
            palette={PAGE_PALETTE}
            idPrefix={prefix}
            highlights={shown}
            onSelect={select}
            onHoverEdge={setHovered}
          />
        </g>
      </svg>
      <Flex gap="1" align="center" p="2" style={{ position: 'absolute', top: 0, right: 0 }}>
        <Text size="1" color="gray" aria-live="polite" style={{ minWidth: 44, textAlign: 'right' }}>
          {Math.round(view.scale * 100)} %
        </Text>
        <ZoomButton tip="Zoom out (−)" label="Zoom out" onClick={zoomOut}>
          −
        </ZoomButton>
        <ZoomButton tip="Zoom in (+)" label="Zoom in" onClick={zoomIn}>
          +
        </ZoomButton>
        <ZoomButton tip="The whole diagram (0)" label="Fit to view" onClick={fit} wide>
          Fit
        </ZoomButton>
        <ZoomButton tip="Actual size" label="Actual size" onClick={actual} wide>
          1:1
        </ZoomButton>
      </Flex>
      {tools && (
        <form
          role="search"
          aria-label="Find a state"
          onSubmit={onFindSubmit}
          onPointerDown={(e) => e.stopPropagation()}
          style={{ position: 'absolute', top: 0, left: 0, padding: 'var(--space-2)', width: 260 }}
        >
          <TextField.Root
            size="1"
            type="search"
            placeholder="Find a state"
            aria-label="Find a state"
            list={`${prefix}-states`}
            value={query}
            aria-invalid={findProblem ? true : undefined}
            aria-describedby={findProblem ? `${prefix}-find-problem` : undefined}
            onChange={(e) => {
              setQuery(e.target.value);
              setFindProblem(null);
              // A label picked from the browser's list arrives as the whole label: take it at once.
              find(e.target.value, true);
            }}
          />
          <datalist id={`${prefix}-states`}>
            {choices.map((c) => (
              <option key={c.id} value={c.label} />
            ))}
          </datalist>
          {findProblem && (
            <Text id={`${prefix}-find-problem`} size="1" color="red" role="status">
              {findProblem}
            </Text>
          )}
        </form>
      )}
      {showOverview && (
        <DiagramOverview
          diagram={diagram}
          view={view}
          canvas={size}
          onMove={(point) => setChosen(centreAt(view, point, size))}
        />
      )}
      <VisuallyHidden id={`${prefix}-help`}>
        Drag to move, use the wheel or the plus and minus keys to zoom, 0 to fit, arrow keys to move; click a state for
        its details. Find a state by its name in the search box.
      </VisuallyHidden>
    </div>
  );
}
