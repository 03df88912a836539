// The one "changed by someone else" panel: nothing of the person's was written; it says who and
// when, then field by field what they changed beside the person's own unsaved value, and offers
// the two ways on (keep going from their version, or take it as it is).
import type { ReactNode } from 'react';
import { Button, Callout, Flex, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import type { ConflictRow } from '../../domain/conflict';
import { TableHead } from './table-head';

export function ConflictPanel({
  children,
  rows,
  fieldHeader,
  caption,
  nameRows = false,
  takeTheirs,
  review,
}: {
  /** Who saved, when, and that nothing of yours was saved. */
  children: ReactNode;
  rows: ConflictRow[];
  fieldHeader: string;
  caption: string;
  /** Name each row by its field (when the rows are looked up one by one). */
  nameRows?: boolean;
  takeTheirs: { label: string; go: () => void };
  review: { label: string; go: () => void };
}) {
  return (
    <Callout.Root color="red" role="alert" aria-label="Saved by someone else">
      <Flex direction="column" gap="3">
        <Callout.Text>{children}</Callout.Text>
        {rows.length > 0 && (
          <Table.Root size="1" variant="surface">
            <VisuallyHidden asChild>
              <caption>{caption}</caption>
            </VisuallyHidden>
            <TableHead columns={[fieldHeader, 'When you opened it', 'Stored now', 'Your unsaved value']} />
            <Table.Body>
              {rows.map((row) => (
                <Table.Row key={row.key} aria-label={nameRows ? row.label : undefined}>
                  <Table.RowHeaderCell>{row.label}</Table.RowHeaderCell>
                  <Table.Cell>{row.opened}</Table.Cell>
                  <Table.Cell>{row.stored}</Table.Cell>
                  <Table.Cell>
                    {row.yours}
                    {row.clash && <Text color="red"> (also changed by you: the stored value will stay)</Text>}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
        <Flex gap="2" justify="end">
          <Button variant="soft" color="gray" onClick={takeTheirs.go}>
            {takeTheirs.label}
          </Button>
          <Button onClick={review.go}>{review.label}</Button>
        </Flex>
      </Flex>
    </Callout.Root>
  );
}

/**
 * A form of settings saved by someone else since it was read (nothing of yours was written): their
 * words, what is stored now, which settings they changed, and the two ways on.
 */
export function SavedMeanwhileNote({
  label,
  msg,
  stored,
  changed,
  setting,
}: {
  label: string;
  msg: string;
  /** What is stored now, in words. */
  stored: string;
  /** The settings they changed, by label. */
  changed: readonly string[];
  /** What one setting is called here ('flag', 'setting'). */
  setting: string;
}) {
  return (
    <Callout.Root color="amber" role="alert" aria-label={label}>
      <Callout.Text>
        {msg} Now stored: {stored}.{' '}
        {changed.length ? `They changed ${changed.join(', ')}.` : `They changed no ${setting} you see here.`} Save again
        to replace it with yours, or Discard changes to keep theirs.
      </Callout.Text>
    </Callout.Root>
  );
}
