// The organisation picker's search (spec §2, §5): names that start with the query, or have a word
// that does, compared without regard to ASCII case; names that start with it first (the whole name
// first of all), then names with a word that does, alphabetically within each. At most
// ORG_SEARCH_LIMIT. Name prefixes are one range of the index on the folded name (migration 008,
// "C" collation on PostgreSQL so a range is a prefix); word prefixes are looked for only when the
// prefixes leave room, with one substring test per organisation before the word tests.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Organization } from '../../src/domain/users';
import { engineOf, type Engine } from '../db/connect';
import type { Database } from '../db/schema';
import { normaliseQuery, prefixUpperBound } from '../db/prefix-match';
import { likeEscaped, likeWith } from '../db/like';

export const ORG_SEARCH_LIMIT = 20;

/** Characters after which a word starts inside a name ('Blue Harbor', 'Smith-Harbor', 'Acme (Harbor)'). */
const WORD_STARTS = [' ', '-', '(', '/', '&'];

/** The folded name, as migration 008 indexes it. */
function foldedName(engine: Engine): RawBuilder<string> {
  return sql.raw(engine === 'postgres' ? 'lower(name collate "C")' : 'lower(name)');
}

export async function searchOrganizations(db: Kysely<Database>, query: string): Promise<Organization[]> {
  const q = normaliseQuery(query);
  const name = foldedName(engineOf(db));
  const upper = prefixUpperBound(q);
  const startsWith =
    upper === null ? sql<boolean>`${name} >= ${q}` : sql<boolean>`${name} >= ${q} and ${name} < ${upper}`;
  const columns = ['id', 'name', 'salesforce_id'] as const;

  const prefixed = await db
    .selectFrom('organizations')
    .select(columns)
    .where(startsWith)
    .orderBy(name)
    .orderBy('id')
    .limit(ORG_SEARCH_LIMIT)
    .execute();
  let words: typeof prefixed = [];
  if (prefixed.length < ORG_SEARCH_LIMIT) {
    const escaped = likeEscaped(q);
    words = await db
      .selectFrom('organizations')
      .select(columns)
      .where(likeWith(name, `%${escaped}%`))
      .where((eb) => eb.or(WORD_STARTS.map((c) => likeWith(name, `%${c}${escaped}%`))))
      .where(sql<boolean>`not (${startsWith})`)
      .orderBy(name)
      .orderBy('id')
      .limit(ORG_SEARCH_LIMIT - prefixed.length)
      .execute();
  }
  return [...prefixed, ...words].map((r) => ({ id: r.id, name: r.name, salesforceId: r.salesforce_id }));
}

/** One organisation by its id (an address naming it), or none. */
export async function organizationById(db: Kysely<Database>, id: number): Promise<Organization | null> {
  const row = await db
    .selectFrom('organizations')
    .select(['id', 'name', 'salesforce_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { id: row.id, name: row.name, salesforceId: row.salesforce_id } : null;
}
