// The segments of the page: name and description, members (as the user list counts them), the
// query in words, who saved it last, and what can be done with it.
import { Button, Flex, Link, Table, Text } from '@radix-ui/themes';
import type { MouseEvent } from 'react';
import { memberWords, type Segment } from '../../domain/segments';
import { selectBusy, selectSegments } from '../../machines/segment-editor/segment-editor.selectors';
import { queryWords } from './query-words';
import { SegmentsCtx } from './segments-context';
import { dayText } from '../../domain/format';

export interface OpenInList {
  /** The user list's address for the query (the link's href). */
  listHref(segment: Segment): string;
  /** Opens the user list in this tab (an ordinary click on the link). */
  openInList(segment: Segment): void;
}

/** Read by screen readers, not shown. */
const HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export function SegmentsTable({ listHref, openInList }: OpenInList) {
  const editor = SegmentsCtx.useActorRef();
  const segments = SegmentsCtx.useSelector(selectSegments);
  const busy = SegmentsCtx.useSelector(selectBusy);
  const open = (segment: Segment) => (e: MouseEvent<HTMLAnchorElement>) => {
    // Another tab or window (a modified click) is the browser's business.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    openInList(segment);
  };
  return (
    <Table.Root variant="surface" size="2">
      {/* Radix's Table.Root gives its props to a wrapper: the caption names the table itself. */}
      <caption style={HIDDEN}>Segments</caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Segment</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Members</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Query</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Last saved</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>
            <span style={HIDDEN}>Actions</span>
          </Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {segments.map((s) => (
          <Table.Row key={s.id} aria-label={s.name}>
            <Table.RowHeaderCell>
              <Flex direction="column" gap="1">
                <Link
                  href={listHref(s)}
                  onClick={open(s)}
                  weight="medium"
                  aria-label={`Open ${s.name} in the user list`}
                >
                  {s.name}
                </Link>
                {s.description && (
                  <Text size="1" color="gray">
                    {s.description}
                  </Text>
                )}
              </Flex>
            </Table.RowHeaderCell>
            <Table.Cell justify="end" style={{ whiteSpace: 'nowrap' }}>
              {memberWords(s)}
            </Table.Cell>
            <Table.Cell>
              <Text size="1">{queryWords(s.query).join(' · ')}</Text>
            </Table.Cell>
            <Table.Cell style={{ whiteSpace: 'nowrap' }}>
              <Text size="1" color="gray">
                {dayText(s.updated_at)} by {s.updated_by}
              </Text>
            </Table.Cell>
            <Table.Cell>
              <Flex gap="2" justify="end" wrap="nowrap">
                <Button
                  size="1"
                  variant="soft"
                  disabled={busy}
                  aria-label={`Tags for members of ${s.name}`}
                  onClick={() => editor.send({ type: 'segment.tag', id: s.id })}
                >
                  Tags…
                </Button>
                <Button
                  size="1"
                  variant="soft"
                  color="gray"
                  disabled={busy}
                  aria-label={`Rename ${s.name}`}
                  onClick={() => editor.send({ type: 'segment.rename', id: s.id })}
                >
                  Rename
                </Button>
                <Button
                  size="1"
                  variant="soft"
                  color="red"
                  disabled={busy}
                  aria-label={`Delete ${s.name}`}
                  onClick={() => editor.send({ type: 'segment.delete', id: s.id })}
                >
                  Delete
                </Button>
              </Flex>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
