// The segments of the page: name and description, members (as the user list counts them), the
// query in words, who saved it last, and what can be done with it.
import { Flex, Link, Table, Text } from '@radix-ui/themes';
import type { MouseEvent } from 'react';
import { memberWords, type Segment } from '../../domain/segments';
import { selectBusy, selectSegments } from './segments.selectors';
import { queryWords } from './query-words';
import { SegmentsCtx } from './segments-context';
import { RecordAction, RecordActionsCell, RecordDeleteAction, RecordTable } from '../../ui/shared/record-table';
import { dayText } from '../../domain/format';

export interface OpenInList {
  /** The user list's address for the query (the link's href). */
  listHref(segment: Segment): string;
  /** Opens the user list in this tab (an ordinary click on the link). */
  openInList(segment: Segment): void;
}

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
    <RecordTable
      caption="Segments"
      size="2"
      columns={['Segment', { label: 'Members', justify: 'end' }, 'Query', 'Last saved']}
    >
      {segments.map((s) => (
        <Table.Row key={s.id} aria-label={s.name}>
          <Table.RowHeaderCell>
            <Flex direction="column" gap="1">
              <Link href={listHref(s)} onClick={open(s)} weight="medium" aria-label={`Open ${s.name} in the user list`}>
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
          <RecordActionsCell justify="end" wrap="nowrap">
            <RecordAction
              label={`Tags for members of ${s.name}`}
              disabled={busy}
              onClick={() => editor.send({ type: 'segment.tag', id: s.id })}
            >
              Tags…
            </RecordAction>
            <RecordAction
              label={`Rename ${s.name}`}
              color="gray"
              disabled={busy}
              onClick={() => editor.send({ type: 'segment.rename', id: s.id })}
            >
              Rename
            </RecordAction>
            <RecordDeleteAction
              record={s.name}
              disabled={busy}
              onClick={() => editor.send({ type: 'segment.delete', id: s.id })}
            />
          </RecordActionsCell>
        </Table.Row>
      ))}
    </RecordTable>
  );
}
