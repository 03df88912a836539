// The one pager, two kinds and one wording each: a keyset pager moves between pages
// (First page, Previous, Next, Last page where the list knows its last page); an append pager adds the next page under the rows shown
// (Load more, spinning while it reads). A move left out is not offered on that list.
import type { ReactNode } from 'react';
import { Box, Button, Flex } from '@radix-ui/themes';

export type PageMove = { go: () => void; disabled?: boolean };
type Size = '1' | '2';

export function Pager({
  first,
  previous,
  next,
  last,
  busy = false,
  size = '2',
  justify,
  children,
}: {
  first?: PageMove;
  previous?: PageMove;
  next?: PageMove;
  last?: PageMove;
  busy?: boolean;
  size?: Size;
  justify?: 'start' | 'end' | 'between';
  /** Shown before the buttons: a range, a page size. */
  children?: ReactNode;
}) {
  const button = (label: string, move: PageMove | undefined) =>
    move && (
      <Button size={size} variant="soft" disabled={busy || move.disabled} onClick={move.go}>
        {label}
      </Button>
    );
  return (
    <Flex gap={size === '1' ? '2' : '3'} align="center" justify={justify}>
      {children}
      {button('First page', first)}
      {button('Previous', previous)}
      {button('Next', next)}
      {button('Last page', last)}
    </Flex>
  );
}

/** A keyset list's pager: First page while on a later page, Next while there is one (`next`, its cursor). */
export function CursorPager({
  cursor,
  next,
  go,
  busy = false,
}: {
  /** The page on screen: '' is the first. */
  cursor: string;
  next: string | null;
  /** Goes to the page at this cursor ('' the first). */
  go: (cursor: string) => void;
  busy?: boolean;
}) {
  return (
    <Pager
      busy={busy}
      first={cursor !== '' ? { go: () => go('') } : undefined}
      next={next !== null ? { go: () => go(next) } : undefined}
    />
  );
}

export function LoadMore({
  go,
  loading = false,
  disabled = false,
  size = '2',
}: {
  go: () => void;
  loading?: boolean;
  disabled?: boolean;
  size?: Size;
}) {
  return (
    <Box>
      {/* While the page comes, the button says so: a spinner alone names nothing to a screen reader. */}
      <Button size={size} variant="soft" loading={loading} disabled={disabled || loading} onClick={go}>
        {loading ? 'Loading…' : 'Load more'}
      </Button>
    </Box>
  );
}
