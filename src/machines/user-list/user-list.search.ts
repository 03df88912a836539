// The list's state in the URL (/user_list?q=…&user_type=…&sort=name&dir=asc): what a person can
// bookmark, share and go back to. Unknown or broken values fall back to the defaults rather
// than failing the page. The page position (a cursor) stays out: it is only valid for a while.
import * as v from 'valibot';
import { PAGE_SIZES } from '../../domain/constants';
import { USER_CATEGORIES, USER_TYPES } from '../../domain/user-fields';
import { DELETED_FILTERS, SORT_KEYS, type ExportUsersForm, type SearchUsersForm, type SortKey, type UserFilter } from '../../domain/users';

const text = (max: number) => v.fallback(v.optional(v.pipe(v.string(), v.maxLength(max)), ''), '');
const oneOf = <T extends string>(values: readonly T[], fallback: T) =>
  v.fallback(v.optional(v.picklist(values as unknown as [T, ...T[]]), fallback), fallback);

export const ListSearchSchema = v.object({
  q: text(200),
  user_type: oneOf(['', ...USER_TYPES] as const, ''),
  user_category: oneOf(['', ...USER_CATEGORIES] as const, ''),
  /** The organisation filter: its id, and its name for the chip (display only). */
  organization_id: v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.regex(/^(\d{1,15})?$/)), ''), ''),
  org_name: text(200),
  active: oneOf(['', 'true', 'false'] as const, ''),
  deleted: oneOf(DELETED_FILTERS, 'exclude'),
  sort: oneOf(SORT_KEYS, 'id'),
  dir: oneOf(['asc', 'desc'] as const, 'desc'),
  page_size: v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.picklist(PAGE_SIZES)), 20), 20),
});
export type ListSearch = v.InferOutput<typeof ListSearchSchema>;

export const DEFAULT_LIST_SEARCH: ListSearch = v.parse(ListSearchSchema, {});

/** The URL's search with the defaults left out, so a plain list is plain /user_list. */
export function compactSearch(search: ListSearch): Partial<ListSearch> {
  return Object.fromEntries(Object.entries(search).filter(([k, value]) => value !== DEFAULT_LIST_SEARCH[k as keyof ListSearch])) as Partial<ListSearch>;
}

export function sameSearch(a: ListSearch, b: ListSearch): boolean {
  return (Object.keys(DEFAULT_LIST_SEARCH) as (keyof ListSearch)[]).every((k) => a[k] === b[k]);
}

/** The filter the server applies (and "select all matching" names). */
export function filterOf(search: ListSearch): UserFilter {
  return {
    q: search.q.trim(), user_type: search.user_type, user_category: search.user_category,
    organization_id: search.organization_id === '' ? '' : Number(search.organization_id),
    active: search.active, deleted: search.deleted,
  };
}

export const SORT_LABELS: Record<SortKey, string> = {
  id: 'ID', name: 'Name', email: 'Email', username: 'Username', created: 'Created', expiry: 'Expiry',
};

/** The filter and order as the calls' form fields, the same for a page and for an export. */
function listFields(search: ListSearch) {
  const filter = filterOf(search);
  return { ...filter, organization_id: String(filter.organization_id), sort: search.sort, dir: search.dir };
}

export function searchFields(search: ListSearch, cursor: string, withTotal: boolean): v.InferInput<typeof SearchUsersForm> {
  return { ...listFields(search), page_size: String(search.page_size) as '20', cursor, with_total: String(withTotal) as 'true' };
}

export function exportFields(search: ListSearch, format: 'csv' | 'xlsx'): v.InferInput<typeof ExportUsersForm> {
  return { ...listFields(search), format };
}
