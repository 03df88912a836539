// A table of records: named by a caption that screen readers read and the eye does not, its
// columns, then a last column of the row's actions (named Actions, not shown). Each action is a
// small button named for what it does to which record ('Edit Admins').
import type { ReactNode } from 'react';
import { Button, Flex, Table, Text } from '@radix-ui/themes';
import { ColumnChooser, useColumnChoice } from './column-chooser';
import { TableHead, type HeadColumn } from './table-head';
import { HIDDEN } from './visually-hidden';

/** A table's name, read by screen readers (Radix's Table.Root gives its props to a wrapper, so a caption names a table). */
export function HiddenCaption({ children }: { children: ReactNode }) {
  return <caption style={HIDDEN}>{children}</caption>;
}

/** A column: its label, or a label with its alignment, width and priority (table-head.tsx). */
export type RecordColumn = Exclude<HeadColumn, null>;

export function RecordTable({
  caption,
  columns,
  size,
  choose,
  children,
}: {
  caption: string;
  columns: RecordColumn[];
  size?: '1' | '2';
  /** The list's name when staff may choose its columns (a Columns menu above the table, kept per staff member). */
  choose?: string;
  /** The rows. */
  children: ReactNode;
}) {
  const table = (chosenOff?: ReadonlySet<string>) => (
    <Table.Root variant="surface" size={size}>
      <HiddenCaption>{caption}</HiddenCaption>
      <TableHead columns={columns} chosenOff={chosenOff}>
        <ActionsHeader />
      </TableHead>
      <Table.Body>{children}</Table.Body>
    </Table.Root>
  );
  return choose ? <ChosenColumns list={choose} columns={columns} table={table} /> : table();
}

function ChosenColumns({
  list,
  columns,
  table,
}: {
  list: string;
  columns: RecordColumn[];
  table: (chosenOff: ReadonlySet<string>) => ReactNode;
}) {
  const choice = useColumnChoice(list, columns);
  return (
    <Flex direction="column" gap="2">
      <Flex justify="end">
        <ColumnChooser choice={choice} size="1" />
      </Flex>
      {table(choice.chosenOff)}
    </Flex>
  );
}

/** The last column's header: named for screen readers, empty to the eye. */
export function ActionsHeader() {
  return (
    <Table.ColumnHeaderCell>
      <span style={HIDDEN}>Actions</span>
    </Table.ColumnHeaderCell>
  );
}

/** A record's name, and under it what it is for when it says. */
export function RecordNameCell({ name, description }: { name: ReactNode; description: string | null | undefined }) {
  return (
    <Table.RowHeaderCell>
      <Text weight="medium">{name}</Text>
      {description && (
        <Text as="p" size="1" color="gray">
          {description}
        </Text>
      )}
    </Table.RowHeaderCell>
  );
}

type ActionsProps = { justify?: 'end'; wrap?: 'wrap' | 'nowrap'; children: ReactNode };

/** A row's (or card's) actions, side by side. */
export function RecordActions({ justify, wrap, children }: ActionsProps) {
  return (
    <Flex gap="2" justify={justify} wrap={wrap}>
      {children}
    </Flex>
  );
}

/** The row's last cell, under the Actions header: its actions side by side. */
export function RecordActionsCell(actions: ActionsProps) {
  return (
    <Table.Cell>
      <RecordActions {...actions} />
    </Table.Cell>
  );
}

/** One action on one record: its name says what it does to which ('Delete Admins'). */
export function RecordAction({
  label,
  color,
  disabled,
  onClick,
  children,
}: {
  label: string;
  color?: 'red' | 'green' | 'gray';
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button size="1" variant="soft" color={color} disabled={disabled} aria-label={label} onClick={onClick}>
      {children}
    </Button>
  );
}

/** A record's Delete, red, named for the record ('Delete Admins'); it asks before anything goes. */
export function RecordDeleteAction({
  record,
  disabled,
  onClick,
}: {
  record: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <RecordAction label={`Delete ${record}`} color="red" disabled={disabled} onClick={onClick}>
      Delete
    </RecordAction>
  );
}
