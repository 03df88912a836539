// The account list of Account Settings (GET api/as/, decision 051): organizations by folded name
// then id, in keyset pages over the index of migration 018 (lower(name), id), so a deep page costs
// what the first does. A search matches names in which every word of the search starts a word
// ('cap part' finds 'Alpha Capital Partners'; punctuation separates words, case does not count),
// through the word index of migration 018 (FTS5 on SQLite, GIN on PostgreSQL), so a rare word
// costs its few rows rather than a walk of every name. The total of a search is counted to
// ACCOUNT_TOTAL_CAP + 1 (then "more than"); a first page shorter than a page is its own total.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { ACCOUNT_TOTAL_CAP } from '../../src/domain/accounts';
import type { AccountListItem } from '../../src/domain/account-settings';
import type { Database } from '../db/schema';
import { engineOf, type Engine } from '../db/connect';
import { ACCOUNT_WORDS_PG } from '../db/migrations/2026_11_25_018_account_settings';
import { normaliseQuery } from '../users/search';

export class BadAccountCursor extends Error {}

interface Position {
  dir: 'next' | 'prev';
  name: string;
  id: number;
}

const folded = sql<string>`lower(o.name)`;

/** The words of a search: letters and digits, everything else a space (as both word indexes read names). */
export function searchWords(q: string): string[] {
  return q.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 8);
}

/**
 * The search's condition, or null for every account: each word of the search starts a word of
 * the name. SQLite asks the FTS5 table of migration 018, PostgreSQL its GIN index of words.
 */
function matchOf(engine: Engine, words: readonly string[]): RawBuilder<SqlBool> | null {
  if (words.length === 0) return null;
  if (engine === 'postgres') {
    const query = words.map((w) => `${w}:*`).join(' & ');
    return sql<SqlBool>`${sql.raw(ACCOUNT_WORDS_PG.replace('name', 'o.name'))} @@ to_tsquery('simple', ${query})`;
  }
  const query = words.map((w) => `"${w.replaceAll('"', '""')}"*`).join(' AND ');
  return sql<SqlBool>`o.id in (select rowid from organizations_fts where organizations_fts match ${query})`;
}

export function encodeAccountCursor(q: string, at: Position): string {
  return Buffer.from(JSON.stringify([at.dir, at.name, at.id, q]), 'utf8').toString('base64url');
}

export function decodeAccountCursor(cursor: string, q: string): Position {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new BadAccountCursor('The page cursor is not valid; start from the first page.');
  }
  if (!Array.isArray(parts) || parts.length !== 4 || (parts[0] !== 'next' && parts[0] !== 'prev') || typeof parts[1] !== 'string'
    || !Number.isSafeInteger(parts[2]) || typeof parts[3] !== 'string') {
    throw new BadAccountCursor('The page cursor is not valid; start from the first page.');
  }
  if (parts[3] !== q) throw new BadAccountCursor('The page cursor belongs to another search; start from the first page.');
  return { dir: parts[0], name: parts[1], id: parts[2] as number };
}

export interface AccountPage {
  items: AccountListItem[];
  total: number;
  capped: boolean;
  next: Position | null;
  prev: Position | null;
}

export async function listAccounts(db: Kysely<Database>, input: { q: string; cursor: string; pageSize: number }): Promise<AccountPage> {
  const q = normaliseQuery(input.q).toLowerCase();
  const at = input.cursor === '' ? null : decodeAccountCursor(input.cursor, q);
  const words = searchWords(q);
  // Text with no letters or digits finds nothing (rather than everything).
  if (q !== '' && words.length === 0) return { items: [], total: 0, capped: false, next: null, prev: null };
  const match = matchOf(engineOf(db), words);
  const backwards = at?.dir === 'prev';

  let query = db.selectFrom('organizations as o')
    .leftJoin('account_settings as s', 's.account_id', 'o.id')
    .leftJoin('settings_templates as t', 't.id', 's.template_id')
    .select([
      'o.id', 'o.name', 'o.salesforce_id', 's.version', 's.template_id', 't.name as template_name', 's.updated_at',
      folded.as('folded'),
    ]);
  if (match) query = query.where(match);
  if (at) query = query.where(backwards ? sql<SqlBool>`(${folded}, o.id) < (${at.name}, ${at.id})` : sql<SqlBool>`(${folded}, o.id) > (${at.name}, ${at.id})`);
  const dir = backwards ? 'desc' : 'asc';
  const rows = await query.orderBy(folded, dir).orderBy('o.id', dir).limit(input.pageSize + 1).execute();
  const more = rows.length > input.pageSize;
  const page = rows.slice(0, input.pageSize);
  if (backwards) page.reverse();

  const first = page[0];
  const last = page.at(-1);
  const edge = (r: typeof first, d: Position['dir']): Position | null => (r ? { dir: d, name: r.folded, id: Number(r.id) } : null);
  // Going forward there is a page before whenever we started from a cursor; going back, when more were found.
  const next = backwards ? (at ? edge(last, 'next') : null) : (more ? edge(last, 'next') : null);
  const prev = backwards ? (more ? edge(first, 'prev') : null) : (at ? edge(first, 'prev') : null);

  let total: number;
  let capped = false;
  if (!at && !more) {
    total = page.length;
  } else if (!match) {
    total = Number((await db.selectFrom('organizations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  } else {
    const inner = db.selectFrom('organizations as o').select(sql<number>`1`.as('one')).where(match).limit(ACCOUNT_TOTAL_CAP + 1);
    total = Number((await db.selectFrom(inner.as('m')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    capped = total > ACCOUNT_TOTAL_CAP;
  }

  return {
    items: page.map((r) => ({
      account_id: Number(r.id), name: r.name, salesforce_id: r.salesforce_id,
      version: r.version === null ? 0 : Number(r.version),
      templatesettings_id: r.template_id === null ? null : Number(r.template_id),
      template_name: r.template_name ?? null,
      updated_at: r.updated_at === null ? null : Number(r.updated_at),
    })),
    total, capped, next, prev,
  };
}
