// The user list's walk: what a person does on the list, and the pages the server can answer
// with. Outcomes are offered only where the server could give them: a first page (more rows
// follow) for page 1, the last page (rows before it) for page 2, nothing at all, or a failure;
// a URL naming a page by a cursor the server refuses, answered by that refusal alone.
import { MAX_SEARCH_TEXT } from '../../domain/constants';
import type { UserRow } from '../../domain/users';
import type { MachinePlan } from '../../workflows/plan';
import { isPageSelected, queryProblem, userListMachine } from './user-list.machine';
import type { UserListContext } from './user-list.types';
import { DEFAULT_LIST_SEARCH } from './user-list.url';

/** A user as a page of the list shows it. */
export const planUserRow = (id: number): UserRow => ({
  id,
  username: `b.user${id}`,
  email: `user${id}@example.com`,
  first_name: 'Ann',
  last_name: `User ${id}`,
  phone: null,
  organization: 'Bench Org 1',
  organization_id: 1,
  user_type: 'trial',
  user_category: 'general',
  active: true,
  deleted: false,
  expiry_dt: null,
  created_at: 0,
});
const page = (ids: number[], more: { next?: boolean; prev?: boolean; total?: number | null; last?: number }) => ({
  type: 'xstate.done.actor.searchUsers',
  output: {
    status: true,
    userItems: ids.map(planUserRow),
    count: ids.length,
    total_users: more.total ?? null,
    next_cursor: more.next ? 'next' : null,
    prev_cursor: more.prev ? 'prev' : null,
    ...(more.last && { last_cursor: 'last', last_page: more.last }),
  },
});

/** The list walked: the trial users (the replay's seeded ones, not the staff member signed in). */
export const INITIAL_SEARCH = { ...DEFAULT_LIST_SEARCH, user_type: 'trial' } as const;
/** The search the URL changes to when a person picks another order. */
export const SORTED_SEARCH = { ...INITIAL_SEARCH, sort: 'name' } as const;
/** What the person types: the prefix every listed user's username shares. */
export const TYPED_QUERY = 'b.';
/** Pasted text one character longer than a search may be. */
export const TOO_LONG_QUERY = 'x'.repeat(MAX_SEARCH_TEXT + 1);
/** A page cursor the server does not take (an old link, another search's page): base64url of "stale". */
export const STALE_CURSOR = 'c3RhbGU';
/** The URL of page 3 at that cursor, as a person reloads or goes back to it. */
export const STALE_SEARCH = { ...INITIAL_SEARCH, cursor: STALE_CURSOR, page: 3 } as const;

export const userListPlan: MachinePlan<typeof userListMachine> = {
  machine: userListMachine,
  input: { search: INITIAL_SEARCH },
  events: [
    { type: 'query.set', query: SORTED_SEARCH },
    { type: 'query.set', query: STALE_SEARCH },
    { type: 'query.type', q: TYPED_QUERY },
    { type: 'query.type', q: TOO_LONG_QUERY },
    { type: 'page.next' },
    { type: 'page.prev' },
    { type: 'page.last' },
    { type: 'row.toggle', id: 1 },
    { type: 'page.toggle' },
    { type: 'all.select' },
    { type: 'selection.clear' },
    { type: 'export.request', format: 'csv' },
    { type: 'bulk.open' },
    { type: 'bulk.close' },
    { type: 'list.retry' },
  ],
  outcomes: [
    { name: 'firstPage', event: page([1, 2], { next: true, total: 30, last: 2 }) },
    { name: 'lastPage', event: page([3], { prev: true }) },
    { name: 'nothing', event: page([], { total: 0 }) },
    /** A later page whose rows were deleted meanwhile: empty, with the way back. */
    { name: 'emptied', event: page([], { prev: true }) },
    { name: 'failed', event: { type: 'xstate.error.actor.searchUsers', error: { status: 0 } } },
    {
      name: 'staleCursor',
      event: {
        type: 'xstate.error.actor.searchUsers',
        error: {
          status: 400,
          data: {
            status: false,
            msg: 'The page cursor is not valid; start from the first page.',
            errors: { cursor: ['The page cursor is not valid; start from the first page.'] },
          },
        },
      },
    },
  ],
  // The walk stays small by offering each event where it shows something new: selection, export
  // and the order's change on the first page of the plain list, page turns and the empty and
  // failed answers on the plain list (their handling does not depend on the search), typing on
  // a first page.
  filterEvents: (s, e) => {
    const c = s.context as UserListContext;
    const deep = c.pending.page > 0;
    const plain = c.search.q === '' && c.search.sort === 'id';
    // The stale cursor is answered by its refusal, and only it is.
    const stale = c.pending.cursor === STALE_CURSOR;
    if (
      e.type === 'xstate.error.actor.searchUsers' &&
      (e as unknown as { error: { status: number } }).error.status === 400
    )
      return stale;
    if (stale && e.type.startsWith('xstate.')) return false;
    if (e.type === 'xstate.done.actor.searchUsers') {
      const output = (e as unknown as { output: { prev_cursor: string | null; userItems: unknown[] } }).output;
      if (deep !== (output.prev_cursor !== null)) return false;
      return output.userItems.length > 0 || plain;
    }
    // Right after a refused cursor the first page is on its way; a failure there is walked elsewhere.
    if (e.type === 'xstate.error.actor.searchUsers') return plain && c.notice === null;
    if (['row.toggle', 'page.toggle', 'all.select', 'export.request', 'bulk.open'].includes(e.type))
      return plain && !deep;
    // "Clear selection" is offered with "all matching" selected; unticking does the rest.
    if (e.type === 'selection.clear') return c.selection.by === 'all';
    if (e.type === 'query.set' && (e as unknown as { query: { cursor: string } }).query.cursor === STALE_CURSOR) {
      return plain && !deep && s.matches('ready') && c.selection.by === 'ids' && c.selection.ids.length === 0;
    }
    if (e.type === 'query.set') return plain && !deep && s.matches('ready');
    if (e.type === 'page.next' || e.type === 'page.prev' || e.type === 'page.last') return plain;
    // Over-long text is pasted over the first page of the plain list.
    if (e.type === 'query.type' && (e as unknown as { q: string }).q === TOO_LONG_QUERY) {
      return plain && !deep && s.matches('ready') && c.selection.by === 'ids' && c.selection.ids.length === 0;
    }
    if (e.type === 'query.type') return !deep && c.search.sort === 'id';
    return true;
  },
  // What steers the guards: the state, which page is asked for, the cursors on hand, whether the
  // typed text differs from the URL's (and whether the URL has any), and the selection's shape.
  serializeState: (s) => {
    const c = s.context as UserListContext;
    const selection =
      c.selection.by === 'all' ? 'all' : isPageSelected(c) ? 'page' : c.selection.ids.length > 0 ? 'some' : 'none';
    return JSON.stringify([
      s.value,
      c.pending.page > 0,
      c.nextCursor !== null,
      c.prevCursor !== null,
      c.lastCursor !== null,
      c.search.q,
      c.search.sort,
      c.draft.trim() === c.search.q,
      queryProblem(c.draft) !== null,
      selection,
      c.pending.cursor === STALE_CURSOR,
    ]);
  },
};
