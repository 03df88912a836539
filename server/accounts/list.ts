// The account list of Account Settings (GET api/as/, decision 051): organizations by folded name
// then id, in keyset pages over the index of migration 018 (lower(name), id), so a deep page costs
// what the first does. A search matches names in which every word of the search starts a word of
// the name ('cap part' finds 'Alpha Capital Partners'; punctuation separates words, case does not
// count). The words live in organization_words, whose key (word, name_key, organization_id) hands
// out the accounts having one word already in name order: the words the search's first word
// starts are looked up (a few: 'capital', 'capitalize'), each read from the cursor for one page
// and merged, so a word in 20,000 names costs a page, not a sort. A short prefix that starts many
// words ('c') walks the name index instead, where such matches are dense. The total of a search
// is counted to ACCOUNT_TOTAL_CAP + 1 (then "more than"); a first page shorter than a page is
// its own total.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { ACCOUNT_TOTAL_CAP } from '../../src/domain/accounts';
import type { AccountListItem } from '../../src/domain/account-settings';
import { boundedPage, isCursorText, isDirection, readCursor, refuseOtherSearch, writeCursor } from '../db/keyset';
import type { Database } from '../db/schema';
import { normaliseQuery, prefixUpperBound } from '../db/prefix-match';
import { accountsWithSettings } from './settings-store';

interface Position {
  dir: 'next' | 'prev';
  name: string;
  id: number;
}

/** More words than this under one prefix: the name index is walked instead. */
const MERGE_WORDS = 16;

const folded = sql<string>`lower(o.name)`;

/** The words of a search: letters and digits, everything else a space (as the word table reads names). */
export function searchWords(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

const wordRange = (column: RawBuilder<string>, prefix: string): RawBuilder<SqlBool> => {
  const upper = prefixUpperBound(prefix);
  return upper === null
    ? sql<SqlBool>`${column} >= ${prefix}`
    : sql<SqlBool>`${column} >= ${prefix} and ${column} < ${upper}`;
};

/** The organization `id` has a word starting with each of `words`. */
function hasWords(id: RawBuilder<number>, words: readonly string[]): RawBuilder<SqlBool> {
  return sql.join(
    words.map(
      (w) =>
        sql<SqlBool>`exists (select 1 from organization_words x where x.organization_id = ${id} and ${wordRange(sql.ref('x.word'), w)})`,
    ),
    sql` and `,
  ) as RawBuilder<SqlBool>;
}

export function encodeAccountCursor(q: string, at: Position): string {
  return writeCursor([at.dir, at.name, at.id, q]);
}

export function decodeAccountCursor(cursor: string, q: string): Position {
  // No stored name holds a NUL, and PostgreSQL cannot compare one: such a cursor is not ours.
  const [dir, name, id, search] = readCursor(
    cursor,
    4,
    ([dir, name, id, search]) =>
      isDirection(dir) && isCursorText(name) && Number.isSafeInteger(id) && typeof search === 'string',
  );
  refuseOtherSearch(search === q, 'another search');
  return { dir: dir as Position['dir'], name: name as string, id: id as number };
}

export interface AccountPage {
  items: AccountListItem[];
  total: number;
  capped: boolean;
  next: Position | null;
  prev: Position | null;
}

interface Key {
  name: string;
  id: number;
}
const before = (a: Key, b: Key) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);

/** Up to `limit` matching organizations after (or before) `at`, in name order (reversed going back). */
async function matchingKeys(
  db: Kysely<Database>,
  words: string[],
  at: Position | null,
  backwards: boolean,
  limit: number,
): Promise<Key[]> {
  const [first, ...rest] = words as [string, ...string[]];
  const dir = backwards ? 'desc' : 'asc';
  const distinct = await db
    .selectFrom('organization_words')
    .select('word')
    .distinct()
    .where(wordRange(sql.ref('word'), first))
    .orderBy('word')
    .limit(MERGE_WORDS + 1)
    .execute();
  if (distinct.length > MERGE_WORDS) {
    // A short prefix: its matches are dense in name order.
    let q = db
      .selectFrom('organizations as o')
      .select([folded.as('name'), 'o.id as id'])
      .where(hasWords(sql.ref('o.id'), words));
    if (at)
      q = q.where(
        backwards
          ? sql<SqlBool>`(${folded}, o.id) < (${at.name}, ${at.id})`
          : sql<SqlBool>`(${folded}, o.id) > (${at.name}, ${at.id})`,
      );
    return (await q.orderBy(folded, dir).orderBy('o.id', dir).limit(limit).execute()).map((r) => ({
      name: r.name,
      id: Number(r.id),
    }));
  }
  const runs = await Promise.all(
    distinct.map(async ({ word }) => {
      let q = db
        .selectFrom('organization_words as w')
        .select(['w.name_key as name', 'w.organization_id as id'])
        .where('w.word', '=', word);
      if (at)
        q = q.where(
          backwards
            ? sql<SqlBool>`(w.name_key, w.organization_id) < (${at.name}, ${at.id})`
            : sql<SqlBool>`(w.name_key, w.organization_id) > (${at.name}, ${at.id})`,
        );
      if (rest.length) q = q.where(hasWords(sql.ref('w.organization_id'), rest));
      return (await q.orderBy('w.name_key', dir).orderBy('w.organization_id', dir).limit(limit).execute()).map((r) => ({
        name: r.name,
        id: Number(r.id),
      }));
    }),
  );
  const seen = new Set<number>();
  const merged = runs
    .flat()
    .sort((a, b) => (backwards ? before(b, a) : before(a, b)))
    .filter((k) => !seen.has(k.id) && seen.add(k.id));
  return merged.slice(0, limit);
}

async function countMatches(db: Kysely<Database>, words: string[]): Promise<number> {
  const [first, ...rest] = words as [string, ...string[]];
  let inner = db
    .selectFrom('organization_words as w')
    .select('w.organization_id')
    .where(wordRange(sql.ref('w.word'), first));
  if (rest.length) inner = inner.where(hasWords(sql.ref('w.organization_id'), rest));
  const rows = await inner.limit(ACCOUNT_TOTAL_CAP + 1).execute();
  if (rows.length > ACCOUNT_TOTAL_CAP) return ACCOUNT_TOTAL_CAP + 1;
  // A name with two words under the prefix is one account.
  return new Set(rows.map((r) => Number(r.organization_id))).size;
}

export async function listAccounts(
  db: Kysely<Database>,
  input: { q: string; cursor: string; pageSize: number },
): Promise<AccountPage> {
  const q = normaliseQuery(input.q).toLowerCase();
  const at = input.cursor === '' ? null : decodeAccountCursor(input.cursor, q);
  const words = searchWords(q);
  // Text with no letters or digits finds nothing (rather than everything).
  if (q !== '' && words.length === 0) return { items: [], total: 0, capped: false, next: null, prev: null };
  const backwards = at?.dir === 'prev';
  const dir = backwards ? 'desc' : 'asc';

  const select = () =>
    accountsWithSettings(db).select([
      'o.id',
      'o.name',
      'o.salesforce_id',
      's.version',
      's.template_id',
      't.name as template_name',
      's.updated_at',
      folded.as('folded'),
    ]);
  let rows: Awaited<ReturnType<ReturnType<typeof select>['execute']>>;
  if (words.length === 0) {
    let query = select();
    if (at)
      query = query.where(
        backwards
          ? sql<SqlBool>`(${folded}, o.id) < (${at.name}, ${at.id})`
          : sql<SqlBool>`(${folded}, o.id) > (${at.name}, ${at.id})`,
      );
    rows = await query
      .orderBy(folded, dir)
      .orderBy('o.id', dir)
      .limit(input.pageSize + 1)
      .execute();
  } else {
    const keys = await matchingKeys(db, words, at, backwards, input.pageSize + 1);
    const found = keys.length
      ? await select()
          .where(
            'o.id',
            'in',
            keys.map((k) => k.id),
          )
          .execute()
      : [];
    const order = new Map(keys.map((k, i) => [k.id, i]));
    rows = found.sort((a, b) => order.get(Number(a.id))! - order.get(Number(b.id))!);
  }
  const { page, more } = boundedPage(rows, input.pageSize);
  if (backwards) page.reverse();

  const first = page[0];
  const last = page.at(-1);
  const edge = (r: typeof first, d: Position['dir']): Position | null =>
    r ? { dir: d, name: r.folded, id: Number(r.id) } : null;
  // Going forward there is a page before whenever we started from a cursor; going back, when more were found.
  const next = backwards ? (at ? edge(last, 'next') : null) : more ? edge(last, 'next') : null;
  const prev = backwards ? (more ? edge(first, 'prev') : null) : at ? edge(first, 'prev') : null;

  let total: number;
  let capped = false;
  if (!at && !more) {
    total = page.length;
  } else if (words.length === 0) {
    total = Number(
      (
        await db
          .selectFrom('organizations')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  } else {
    total = await countMatches(db, words);
    capped = total > ACCOUNT_TOTAL_CAP;
  }

  return {
    items: page.map((r) => ({
      account_id: Number(r.id),
      name: r.name,
      salesforce_id: r.salesforce_id,
      version: r.version === null ? 0 : Number(r.version),
      templatesettings_id: r.template_id === null ? null : Number(r.template_id),
      template_name: r.template_name ?? null,
      updated_at: r.updated_at === null ? null : Number(r.updated_at),
    })),
    total,
    capped,
    next,
    prev,
  };
}
