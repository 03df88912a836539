// The group list: a search by name, an organization (the shared picker), 50 groups a page with
// Load more; each group opens with its members.
import { Button, Flex, Table, Text, TextField, Box } from '@radix-ui/themes';
import { membersText } from '../../domain/groups-v2';
import {
  selectBusy,
  selectGroups,
  selectHasMore,
  selectLoadingMore,
  selectOrganization,
  selectQuery,
  selectSearchFailed,
  selectSearched,
  selectSearching,
  selectError,
} from './groups-v2.selectors';
import { TableCaption } from '../../ui/shared/table-caption';
import { OrgChoice } from '../organizations/org-choice';
import { GroupBrowserCtx } from './groups-v2-context';
import { ReadFailed, ReadUnderWay } from './read-status';
import { LoadMore } from '../../ui/shared/pager';
import { countText } from '../../domain/format';
import { TableHead } from '../../ui/shared/table-head';

export const SEARCH_LABEL = 'Search groups by name';

export function GroupList() {
  const browser = GroupBrowserCtx.useActorRef();
  const query = GroupBrowserCtx.useSelector(selectQuery);
  const organization = GroupBrowserCtx.useSelector(selectOrganization);
  const searching = GroupBrowserCtx.useSelector(selectSearching);
  const failed = GroupBrowserCtx.useSelector(selectSearchFailed);
  const error = GroupBrowserCtx.useSelector(selectError);
  const busy = GroupBrowserCtx.useSelector(selectBusy);
  return (
    <Flex direction="column" gap="3">
      <form
        role="search"
        aria-label="Groups"
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) browser.send({ type: 'search.submit' });
        }}
      >
        <Flex gap="3" wrap="wrap" align="end">
          <Box style={{ flex: 2, minWidth: 240 }}>
            <Text as="label" size="2" weight="medium">
              {SEARCH_LABEL}
              <TextField.Root
                mt="1"
                value={query}
                maxLength={100}
                placeholder="Name holds…"
                onChange={(e) => browser.send({ type: 'query.change', text: e.target.value })}
              />
            </Text>
          </Box>
          <OrgChoice value={organization} disabled={busy} actor={browser} style={{ flex: 2, minWidth: 240 }} />
          <Button type="submit" disabled={busy}>
            Search
          </Button>
        </Flex>
      </form>
      {searching && <ReadUnderWay>Searching the groups…</ReadUnderWay>}
      {failed && (
        <ReadFailed onRetry={() => browser.send({ type: 'list.retry' })}>
          The groups could not be listed: {error}
        </ReadFailed>
      )}
      {!searching && !failed && <Groups />}
    </Flex>
  );
}

function Groups() {
  const browser = GroupBrowserCtx.useActorRef();
  const groups = GroupBrowserCtx.useSelector(selectGroups);
  const searched = GroupBrowserCtx.useSelector(selectSearched);
  const more = GroupBrowserCtx.useSelector(selectHasMore);
  const loadingMore = GroupBrowserCtx.useSelector(selectLoadingMore);
  const what = [
    searched.query && `named like “${searched.query}”`,
    searched.organization && `of ${searched.organization.title}`,
  ]
    .filter(Boolean)
    .join(' ');
  if (groups.length === 0)
    return (
      <Text size="2" role="status">
        No group {what || 'exists yet'}.
      </Text>
    );
  return (
    <Flex direction="column" gap="2">
      <Text size="2" role="status" aria-label="Groups shown">
        {countText(groups.length)} {groups.length === 1 ? 'group' : 'groups'}
        {what ? ` ${what}` : ''}
        {more ? ', more after them' : ''}.
      </Text>
      <Table.Root size="1" variant="surface">
        <TableCaption>Groups</TableCaption>
        <TableHead columns={['Name', 'Kind', 'Organization', 'Members']} />
        <Table.Body>
          {groups.map((g) => (
            <Table.Row key={g.id}>
              <Table.RowHeaderCell>
                <Button
                  variant="ghost"
                  size="1"
                  aria-label={`Open ${g.name}`}
                  disabled={loadingMore}
                  onClick={() => browser.send({ type: 'group.open', group: g })}
                >
                  {g.name}
                </Button>
              </Table.RowHeaderCell>
              <Table.Cell>{g.kind}</Table.Cell>
              <Table.Cell>{g.organization ?? 'Whole platform'}</Table.Cell>
              <Table.Cell>{membersText(g.members)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {more && <LoadMore loading={loadingMore} go={() => browser.send({ type: 'page.more' })} />}
    </Flex>
  );
}
