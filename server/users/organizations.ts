// The organisation picker's search (spec §2, §5): names that start with the query, or have a word
// that does, compared case-insensitively; whole-name matches first, then name prefixes, then word
// prefixes, alphabetically within each. At most ORG_SEARCH_LIMIT.
import { sql, type Kysely } from 'kysely';
import type { Organization } from '../../src/domain/users';
import type { Database } from '../db/schema';

export const ORG_SEARCH_LIMIT = 20;

/** LIKE treats % and _ as wildcards; the query's own are matched literally. */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Characters after which a word starts inside a name ('Blue Harbor', 'Smith-Jones', 'Acme (Europe)'). */
const WORD_STARTS = [' ', '-', '(', '/', '&'];

export async function searchOrganizations(db: Kysely<Database>, query: string): Promise<Organization[]> {
  const q = query.trim().toLowerCase().replace(/\s+/g, ' ');
  const prefix = `${likeEscaped(q)}%`;
  const name = sql<string>`lower(name)`;
  const rows = await db.selectFrom('organizations')
    .select(['id', 'name', 'salesforce_id'])
    .select(sql<number>`case when ${name} = ${q} then 0 when ${name} like ${prefix} escape '\\' then 1 else 2 end`.as('rank'))
    .where((eb) => eb.or([
      eb(name, 'like', sql<string>`${prefix} escape '\\'`),
      ...WORD_STARTS.map((c) => eb(name, 'like', sql<string>`${`%${c}${prefix}`} escape '\\'`)),
    ]))
    .orderBy('rank').orderBy(name).orderBy('id')
    .limit(ORG_SEARCH_LIMIT)
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, salesforceId: r.salesforce_id }));
}
