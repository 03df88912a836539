// The user's watchlists (name, size, first tickers) and, under them, the shared watchlists the
// watchlist managers keep, read-only.
import { Flex, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { selectMayCopy, selectParts } from '../../machines/user-content/user-content.selectors';
import { UserContentCtx } from './user-content-context';
import { ChooseBox, CopyButton } from './copy-button';
import { SectionFrame } from './section-frame';

export function WatchlistsCard() {
  const parts = UserContentCtx.useSelector(selectParts);
  const may = UserContentCtx.useSelector(selectMayCopy('watchlist'));
  return (
    <Flex direction="column" gap="4">
      <SectionFrame
        section="watchlist"
        title="Watchlists"
        part={parts.watchlist}
        empty="No watchlists."
        isEmpty={(r) => r.items.length === 0}
        actions={<CopyButton kind="watchlist" />}
      >
        {(r) => (
          <Table.Root size="1" variant="ghost">
            <VisuallyHidden asChild>
              <caption>Watchlists</caption>
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
                <Table.ColumnHeaderCell>Size</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Tickers</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {r.items.map((w) => (
                <Table.Row key={w.id} aria-label={w.name}>
                  {may && (
                    <Table.Cell>
                      <ChooseBox kind="watchlist" id={w.id} name={w.name} />
                    </Table.Cell>
                  )}
                  <Table.RowHeaderCell>{w.name}</Table.RowHeaderCell>
                  <Table.Cell>{w.size}</Table.Cell>
                  <Table.Cell>
                    {w.tickers.join(', ')}
                    {w.size > w.tickers.length ? ` and ${w.size - w.tickers.length} more` : ''}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </SectionFrame>
      <SectionFrame
        section="shared"
        title="Shared watchlists"
        part={parts.shared}
        empty="No shared watchlists."
        isEmpty={(r) => r.watchlists.length === 0}
      >
        {(r) => (
          <Table.Root size="1" variant="ghost">
            <VisuallyHidden asChild>
              <caption>Shared watchlists</caption>
            </VisuallyHidden>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Size</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Kept by</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {r.watchlists.map((w) => (
                <Table.Row key={w.id} aria-label={w.name}>
                  <Table.RowHeaderCell>{w.name}</Table.RowHeaderCell>
                  <Table.Cell>{w.size}</Table.Cell>
                  <Table.Cell>{w.owner.username}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </SectionFrame>
    </Flex>
  );
}
