// The user's watchlists (name, size, first tickers) and, under them, the shared watchlists the
// watchlist managers keep, read-only.
import { Flex, Table } from '@radix-ui/themes';
import { selectParts } from './user-content.selectors';
import { UserContentCtx } from './user-content-context';
import { ContentTable } from './content-table';
import { CopyButton } from './copy-button';
import { SectionFrame } from './section-frame';

export function WatchlistsCard() {
  const parts = UserContentCtx.useSelector(selectParts);
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
          <ContentTable
            caption="Watchlists"
            copy="watchlist"
            items={r.items}
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
          <ContentTable
            caption="Shared watchlists"
            copy={null}
            items={r.watchlists}
            headers={['Size', 'Kept by']}
            cells={(w) => (
              <>
                <Table.Cell>{w.size}</Table.Cell>
                <Table.Cell>{w.owner.username}</Table.Cell>
              </>
            )}
          />
        )}
      </SectionFrame>
    </Flex>
  );
}
