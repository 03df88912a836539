// The list's position and the open account in the URL (/account_settings?q=…&cursor=…&page=2&page_size=50&account=7):
// what a person can bookmark, reload and go back to. Broken values fall back to the defaults.
import * as v from 'valibot';
import { MAX_SEARCH_TEXT, PAGE_SIZES } from '../../domain/constants';

const count = (min: number, fallback: number) =>
  v.fallback(
    v.optional(
      v.pipe(
        v.union([v.string(), v.number()]),
        v.transform(Number),
        v.integer(),
        v.minValue(min),
        v.maxValue(Number.MAX_SAFE_INTEGER),
      ),
      fallback,
    ),
    fallback,
  );

export const AccountSearchSchema = v.object({
  q: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(MAX_SEARCH_TEXT)), ''), ''),
  cursor: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(1000), v.regex(/^[A-Za-z0-9_-]*$/)), ''), ''),
  page: count(1, 1),
  page_size: v.fallback(
    v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.picklist(PAGE_SIZES)), 20),
    20,
  ),
  account: v.fallback(
    v.optional(
      v.union([
        v.literal(''),
        v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.integer(), v.minValue(1)),
      ]),
      '',
    ),
    '',
  ),
});
export type AccountSearch = v.InferOutput<typeof AccountSearchSchema>;

/** Only what differs from the defaults, so a plain list has a plain URL. */
export function compactAccountSearch(url: {
  q: string;
  cursor: string;
  page: number;
  pageSize: number;
  account: number | null;
}): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if (url.q) out['q'] = url.q;
  if (url.cursor) {
    out['cursor'] = url.cursor;
    out['page'] = url.page;
  }
  if (url.pageSize !== 20) out['page_size'] = url.pageSize;
  if (url.account !== null) out['account'] = url.account;
  return out;
}
