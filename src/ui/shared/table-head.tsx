// A table's header row from its column names: every table of the panel heads its columns this way.
// A column is its label, null for a column with no header (a row's buttons), or a label with its
// alignment or width; cells that hold more than a label (a select-all box) come as `before`/children.
import type { ReactNode } from 'react';
import { Table } from '@radix-ui/themes';

export type HeadColumn = string | null | { label: string; justify?: 'start' | 'center' | 'end'; width?: string };

export function TableHead({
  columns,
  before,
  children,
}: {
  columns: readonly HeadColumn[];
  /** Header cells before the labelled columns. */
  before?: ReactNode;
  /** Header cells after them. */
  children?: ReactNode;
}) {
  return (
    <Table.Header>
      <Table.Row>
        {before}
        {columns.map((c, i) =>
          c === null ? (
            <Table.ColumnHeaderCell key={`empty-${i}`} />
          ) : typeof c === 'string' ? (
            <Table.ColumnHeaderCell key={c}>{c}</Table.ColumnHeaderCell>
          ) : (
            <Table.ColumnHeaderCell key={c.label} justify={c.justify} width={c.width}>
              {c.label}
            </Table.ColumnHeaderCell>
          ),
        )}
        {children}
      </Table.Row>
    </Table.Header>
  );
}
