// A table of one kind of the user's content: its caption, a Copy column of ticks where the session
// may copy that kind, the name as each row's header, then the kind's own columns. The cards differ
// only in those columns.
import { Table, Text, VisuallyHidden } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import type { ContentKind } from '../../domain/user-content';
import { selectMayCopy } from './user-content.selectors';
import { ChooseBox } from './copy-button';
import { UserContentCtx } from './user-content-context';

const never = () => false;

export function ContentTable<T extends { id: number; name: string }>({
  caption,
  copy,
  items,
  headers,
  cells,
}: {
  caption: string;
  /** The kind the rows may be copied as, or null where they are read-only. */
  copy: ContentKind | null;
  items: readonly T[];
  /** The headers after Name. */
  headers: readonly ReactNode[];
  /** The cells after the name, in the headers' order. */
  cells: (item: T) => ReactNode;
}) {
  const may = UserContentCtx.useSelector(copy ? selectMayCopy(copy) : never);
  return (
    <Table.Root size="1" variant="ghost">
      <VisuallyHidden asChild>
        <caption>{caption}</caption>
      </VisuallyHidden>
      <Table.Header>
        <Table.Row>
          {may && (
            <Table.ColumnHeaderCell width="32px">
              <Text size="1" color="gray">
                Copy
              </Text>
            </Table.ColumnHeaderCell>
          )}
          <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
          {headers.map((h, i) => (
            <Table.ColumnHeaderCell key={i}>{h}</Table.ColumnHeaderCell>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {items.map((item) => (
          <Table.Row key={item.id} aria-label={item.name}>
            {may && copy && (
              <Table.Cell>
                <ChooseBox kind={copy} id={item.id} name={item.name} />
              </Table.Cell>
            )}
            <Table.RowHeaderCell>{item.name}</Table.RowHeaderCell>
            {cells(item)}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
