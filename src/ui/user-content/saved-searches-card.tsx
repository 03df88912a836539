// The user's saved searches: name, query, where it looks, alert, last used; a page at a time.
import { Badge, Flex, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { selectLoadingMore, selectMayCopy, selectParts } from '../../machines/user-content/user-content.selectors';
import { UserContentCtx } from './user-content-context';
import { ChooseBox, CopyButton } from './copy-button';
import { SectionFrame } from './section-frame';
import { LoadMore } from '../shared/pager';
import { timeText } from '../../domain/format';

export function SavedSearchesCard() {
  const actor = UserContentCtx.useActorRef();
  const part = UserContentCtx.useSelector(selectParts).saved_search;
  const may = UserContentCtx.useSelector(selectMayCopy('saved_search'));
  const more = UserContentCtx.useSelector(selectLoadingMore);
  return (
    <SectionFrame
      section="saved_search"
      title="Saved searches"
      part={part}
      empty="No saved searches."
      isEmpty={(r) => r.items.length === 0}
      actions={<CopyButton kind="saved_search" />}
    >
      {(r) => (
        <Flex direction="column" gap="2">
          <Table.Root size="1" variant="ghost">
            <VisuallyHidden asChild>
              <caption>Saved searches</caption>
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
                <Table.ColumnHeaderCell>Query</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Data sources</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Alert</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Last used</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {r.items.map((s) => (
                <Table.Row key={s.id} aria-label={s.name}>
                  {may && (
                    <Table.Cell>
                      <ChooseBox kind="saved_search" id={s.id} name={s.name} />
                    </Table.Cell>
                  )}
                  <Table.RowHeaderCell>{s.name}</Table.RowHeaderCell>
                  <Table.Cell style={{ wordBreak: 'break-word', maxWidth: 320 }}>
                    <Text size="1" style={{ fontFamily: 'var(--code-font-family)' }}>
                      {s.query}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Flex gap="1" wrap="wrap">
                      {s.sources.map((d) => (
                        <Badge key={d} color="gray">
                          {d}
                        </Badge>
                      ))}
                    </Flex>
                  </Table.Cell>
                  <Table.Cell>{s.alert ? 'On' : 'Off'}</Table.Cell>
                  <Table.Cell>
                    {s.last_used_at === null ? <Text color="gray">Never</Text> : timeText(s.last_used_at)}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          <Flex gap="3" align="center">
            <Text size="1" color="gray" aria-label="Saved searches shown">
              {r.items.length} of {r.total}
            </Text>
            {r.next !== null && <LoadMore size="1" loading={more} go={() => actor.send({ type: 'searches.more' })} />}
          </Flex>
        </Flex>
      )}
    </SectionFrame>
  );
}
