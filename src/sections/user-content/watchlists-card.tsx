// The user's watchlists (name, size, first tickers) and, under them, the shared watchlists the
// watchlist managers keep, read-only.
import { Flex, Table } from '@radix-ui/themes';
import { ContentListSection } from './section-frame';

export function WatchlistsCard() {
  return (
    <Flex direction="column" gap="4">
      <ContentListSection
        section="watchlist"
        title="Watchlists"
        copy="watchlist"
        items={(r) => r.items}
        headers={['Size', 'Tickers']}
        cells={(w) => (
          <>
            <Table.Cell>{w.size}</Table.Cell>
            <Table.Cell>
              {w.tickers.join(', ')}
              {w.size > w.tickers.length ? ` and ${w.size - w.tickers.length} more` : ''}
            </Table.Cell>
          </>
        )}
      />
      <ContentListSection
        section="shared"
        title="Shared watchlists"
        copy={null}
        items={(r) => r.watchlists}
        headers={['Size', 'Kept by']}
        cells={(w) => (
          <>
            <Table.Cell>{w.size}</Table.Cell>
            <Table.Cell>{w.owner.username}</Table.Cell>
          </>
        )}
      />
    </Flex>
  );
}
