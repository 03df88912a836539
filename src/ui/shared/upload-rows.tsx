// An upload's rows by row number: the first ones in a bounded box (so the next step stays near),
// how many there are in all under it, and the download of them all beside that.
import { Box, Flex, Table, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { countText } from '../../domain/format';
import { TableCaption } from './table-caption';

type Row = { row: number; value: string };
export type RowColumn<R extends Row> = { header: string; cell(row: R): ReactNode };

/** Why a row was not taken. */
export const REASON_COLUMN = { header: 'Reason', cell: (r: { reason: string | null }) => r.reason };

export function UploadRows<R extends Row>({
  caption,
  rows,
  total,
  columns,
  held,
  children,
}: {
  caption: string;
  /** The rows shown (the first ones). */
  rows: readonly R[];
  /** How many there are in all; nothing is shown for none. */
  total: number;
  /** The columns after Row and Value. */
  columns: readonly RowColumn<NoInfer<R>>[];
  /** Where the rows not shown are, e.g. "the download holds them all". */
  held?: string;
  /** Beside the count: the download. */
  children?: ReactNode;
}) {
  if (total === 0) return null;
  const more = total > rows.length;
  return (
    <Flex direction="column" gap="1">
      <Box style={{ maxHeight: 260, overflowY: 'auto' }}>
        <Table.Root size="1" variant="surface">
          <TableCaption>{caption}</TableCaption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Row</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Value</Table.ColumnHeaderCell>
              {columns.map((c) => (
                <Table.ColumnHeaderCell key={c.header}>{c.header}</Table.ColumnHeaderCell>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((r, i) => (
              <Table.Row key={`${r.row}-${i}`}>
                <Table.RowHeaderCell>{r.row || '–'}</Table.RowHeaderCell>
                <Table.Cell style={{ overflowWrap: 'anywhere' }}>{r.value}</Table.Cell>
                {columns.map((c) => (
                  <Table.Cell key={c.header}>{c.cell(r)}</Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      {(more || children) && (
        <Flex gap="3" align="center" wrap="wrap">
          {more && (
            <Text size="1" color="gray">
              The first {countText(rows.length)} of {countText(total)} rows{held ? `; ${held}` : ''}.
            </Text>
          )}
          {children}
        </Flex>
      )}
    </Flex>
  );
}
