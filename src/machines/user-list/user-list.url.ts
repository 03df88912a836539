// The list's state in the URL (/user_list?q=…&user_type=…&sort=name&dir=asc): what a person can
// bookmark, share and go back to. Unknown or broken values fall back to the defaults rather than
// failing the page; the page position (a cursor) stays out, being valid only for a while. The
// route's validateSearch runs in the first page load, so this file holds only the schema.
import * as v from 'valibot';
import { PAGE_SIZES } from '../../domain/constants';
import { DELETED_FILTERS, SORT_KEYS, USER_CATEGORIES, USER_TYPES } from '../../domain/user-kinds';

const text = (max: number) => v.fallback(v.optional(v.pipe(v.string(), v.maxLength(max)), ''), '');
const oneOf = <T extends string>(values: readonly T[], fallback: T) =>
  v.fallback(v.optional(v.picklist(values as unknown as [T, ...T[]]), fallback), fallback);

export const ListSearchSchema = v.object({
  q: text(200),
  user_type: oneOf(['', ...USER_TYPES] as const, ''),
  user_category: oneOf(['', ...USER_CATEGORIES] as const, ''),
  /**
   * The organisation filter: its id (a number, which the router writes plainly: a digit string
   * would be written quoted), and its name for the chip (display only).
   */
  organization_id: v.fallback(v.optional(v.union([v.literal(''),
    v.pipe(v.union([v.pipe(v.string(), v.regex(/^\d{1,15}$/)), v.number()]), v.transform(Number), v.integer(), v.minValue(1))]), ''), ''),
  org_name: text(200),
  active: oneOf(['', 'true', 'false'] as const, ''),
  deleted: oneOf(DELETED_FILTERS, 'exclude'),
  sort: oneOf(SORT_KEYS, 'id'),
  dir: oneOf(['asc', 'desc'] as const, 'desc'),
  page_size: v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.picklist(PAGE_SIZES)), 20), 20),
});
export type ListSearch = v.InferOutput<typeof ListSearchSchema>;

export const DEFAULT_LIST_SEARCH: ListSearch = v.parse(ListSearchSchema, {});
