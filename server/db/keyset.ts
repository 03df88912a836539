// Keyset pages, one way for every list: an opaque cursor (base64url of a JSON array: the list's
// position, then what ties it to the search it was made for), a read of one row more than the
// page (that row says another page follows) and a total counted only as far as the cap.
import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import type { Database } from './schema';

/** A cursor the server cannot use: not one of ours, or made for another search. Answered 400. */
export class BadCursor extends Error {}

const INVALID = 'The page cursor is not valid; start from the first page.';

export function writeCursor(parts: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(parts), 'utf8').toString('base64url');
}

/**
 * The parts of a cursor `writeCursor` wrote: `length` of them, each as `valid` checks (it sees
 * unknown values, so it checks types); otherwise BadCursor.
 */
export function readCursor(cursor: string, length: number, valid: (parts: unknown[]) => boolean): unknown[] {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new BadCursor(INVALID);
  }
  if (!Array.isArray(parts) || parts.length !== length || !valid(parts)) throw new BadCursor(INVALID);
  return parts;
}

/** Refuses a well-formed cursor made for other filters (`search` says which: 'other filters', 'another search'). */
export function refuseOtherSearch(sameSearch: boolean, search: string): void {
  if (!sameSearch) throw new BadCursor(`The page cursor belongs to ${search}; start from the first page.`);
}

export const isDirection = (value: unknown): value is 'next' | 'prev' => value === 'next' || value === 'prev';

/**
 * The last page: read from the list's end against its order, no position needed, as many rows as
 * the full pages before it leave (so Previous from it lands on the pages a reader counting from
 * page 1 meets). A list offers it where it knows its exact total.
 */
export const LAST = 'last';
export const isLastOrDirection = (value: unknown): value is 'next' | 'prev' | typeof LAST =>
  isDirection(value) || value === LAST;

/** The number of the last page from 0, and its rows: what is left after the full pages. */
export function lastPage(total: number, size: number): { index: number; rows: number } {
  const index = Math.max(0, Math.ceil(total / size) - 1);
  return { index, rows: Math.max(0, total - index * size) };
}

/** A text position a query may compare: PostgreSQL's text cannot hold a NUL (a 500 rather than a refusal). */
export const isCursorText = (value: unknown, maxLength = Infinity): value is string =>
  typeof value === 'string' && value.length <= maxLength && !value.includes('\u0000');

/** The page of a read of `limit + 1` rows, and whether another page follows. */
export function boundedPage<T>(rows: readonly T[], limit: number): { page: T[]; more: boolean } {
  return { page: rows.slice(0, limit), more: rows.length > limit };
}

/**
 * The rows `matching` selects, counted in the database up to `cap + 1`: the count stops where a
 * person stops reading it (an index range of that length at most).
 */
// Any table and columns: only the rows are counted.
export async function cappedCount(
  db: Kysely<Database> | Transaction<Database>,
  matching: SelectQueryBuilder<Database, any, any>,
  cap: number,
): Promise<number> {
  const row = await db
    .selectFrom(matching.limit(cap + 1).as('m'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
