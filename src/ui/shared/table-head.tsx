// A table's header row from its column names: every table of the panel heads its columns this way.
// A column is its label, null for a row's buttons (named 'Actions' for screen readers), or a label
// with its alignment, width, priority and order; cells that hold more than a label (a select-all
// box) come as `before`/children.
//
// Columns give way to a narrow screen by priority (decision 093): the header measures the table's
// box and hides, from the highest priority number down (the rightmost first), the columns whose
// room the others need; priority 1 (whose row it is: name, email, organization) never goes. A
// column the staff member chose off goes too. Hiding is one CSS rule per column for this table
// (its cells by position), so a table's rows need not know which columns show.
import { useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Table } from '@radix-ui/themes';
import { HIDDEN } from './visually-hidden';
import './table-head.css';

/** A sortable column's order now and how to change it (the list decides what a click does). */
export type HeadSort = { direction: 'ascending' | 'descending' | 'none'; onSort(): void };

export type HeadColumn =
  | string
  | null
  | {
      label: string;
      justify?: 'start' | 'center' | 'end';
      width?: string;
      /** Read by screen readers, not shown (a column of checkboxes). */
      hiddenLabel?: boolean;
      /** 1 never gives way; higher numbers give way first as the table narrows. */
      priority?: number;
      /** What the column needs to be readable (px; DEFAULT_MIN_WIDTH otherwise). */
      minWidth?: number;
      sort?: HeadSort;
    };

/** About twelve characters of table text. */
export const DEFAULT_MIN_WIDTH = 110;
const ACTIONS = 'Actions';

export const columnLabel = (c: HeadColumn): string => (c === null ? ACTIONS : typeof c === 'string' ? c : c.label);

interface Fitted {
  label: string;
  priority: number | undefined;
  minWidth: number;
  index: number;
}

/**
 * The columns to hide so the rest fit `available` px: each in turn from the highest priority
 * number (then the rightmost), never priority 1 nor a column without one. `reserved` is the room
 * the unprioritised cells (checkboxes, actions) take.
 */
export function columnsToHide(columns: readonly Fitted[], available: number, reserved: number): Set<string> {
  const hidden = new Set<string>();
  let need = reserved + columns.reduce((sum, c) => sum + c.minWidth, 0);
  const candidates = columns
    .filter((c) => c.priority !== undefined && c.priority > 1)
    .sort((a, b) => b.priority! - a.priority! || b.index - a.index);
  for (const c of candidates) {
    if (need <= available) break;
    hidden.add(c.label);
    need -= c.minWidth;
  }
  return hidden;
}

/** The table's box width, followed as the window or the layout changes. */
function useBoxWidth(head: RefObject<HTMLTableSectionElement | null>, measure: boolean): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const box = head.current?.closest('.rt-TableRoot') ?? head.current?.closest('table')?.parentElement;
    if (!measure || !box) return;
    const read = () => setWidth(Math.floor(box.getBoundingClientRect().width));
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(read);
    observer.observe(box);
    return () => observer.disconnect();
  }, [head, measure]);
  return width;
}

/** One stylesheet a table: hides its cells at the positions given, in every row. */
function useHiddenCells(key: string, positions: readonly number[]) {
  useLayoutEffect(() => {
    if (positions.length === 0) return;
    const style = document.createElement('style');
    const table = `table:has(> thead[data-columns="${key}"])`;
    style.textContent = positions.map((p) => `${table} > * > tr > :nth-child(${p}) { display: none; }`).join('\n');
    document.head.appendChild(style);
    return () => style.remove();
  }, [key, positions]);
}

/** The header's label as a button; the order's mark is drawn by CSS, so the cell's text stays its label. */
function SortButton({ label, sort }: { label: string; sort: HeadSort }) {
  return (
    <button type="button" className="table-sort-button" data-direction={sort.direction} onClick={sort.onSort}>
      {label}
    </button>
  );
}

export function TableHead({
  columns,
  before,
  children,
  chosenOff,
}: {
  columns: readonly HeadColumn[];
  /** Header cells before the labelled columns. */
  before?: ReactNode;
  /** Header cells after them. */
  children?: ReactNode;
  /** Labels of the columns the staff member chose not to see (useColumnChoice). */
  chosenOff?: ReadonlySet<string>;
}) {
  const head = useRef<HTMLTableSectionElement>(null);
  const key = useId().replace(/[^A-Za-z0-9_-]/g, '');
  const prioritised = columns.some((c) => c !== null && typeof c !== 'string' && c.priority !== undefined);
  const width = useBoxWidth(head, prioritised);
  const [layout, setLayout] = useState<{ positions: number[]; hidden: string }>({ positions: [], hidden: '' });
  const reserved = useRef(Infinity);

  // After each draw: which columns go, then where their cells are (a cell's position in its row).
  useLayoutEffect(() => {
    const row = head.current?.querySelector('tr');
    if (!row || (!prioritised && !chosenOff?.size)) {
      setLayout((was) => (was.hidden === '' ? was : { positions: [], hidden: '' }));
      return;
    }
    const cells = [...row.children] as HTMLElement[];
    const shown = columns.map((c, index) => ({ c, index })).filter(({ c }) => !chosenOff?.has(columnLabel(c)));
    const fitted: Fitted[] = shown.map(({ c, index }) => ({
      label: columnLabel(c),
      index,
      priority: c !== null && typeof c !== 'string' ? c.priority : undefined,
      minWidth:
        c === null || (typeof c !== 'string' && c.hiddenLabel)
          ? 0
          : typeof c !== 'string' && c.minWidth !== undefined
            ? c.minWidth
            : DEFAULT_MIN_WIDTH,
    }));
    // The cells that are not labelled columns (checkboxes, a row's buttons) need what they take at
    // their narrowest: the least seen, as they widen into the room hidden columns leave.
    let narrow = new Set<string>();
    if (width !== null && prioritised) {
      const taken = cells
        .filter((cell) => cell.dataset.column === undefined || cell.dataset.reserved !== undefined)
        .reduce((sum, cell) => sum + cell.getBoundingClientRect().width, 0);
      reserved.current = Math.min(reserved.current, taken);
      narrow = columnsToHide(fitted, width, reserved.current);
    }
    const gone = new Set([...(chosenOff ?? []), ...narrow]);
    const positions = cells
      .map((cell, i) => (cell.dataset.column !== undefined && gone.has(cell.dataset.column) ? i + 1 : 0))
      .filter((p) => p > 0);
    const hidden = positions.join();
    setLayout((was) => (was.hidden === hidden ? was : { positions, hidden }));
  }, [columns, chosenOff, width, prioritised]);
  useHiddenCells(key, layout.positions);

  return (
    <Table.Header ref={head} data-columns={key}>
      <Table.Row>
        {before}
        {columns.map((c, i) => {
          if (c === null || typeof c === 'string') {
            const label = columnLabel(c);
            return (
              <Table.ColumnHeaderCell
                key={c ?? `empty-${i}`}
                data-column={label}
                data-reserved={c === null || undefined}
              >
                {c === null ? <span style={HIDDEN}>{label}</span> : label}
              </Table.ColumnHeaderCell>
            );
          }
          return (
            <Table.ColumnHeaderCell
              key={c.label}
              data-column={c.label}
              justify={c.justify}
              width={c.width}
              data-reserved={c.hiddenLabel || undefined}
              aria-sort={c.sort?.direction}
            >
              {c.hiddenLabel ? (
                <span style={HIDDEN}>{c.label}</span>
              ) : c.sort ? (
                <SortButton label={c.label} sort={c.sort} />
              ) : (
                c.label
              )}
            </Table.ColumnHeaderCell>
          );
        })}
        {children}
      </Table.Row>
    </Table.Header>
  );
}
