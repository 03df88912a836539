// The list's state in the URL (/user_list?q=…&user_type=…&sort=name&dir=asc&cursor=…&page=3):
// what a person can bookmark, share, reload and go back to. Unknown or broken values fall back to
// the defaults rather than failing the page. The page position is the server's cursor and the
// page number shown; a cursor the server no longer takes sends the list to page 1 with a notice.
import * as v from 'valibot';
import { MAX_SEARCH_TEXT, PAGE_SIZES } from '../../domain/constants';
import { DELETED_FILTERS, SORT_KEYS, USER_CATEGORIES, USER_TYPES } from '../../domain/user-kinds';

const text = (max: number) => v.fallback(v.optional(v.pipe(v.string(), v.maxLength(max)), ''), '');
const oneOf = <T extends string>(values: readonly T[], fallback: T) =>
  v.fallback(v.optional(v.picklist(values as unknown as [T, ...T[]]), fallback), fallback);

export const ListSearchSchema = v.object({
  q: text(MAX_SEARCH_TEXT),
  user_type: oneOf(['', ...USER_TYPES] as const, ''),
  user_category: oneOf(['', ...USER_CATEGORIES] as const, ''),
  /**
   * The organisation filter: its id (a number, which the router writes plainly: a digit string
   * would be written quoted), and its name for the chip (display only).
   */
  organization_id: v.fallback(
    v.optional(
      v.union([
        v.literal(''),
        v.pipe(
          v.union([v.pipe(v.string(), v.regex(/^\d{1,15}$/)), v.number()]),
          v.transform(Number),
          v.integer(),
          v.minValue(1),
        ),
      ]),
      '',
    ),
    '',
  ),
  org_name: text(200),
  active: oneOf(['', 'true', 'false'] as const, ''),
  deleted: oneOf(DELETED_FILTERS, 'exclude'),
  sort: oneOf(SORT_KEYS, 'id'),
  dir: oneOf(['asc', 'desc'] as const, 'desc'),
  page_size: v.fallback(
    v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.picklist(PAGE_SIZES)), 20),
    20,
  ),
  /** The page's position: an opaque cursor of the server (base64url), '' for the first page. */
  cursor: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(1000), v.regex(/^[A-Za-z0-9_-]*$/)), ''), ''),
  /** The page number shown (1 for the first page); only read with a cursor. */
  page: v.fallback(
    v.optional(
      v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(1_000_000)),
      1,
    ),
    1,
  ),
});
export type ListSearch = v.InferOutput<typeof ListSearchSchema>;

export const DEFAULT_LIST_SEARCH: ListSearch = v.parse(ListSearchSchema, {});
