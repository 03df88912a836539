// The user's saved searches: name, query, where it looks, alert, last used; a page at a time.
import { Badge, Flex, Table, Text } from '@radix-ui/themes';
import { selectLoadingMore } from './user-content.selectors';
import { UserContentCtx } from './user-content-context';
import { ContentListSection } from './section-frame';
import { LoadMore } from '../../ui/shared/pager';
import { timeText } from '../../domain/format';

export function SavedSearchesCard() {
  const actor = UserContentCtx.useActorRef();
  const more = UserContentCtx.useSelector(selectLoadingMore);
  return (
    <ContentListSection
      section="saved_search"
      title="Saved searches"
      copy="saved_search"
      items={(r) => r.items}
      headers={['Query', 'Data sources', 'Alert', 'Last used']}
      cells={(s) => (
        <>
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
        </>
      )}
      after={(r) => (
        <Flex gap="3" align="center">
          <Text size="1" color="gray" aria-label="Saved searches shown">
            {r.items.length} of {r.total}
          </Text>
          {r.next !== null && <LoadMore size="1" loading={more} go={() => actor.send({ type: 'searches.more' })} />}
        </Flex>
      )}
    />
  );
}
