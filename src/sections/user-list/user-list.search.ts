// What the list does with its URL state (user-list.url.ts): compares and compacts it, and turns
// it into the calls' form fields.
import type * as v from 'valibot';
import type { ExportUsersForm, SearchUsersForm, UserFilter } from '../../domain/users';
import { DEFAULT_LIST_SEARCH, type ListSearch } from './user-list.url';

export type { ListSearch };

/** The URL's search with the defaults left out, so a plain list is plain /user_list. */
export function compactSearch(search: ListSearch): Partial<ListSearch> {
  return Object.fromEntries(
    Object.entries(search).filter(([k, value]) => value !== DEFAULT_LIST_SEARCH[k as keyof ListSearch]),
  ) as Partial<ListSearch>;
}

export function sameSearch(a: ListSearch, b: ListSearch): boolean {
  return (Object.keys(DEFAULT_LIST_SEARCH) as (keyof ListSearch)[]).every((k) => a[k] === b[k]);
}

/** The same rows in the same order, whatever the page: the filters, order and page size agree. */
export function sameList(a: ListSearch, b: ListSearch): boolean {
  return sameSearch({ ...a, cursor: '', page: 1 }, { ...b, cursor: '', page: 1 });
}

/** The page the URL names: its cursor and number from 0 (page 1 without a cursor). */
export function positionOf(search: ListSearch): { cursor: string; page: number } {
  return search.cursor ? { cursor: search.cursor, page: search.page - 1 } : { cursor: '', page: 0 };
}

/** The filter the server applies (and "select all matching" names). */
export function filterOf(search: ListSearch): UserFilter {
  return {
    q: search.q.trim(),
    user_type: search.user_type,
    user_category: search.user_category,
    organization_id: search.organization_id,
    active: search.active,
    deleted: search.deleted,
  };
}

/** The filter and order as the calls' form fields, the same for a page and for an export. */
function listFields(search: ListSearch) {
  const filter = filterOf(search);
  return { ...filter, organization_id: String(filter.organization_id), sort: search.sort, dir: search.dir };
}

export function searchFields(
  search: ListSearch,
  cursor: string,
  withTotal: boolean,
): v.InferInput<typeof SearchUsersForm> {
  return {
    ...listFields(search),
    page_size: String(search.page_size) as '20',
    cursor,
    with_total: String(withTotal) as 'true',
  };
}

export function exportFields(search: ListSearch, format: 'csv' | 'xlsx'): v.InferInput<typeof ExportUsersForm> {
  return { ...listFields(search), format };
}
