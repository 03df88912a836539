// The table of users: a checkbox per row and one for the page (where bulk edit can use them), the name linking to the user's
// edit page. While a page loads the rows on screen stay (dimmed) so nothing jumps; before the
// first page arrives, placeholder rows hold the page's height.
import { Badge, Box, Checkbox, Link, Skeleton, Table, Text } from '@radix-ui/themes';
import type { MouseEvent } from 'react';
import { categoryLabel, userTypeLabel } from '../../domain/user-labels';
import type { UserRow } from '../../domain/users';
import { expiryDayText } from '../../domain/format';
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
 * The columns and their widths. The table's layout is fixed: short columns keep their width, the
 * rest share what is left, so a long name or email can never push Active and Expiry off screen.
 */
const COLUMNS = [
  { label: 'Name', width: undefined },
  { label: 'Email', width: undefined },
  { label: 'Username', width: undefined },
  { label: 'Organization', width: undefined },
  { label: 'Type', width: '96px' },
  { label: 'Category', width: '108px' },
  { label: 'Active', width: '80px' },
  { label: 'Expiry', width: '108px' },
] as const;

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

/** Rows can be selected only where something acts on a selection (bulk edit). */
export function UserListTable({ openUser, selectable }: { openUser(id: number): void; selectable: boolean }) {
  const list = UserListCtx.useActorRef();
  const rows = UserListCtx.useSelector(selectRows);
  const busy = UserListCtx.useSelector(selectBusy);
  const firstLoad = UserListCtx.useSelector(selectFirstLoad);
  const pageSelected = UserListCtx.useSelector(selectPageSelected);
  const partly = UserListCtx.useSelector(selectPagePartly);
  const pageSize = UserListCtx.useSelector((s) => selectSearch(s).page_size);
  return (
    <Box
      role="region"
      aria-label="Users"
      aria-busy={busy}
      style={{ opacity: busy && !firstLoad ? 0.6 : 1, transition: 'opacity 120ms' }}
    >
      <Table.Root variant="surface" size="1" layout="fixed">
        <Table.Header>
          <Table.Row>
            {selectable && (
              <Table.ColumnHeaderCell width="40px">
                <Checkbox
                  checked={pageSelected ? true : partly ? 'indeterminate' : false}
                  disabled={rows.length === 0}
                  onCheckedChange={() => list.send({ type: 'page.toggle' })}
                  aria-label="Select all users on this page"
                />
              </Table.ColumnHeaderCell>
            )}
            {COLUMNS.map((c) => (
              <Table.ColumnHeaderCell key={c.label} width={c.width} style={CLIPPED}>
                {c.label}
              </Table.ColumnHeaderCell>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {firstLoad ? (
            <PlaceholderRows count={Math.min(pageSize, 20)} columns={COLUMNS.length + (selectable ? 1 : 0)} />
          ) : (
            rows.map((u) => <Row key={u.id} user={u} openUser={openUser} selectable={selectable} />)
          )}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
