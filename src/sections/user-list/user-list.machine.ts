// The user list (spec §2 user area; decision 021). The URL holds the list's state: a person's
// change of filter, order or page size navigates, and the machine hears it as `query.set`, which
// starts over from page 1. The search text is the one thing the machine commits itself: typing
// waits USER_SEARCH_DEBOUNCE_MS after the last keystroke, then the machine loads and writes the
// text to the URL in the same step (the echo of that navigation finds nothing new). Pages move
// by the server's cursors, and each page turn writes its cursor and number to the URL, so Reload
// and Back find the page again; a cursor the server refuses (stale, from another search) brings
// page 1 with a notice. The total is counted with the first page of each search. Search text
// longer than the server takes is never sent: the box says why and the rows on screen stay.
import { assign, fromPromise, sendTo, setup } from 'xstate';
import { EXPORT_CHILD, exportDownloadMachine, exportStart } from '../export-download/export-download.machine';
import { MAX_SEARCH_TEXT } from '../../domain/constants';
import type { UserRow } from '../../domain/users';
import { failureMessage } from '../../machines/shared/failure';
import { listStates } from '../../machines/shared/list-states';
import { exportFields, positionOf, sameList, sameSearch, searchFields, type ListSearch } from './user-list.search';
import type {
  ListSelection,
  SearchRequest,
  SearchResult,
  UserListContext,
  UserListEvent,
  UserListInput,
} from './user-list.types';
import { countText } from '../../domain/format';

export const USER_SEARCH_DEBOUNCE_MS = 300;

const NONE: ListSelection = { by: 'ids', ids: [] };

const pageIds = (rows: readonly UserRow[]) => rows.map((r) => r.id);

export function isPageSelected(context: Pick<UserListContext, 'rows' | 'selection'>): boolean {
  const { rows, selection } = context;
  if (selection.by === 'all') return rows.length > 0;
  return rows.length > 0 && rows.every((r) => selection.ids.includes(r.id));
}

export function selectedCount(context: Pick<UserListContext, 'selection' | 'total'>): number {
  return context.selection.by === 'all' ? (context.total ?? 0) : context.selection.ids.length;
}

/** The search box's text as the server matches it: runs of spaces as one, ends trimmed. */
const normalised = (q: string) => q.trim().replace(/\s+/g, ' ');

const startOver = { cursor: '', page: 0 };
/** Another search: its last page is not known until its first page comes with the total. */
const FORGET_LAST = { lastCursor: null, lastPage: null };

/** The page before this one; page 1 is the first page itself (no cursor), as a plain URL names it. */
function previous(context: UserListContext): { cursor: string; page: number } {
  const page = Math.max(0, context.page - 1);
  return page === 0 ? startOver : { cursor: context.prevCursor ?? '', page };
}

/** Why the typed text cannot be searched, or null. */
export function queryProblem(draft: string): string | null {
  const length = normalised(draft).length;
  return length > MAX_SEARCH_TEXT
    ? `Search text is at most ${countText(MAX_SEARCH_TEXT)} characters; this has ${countText(length)}.`
    : null;
}

export const STALE_PAGE_NOTICE =
  'That page of the list is no longer available (the list changed, or the link is old); showing page 1.';

/** A 400 refusing the page cursor (server/api/user-list.ts: the reason under `cursor`). */
export function cursorRefused(error: unknown): boolean {
  const e = error as { status?: unknown; data?: { errors?: { cursor?: unknown } } } | null;
  return e?.status === 400 && Array.isArray(e.data?.errors?.cursor);
}

// A refused cursor puts the list on page 1 with its notice, and the URL with it.
const list = listStates<UserListContext, UserListEvent>()({
  retry: 'list.retry',
  retried: null,
  failure: failureMessage,
  refusedCursor: ['backToFirst', { type: 'navigate', params: ({ context }) => ({ search: context.search }) }],
});

export const userListMachine = setup({
  types: {
    context: {} as UserListContext,
    events: {} as UserListEvent,
    input: {} as UserListInput,
  },
  actors: {
    searchUsers: fromPromise<SearchResult, SearchRequest>(() => Promise.reject(new Error('provide searchUsers'))),
    exportDownload: exportDownloadMachine,
  },
  delays: { userSearchDebounce: USER_SEARCH_DEBOUNCE_MS },
  guards: {
    searchChanged: ({ context, event }) => event.type === 'query.set' && !sameSearch(context.search, event.query),
    queryChanged: ({ context }) => normalised(context.draft) !== normalised(context.search.q),
    queryTooLong: ({ context }) => queryProblem(context.draft) !== null,
    cursorRefused: ({ context }, error: unknown) => context.pending.cursor !== '' && cursorRefused(error),
    hasNext: ({ context }) => context.nextCursor !== null,
    hasPrev: ({ context }) => context.prevCursor !== null,
    /** The last page is known and is not the one on screen. */
    hasLast: ({ context }) =>
      context.lastCursor !== null && context.lastPage !== null && context.page < context.lastPage - 1,
    /** "Select all N matching" is offered once the page is selected and more rows match. */
    maySelectAll: ({ context }) =>
      context.selection.by === 'ids' && isPageSelected(context) && (context.total ?? 0) > context.rows.length,
    hasSelection: ({ context }) => selectedCount(context) > 0,
    pageEmpty: (_, reply: SearchResult) => reply.userItems.length === 0,
  },
  actions: {
    /** Provided by the screen: writes the list's state to the URL. */
    navigate: (_, _params: { search: ListSearch }) => {},
    /** The download of every matching row, handed to the export child. */
    downloadExport: sendTo(EXPORT_CHILD, (_, params: { fields: ReturnType<typeof exportFields> }) =>
      exportStart(_, params),
    ),
    // Another page of the same list (Back, Reload's URL) keeps the total and the selection.
    adoptSearch: assign(({ context, event }) => {
      const search = event.type === 'query.set' ? event.query : ({} as ListSearch);
      const same = sameList(context.search, search);
      return {
        search,
        draft: search.q,
        pending: positionOf(search),
        selection: same ? context.selection : NONE,
        total: same ? context.total : null,
        ...(same ? {} : FORGET_LAST),
        notice: null,
      };
    }),
    setDraft: assign({ draft: ({ event }) => (event.type === 'query.type' ? event.q : '') }),
    commitQuery: assign(({ context }) => ({
      search: { ...context.search, q: normalised(context.draft), cursor: '', page: 1 },
      pending: startOver,
      selection: NONE,
      total: null,
      ...FORGET_LAST,
      notice: null,
    })),
    /** The page asked for is the URL's page too. */
    toPage: assign(({ context }, pending: { cursor: string; page: number }) => ({
      pending,
      search: { ...context.search, cursor: pending.cursor, page: pending.cursor ? pending.page + 1 : 1 },
      notice: null,
    })),
    backToFirst: assign(({ context }) => ({
      pending: startOver,
      search: { ...context.search, cursor: '', page: 1 },
      total: null,
      ...FORGET_LAST,
      notice: STALE_PAGE_NOTICE,
    })),
    showPage: assign(({ context, event }) => {
      const reply = (event as unknown as { output: SearchResult }).output;
      return {
        rows: reply.userItems,
        total: reply.total_users ?? context.total,
        nextCursor: reply.next_cursor,
        prevCursor: reply.prev_cursor,
        // Told with the total (a search's first page); page turns keep it.
        lastCursor: reply.last_cursor ?? context.lastCursor,
        lastPage: reply.last_page ?? context.lastPage,
        cursor: context.pending.cursor,
        page: context.pending.page,
        error: null,
      };
    }),
    toggleRow: assign({
      selection: ({ context, event }) => {
        if (event.type !== 'row.toggle') return context.selection;
        // Unticking one row of "all matching" leaves the rest of the page ticked, as in mail clients.
        const ids = context.selection.by === 'all' ? pageIds(context.rows) : context.selection.ids;
        return { by: 'ids', ids: ids.includes(event.id) ? ids.filter((id) => id !== event.id) : [...ids, event.id] };
      },
    }),
    togglePage: assign({
      selection: ({ context }): ListSelection => {
        if (context.selection.by === 'all') return NONE;
        const onPage = pageIds(context.rows);
        const ids = context.selection.ids;
        return isPageSelected(context)
          ? { by: 'ids', ids: ids.filter((id) => !onPage.includes(id)) }
          : { by: 'ids', ids: [...ids, ...onPage.filter((id) => !ids.includes(id))] };
      },
    }),
    selectAll: assign({ selection: { by: 'all' } as ListSelection }),
    clearSelection: assign({ selection: NONE }),
  },
}).createMachine({
  id: 'userList',
  context: ({ input }) => ({
    search: input.search,
    draft: input.search.q,
    rows: [],
    total: null,
    page: 0,
    cursor: '',
    nextCursor: null,
    prevCursor: null,
    ...FORGET_LAST,
    pending: positionOf(input.search),
    selection: NONE,
    error: null,
    notice: null,
  }),
  initial: 'loading',
  // The export's download, the same flow as every export's (its state shows beside the buttons).
  invoke: { id: EXPORT_CHILD, src: 'exportDownload' },
  on: {
    'query.set': { guard: 'searchChanged', target: '.loading', actions: 'adoptSearch' },
  },
  states: {
    loading: {
      tags: ['busy'],
      on: { 'query.type': { target: 'typing', actions: 'setDraft' } },
      invoke: {
        id: 'searchUsers',
        src: 'searchUsers',
        // Page turns keep the total of the search's first page.
        input: ({ context }) =>
          searchFields(context.search, context.pending.cursor, context.pending.cursor === '' || context.total === null),
        onDone: [
          { guard: { type: 'pageEmpty', params: ({ event }) => event.output }, target: 'empty', actions: 'showPage' },
          { target: 'ready', actions: 'showPage' },
        ],
        onError: list.onError,
      },
    },
    typing: {
      tags: ['busy'],
      on: { 'query.type': { target: 'typing', reenter: true, actions: 'setDraft' } },
      after: {
        userSearchDebounce: [
          // Never sent: the box says why, the rows on screen stay.
          { guard: 'queryTooLong', target: 'tooLong' },
          {
            guard: 'queryChanged',
            target: 'loading',
            actions: ['commitQuery', { type: 'navigate', params: ({ context }) => ({ search: context.search }) }],
          },
          // Back to the text of the list on screen: its page loads again (typing may have cut that load short).
          { target: 'loading' },
        ],
      },
    },
    ready: {
      tags: ['listed'],
      on: {
        'query.type': { target: 'typing', actions: 'setDraft' },
        'page.next': list.turn('next', [
          { type: 'toPage', params: ({ context }) => ({ cursor: context.nextCursor ?? '', page: context.page + 1 }) },
          { type: 'navigate', params: ({ context }) => ({ search: context.search }) },
        ]),
        'page.prev': list.turn('prev', [
          { type: 'toPage', params: ({ context }) => previous(context) },
          { type: 'navigate', params: ({ context }) => ({ search: context.search }) },
        ]),
        'page.last': list.turn('last', [
          {
            type: 'toPage',
            params: ({ context }) => ({ cursor: context.lastCursor ?? '', page: (context.lastPage ?? 1) - 1 }),
          },
          { type: 'navigate', params: ({ context }) => ({ search: context.search }) },
        ]),
        'row.toggle': { actions: 'toggleRow' },
        'page.toggle': { actions: 'togglePage' },
        'all.select': { guard: 'maySelectAll', actions: 'selectAll' },
        'selection.clear': { actions: 'clearSelection' },
        'export.request': {
          actions: {
            type: 'downloadExport',
            params: ({ context, event }) => ({ fields: exportFields(context.search, event.format) }),
          },
        },
        'bulk.open': { guard: 'hasSelection', target: 'bulkEditing' },
      },
    },
    /** Nothing matches (or no users at all). */
    empty: {
      tags: ['listed'],
      on: {
        'query.type': { target: 'typing', actions: 'setDraft' },
        // A page emptied meanwhile (users deleted) still leads back.
        'page.prev': list.turn('prev', [
          { type: 'toPage', params: ({ context }) => previous(context) },
          { type: 'navigate', params: ({ context }) => ({ search: context.search }) },
        ]),
      },
    },
    /** The typed text is longer than a search may be: not sent; the rows of the last search stay. */
    tooLong: {
      tags: ['listed'],
      on: { 'query.type': { target: 'typing', actions: 'setDraft' } },
    },
    /** The bulk edit dialog is open over the list; closing it reloads the page, as users may have changed. */
    bulkEditing: {
      tags: ['listed'],
      on: { 'bulk.close': { target: 'loading', actions: 'clearSelection' } },
    },
    failed: {
      // Retry asks for the page that failed again.
      on: { 'query.type': { target: 'typing', actions: 'setDraft' }, ...list.on },
    },
  },
});
