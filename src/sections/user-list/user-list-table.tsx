// The table of users: a checkbox per row and one for the page (where bulk edit can use them), the name linking to the user's
// edit page. While a page loads the rows on screen stay (dimmed) so nothing jumps; before the
// first page arrives, placeholder rows hold the page's height.
import { Badge, Box, Checkbox, Link, Skeleton, Table, Text } from '@radix-ui/themes';
import type { MouseEvent } from 'react';
import { categoryLabel, userTypeLabel } from '../../domain/user-labels';
import type { SortKey } from '../../domain/user-kinds';
import { compareDates, parseExpiry } from '../../domain/user-rules';
import type { UserRow } from '../../domain/users';
import { expiryDayText } from '../../domain/format';
import { TableHead, type HeadColumn } from '../../ui/shared/table-head';
import type { ListSearch } from './user-list.search';
import {
  selectBusy,
  selectFirstLoad,
  selectIsSelected,
  selectPagePartly,
  selectPageSelected,
  selectRows,
  selectSearch,
} from './user-list.selectors';
import { UserListCtx } from './user-list-context';

/**
 * The columns: the four that say who the user is share what is left and never give way; the
 * short ones keep their width and give way first on a narrow screen, Category first and Expiry
 * (which says when a user has run out) last (decision 093). The layout is fixed, so a long name
 * or email can never push the others off screen. Four orders of the list are its columns' own.
 */
const IDENTITY = { priority: 1, minWidth: 120 } as const;
type UserColumn = Exclude<HeadColumn, string | null> & { sortKey?: SortKey };
export const USER_COLUMNS: readonly UserColumn[] = [
  { label: 'Name', sortKey: 'name', ...IDENTITY },
  { label: 'Email', sortKey: 'email', ...IDENTITY },
  { label: 'Username', sortKey: 'username', ...IDENTITY },
  { label: 'Organization', ...IDENTITY },
  { label: 'Type', width: '96px', minWidth: 96, priority: 4 },
  { label: 'Category', width: '108px', minWidth: 108, priority: 5 },
  { label: 'Active', width: '80px', minWidth: 80, priority: 3 },
  { label: 'Expiry', sortKey: 'expiry', width: '176px', minWidth: 176, priority: 2 },
];

/** An expiry day (MM-dd-yyyy) before today's UTC day: the user's access has run out. */
export function expiryPassed(expiry: string | null, now: Date): boolean {
  const day = expiry === null ? null : parseExpiry(expiry);
  if (!day) return false;
  const today = { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() };
  return compareDates(day, today) < 0;
}

/** Every cell stays on one line and ends in an ellipsis when too long; its title holds the whole value. */
const CLIPPED = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
const LINK_CLIPPED = { ...CLIPPED, display: 'inline-block', maxWidth: '100%', verticalAlign: 'bottom' } as const;

export const fullName = (u: Pick<UserRow, 'first_name' | 'last_name'>) => `${u.first_name} ${u.last_name}`.trim();

function Row({ user, openUser, selectable }: { user: UserRow; openUser(id: number): void; selectable: boolean }) {
  const list = UserListCtx.useActorRef();
  const selected = UserListCtx.useSelector(selectIsSelected(user.id));
  const name = fullName(user) || user.username;
  const open = (e: MouseEvent) => {
    // A modified click (new tab, new window) is the browser's; a plain one stays in the panel.
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    openUser(user.id);
  };
  return (
    <Table.Row aria-selected={selectable ? selected : undefined}>
      {selectable && (
        <Table.Cell>
          <Checkbox
            checked={selected}
            onCheckedChange={() => list.send({ type: 'row.toggle', id: user.id })}
            aria-label={`Select ${name}`}
          />
        </Table.Cell>
      )}
      <Table.RowHeaderCell style={CLIPPED} title={name}>
        {user.deleted && (
          <Badge color="red" mr="2">
            Deleted
          </Badge>
        )}
        {/* The link's own box ends at the cell's edge, so a click on what shows of a long name lands on it. */}
        <Link href={`/user_list/${user.id}`} onClick={open} style={LINK_CLIPPED}>
          {name}
        </Link>
      </Table.RowHeaderCell>
      <Table.Cell style={CLIPPED} title={user.email}>
        {user.email}
      </Table.Cell>
      <Table.Cell style={CLIPPED} title={user.username}>
        {user.username}
      </Table.Cell>
      <Table.Cell style={CLIPPED} title={user.organization ?? undefined}>
        {user.organization ?? '—'}
      </Table.Cell>
      <Table.Cell style={CLIPPED}>{userTypeLabel(user.user_type)}</Table.Cell>
      <Table.Cell style={CLIPPED}>{categoryLabel(user.user_category)}</Table.Cell>
      <Table.Cell style={CLIPPED}>{user.active ? 'Yes' : <Text color="gray">No</Text>}</Table.Cell>
      <Table.Cell style={CLIPPED}>
        {user.expiry_dt === null ? <Text color="gray">Never</Text> : expiryDayText(user.expiry_dt)}
        {expiryPassed(user.expiry_dt, new Date()) && (
          <Badge color="red" ml="2">
            Expired
          </Badge>
        )}
      </Table.Cell>
    </Table.Row>
  );
}

function PlaceholderRows({ count, columns }: { count: number; columns: number }) {
  return Array.from({ length: count }, (_, i) => (
    <Table.Row key={i} aria-hidden>
      {Array.from({ length: columns }, (_, j) => (
        <Table.Cell key={j}>
          <Skeleton>
            <Text>Loading</Text>
          </Skeleton>
        </Table.Cell>
      ))}
    </Table.Row>
  ));
}

/** A header's order: the list's own when it is sorted by this column; a click sorts by it, or turns its order round. */
function sortOf(key: SortKey, search: Pick<ListSearch, 'sort' | 'dir'>, change: (patch: Partial<ListSearch>) => void) {
  const on = search.sort === key;
  return {
    direction: !on ? ('none' as const) : search.dir === 'asc' ? ('ascending' as const) : ('descending' as const),
    onSort: () => change({ sort: key, dir: on && search.dir === 'asc' ? 'desc' : 'asc' }),
  };
}

/** Rows can be selected only where something acts on a selection (bulk edit). */
export function UserListTable({
  openUser,
  selectable,
  change,
  chosenOff,
}: {
  openUser(id: number): void;
  selectable: boolean;
  /** Navigates to the list with these changes (a header's order). */
  change(patch: Partial<ListSearch>): void;
  chosenOff?: ReadonlySet<string>;
}) {
  const list = UserListCtx.useActorRef();
  const rows = UserListCtx.useSelector(selectRows);
  const busy = UserListCtx.useSelector(selectBusy);
  const firstLoad = UserListCtx.useSelector(selectFirstLoad);
  const pageSelected = UserListCtx.useSelector(selectPageSelected);
  const partly = UserListCtx.useSelector(selectPagePartly);
  const search = UserListCtx.useSelector(selectSearch);
  const pageSize = search.page_size;
  const columns: HeadColumn[] = USER_COLUMNS.map(({ sortKey, ...c }) =>
    sortKey ? { ...c, sort: sortOf(sortKey, search, change) } : c,
  );
  return (
    <Box
      role="region"
      aria-label="Users"
      aria-busy={busy}
      style={{ opacity: busy && !firstLoad ? 0.6 : 1, transition: 'opacity 120ms' }}
    >
      <Table.Root variant="surface" size="1" layout="fixed">
        <TableHead
          columns={columns}
          chosenOff={chosenOff}
          before={
            selectable && (
              <Table.ColumnHeaderCell width="40px">
                <Checkbox
                  checked={pageSelected ? true : partly ? 'indeterminate' : false}
                  disabled={rows.length === 0}
                  onCheckedChange={() => list.send({ type: 'page.toggle' })}
                  aria-label="Select all users on this page"
                />
              </Table.ColumnHeaderCell>
            )
          }
        />
        <Table.Body>
          {firstLoad ? (
            <PlaceholderRows count={Math.min(pageSize, 20)} columns={USER_COLUMNS.length + (selectable ? 1 : 0)} />
          ) : (
            rows.map((u) => <Row key={u.id} user={u} openUser={openUser} selectable={selectable} />)
          )}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
