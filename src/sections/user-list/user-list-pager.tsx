// "1–20 of 1,000,000" (a capped search total reads "of more than 1,000"), the page
// size, and Previous/Next/Last page by the server's cursors.
import { Flex, Text } from '@radix-ui/themes';
import { selectHasLast, selectHasNext, selectHasPrev, selectRange, selectTotal } from './user-list.selectors';
import { PageSizeSelect, type FiltersProps } from './user-list-filters';
import { UserListCtx } from './user-list-context';
import { totalWords } from '../../domain/users';
import { Pager } from '../../ui/shared/pager';
import { countText } from '../../domain/format';

export function UserListPager({ change }: Pick<FiltersProps, 'change'>) {
  const list = UserListCtx.useActorRef();
  const range = UserListCtx.useSelector(selectRange);
  const total = UserListCtx.useSelector(selectTotal);
  const hasNext = UserListCtx.useSelector(selectHasNext);
  const hasPrev = UserListCtx.useSelector(selectHasPrev);
  const hasLast = UserListCtx.useSelector(selectHasLast);
  return (
    <Flex justify="between" align="center" gap="3" wrap="wrap">
      <Text size="2" role="status" aria-label="Rows shown">
        {range
          ? `${countText(range.first)}–${countText(range.last)} of ${total === null ? '…' : totalWords(total)}`
          : total === 0
            ? '0 users'
            : '\u00a0'}
      </Text>
      <Pager
        previous={{ go: () => list.send({ type: 'page.prev' }), disabled: !hasPrev }}
        next={{ go: () => list.send({ type: 'page.next' }), disabled: !hasNext }}
        last={{ go: () => list.send({ type: 'page.last' }), disabled: !hasLast }}
      >
        <PageSizeSelect change={change} />
      </Pager>
    </Flex>
  );
}
