// Which requests hold a text, read from the trigram index (migration 038) on SQLite. A text of three
// characters or more that at most GATHER_LIMIT requests hold is answered as their ids: the list
// reads just those rows' order keys and sorts them. A commoner text, or a shorter one, gets null
// and the list walks its order index, where a page of matches lies within a few thousand entries.
// PostgreSQL's planner makes the same choice itself with pg_trgm's index, so it always gets null.
import { sql, type Kysely, type Transaction } from 'kysely';
import { engineOf } from '../db/connect';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Matches above which the list walks its order index rather than sorting the matches. The index is
 * read only until one more match than this: on 100,000 requests about 0.4 ms for a common name (2.5
 * ms at 2,000). Past it a walk finds a page within 100,000 × 51 / 300 entries, about 1.5 ms.
 */
export const GATHER_LIMIT = 300;

/** FTS5's phrase of the text: every character as itself, quotes doubled. */
const phrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** The ids of the requests whose search text may hold `text` (a superset: the list still tests each), or null: walk. */
export async function requestsHolding(db: Db, text: string, limit = GATHER_LIMIT): Promise<number[] | null> {
  if (engineOf(db) !== 'sqlite' || [...text].length < 3) return null;
  const { rows } = await sql<{ id: number }>`
    select rowid as id from invite_requests_search where invite_requests_search match ${phrase(text)}
    limit ${limit + 1}`.execute(db);
  return rows.length > limit ? null : rows.map((r) => Number(r.id));
}
