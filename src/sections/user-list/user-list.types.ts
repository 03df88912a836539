import type * as v from 'valibot';
import type { SearchUsersForm, SearchUsersReply, UserRow } from '../../domain/users';
import type { ListSearch } from './user-list.search';
import type { BareEvent } from '../../machines/shared/bare-event.types';
import type { IdEvent } from '../../machines/shared/payload-event.types';

export type ExportFormat = 'csv' | 'xlsx';

/** Rows picked one by one (or a page at a time), or every row matching the filter. */
export type ListSelection = { by: 'ids'; ids: number[] } | { by: 'all' };

export interface UserListInput {
  search: ListSearch;
}

export interface UserListContext {
  /** The list's state as the URL holds it. */
  search: ListSearch;
  /** The search box's text; it becomes search.q after the debounce. */
  draft: string;
  rows: UserRow[];
  /** All matching users, counted with the first page of each search. */
  total: number | null;
  /** The page on screen: its number from 0, and the cursors that lead on. */
  page: number;
  cursor: string;
  nextCursor: string | null;
  prevCursor: string | null;
  /** The last page's cursor and number (from 1), known with an exact total of this search. */
  lastCursor: string | null;
  lastPage: number | null;
  /** The page being fetched, or (once it is on screen) the page shown. */
  pending: { cursor: string; page: number };
  selection: ListSelection;
  error: string | null;
  /** Why the list is not where the URL pointed (a page cursor refused). */
  notice: string | null;
}

/** The form of user/search_user/ (user-list.search.ts searchFields). */
export type SearchRequest = v.InferInput<typeof SearchUsersForm>;
export type SearchResult = SearchUsersReply;

export type UserListEvent =
  | BareEvent<'page.next' | 'page.prev' | 'page.last' | 'all.select' | 'selection.clear' | 'bulk.open' | 'bulk.close'>
  | BareEvent<'list.retry'>
  /** The URL's search changed (a filter, the order, the page size, back and forward). */
  | { type: 'query.set'; query: ListSearch }
  | { type: 'query.type'; q: string }
  | IdEvent<'row.toggle'>
  /** The header checkbox: the whole page in or out. */
  | { type: 'page.toggle' }
  | { type: 'export.request'; format: ExportFormat };
