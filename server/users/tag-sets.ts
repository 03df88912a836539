// Tag assignment as set statements (decision 045): a batch of users and the chosen tags are two
// lists, each one parameter (json_each on SQLite, unnest on PostgreSQL), so 100,000 users cost
// a few dozen statements, never one per user. The counts of the dry run and the rows a change
// wrote (RETURNING) come from the same lists.
import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import { engineOf } from '../db/connect';
import { withRowLock } from '../db/row-lock';
import type { Database } from '../db/schema';
import { chunks, LOOKUP_BATCH, oneOf } from '../db/value-lists';

type Db = Kysely<Database> | Transaction<Database>;

/** A list of ids as a one-column table `id`, from one parameter. */
function idTable(db: Db, ids: readonly number[]): RawBuilder<unknown> {
  return engineOf(db) === 'postgres'
    ? sql`(select unnest(${[...ids]}::bigint[]) as id)`
    : sql`(select value as id from json_each(${JSON.stringify(ids)}))`;
}

/** The user u lacks one of the tags. */
const lacksATag = (db: Db, tagIds: readonly number[]) =>
  sql<SqlBool>`exists (select 1 from ${idTable(db, tagIds)} t where not exists (select 1 from user_tags ut where ut.user_id = u.id and ut.tag_id = t.id))`;
/** The user u holds a tag outside the list. */
const holdsAnother = (db: Db, tagIds: readonly number[]) =>
  sql<SqlBool>`exists (select 1 from user_tags ut where ut.user_id = u.id and not ${oneOf(db, sql.ref('ut.tag_id'), tagIds, 'bigint')})`;

export interface ChangeCounts {
  /** Users whose tags Reset Tags (overwrite) would change. */
  overwrite: number;
  /** Users whose tags Add Tags would change. */
  add: number;
}

/** How many of these users' tags each kind of assignment would change; nothing is written. */
export async function countTagChanges(
  db: Db,
  userIds: readonly number[],
  tagIds: readonly number[],
): Promise<ChangeCounts> {
  const counts = { overwrite: 0, add: 0 };
  for (const batch of chunks(userIds, LOOKUP_BATCH)) {
    const row = await sql<{ adds: number | string; overwrites: number | string }>`
      select
        coalesce(sum(case when ${lacksATag(db, tagIds)} then 1 else 0 end), 0) as adds,
        coalesce(sum(case when ${lacksATag(db, tagIds)} or ${holdsAnother(db, tagIds)} then 1 else 0 end), 0) as overwrites
      from ${idTable(db, batch)} u`.execute(db);
    counts.add += Number(row.rows[0]?.adds ?? 0);
    counts.overwrite += Number(row.rows[0]?.overwrites ?? 0);
  }
  return counts;
}

export interface TagRowChange {
  user_id: number;
  tag_id: number;
}

/**
 * PostgreSQL: the users' rows locked in id order, so two overwrites of overlapping users run one
 * after the other (each sees the other's rows) and cannot deadlock. SQLite has one writer.
 */
export async function lockUsers(trx: Transaction<Database>, userIds: readonly number[]): Promise<void> {
  if (engineOf(trx) !== 'postgres') return;
  const sorted = [...userIds].sort((a, b) => a - b);
  for (const batch of chunks(sorted, LOOKUP_BATCH)) {
    await withRowLock(
      trx,
      trx
        .selectFrom('users')
        .select('id')
        .where(oneOf(trx, sql.ref('id'), batch, 'bigint'))
        .orderBy('id'),
    ).execute();
  }
}

/** Deletes the users' tags outside the list; the rows removed. */
export async function removeOtherTags(
  trx: Transaction<Database>,
  userIds: readonly number[],
  tagIds: readonly number[],
): Promise<TagRowChange[]> {
  const removed: TagRowChange[] = [];
  for (const batch of chunks(userIds, LOOKUP_BATCH)) {
    const rows = await trx
      .deleteFrom('user_tags')
      .where(oneOf(trx, sql.ref('user_id'), batch, 'bigint'))
      .where(sql<SqlBool>`not ${oneOf(trx, sql.ref('tag_id'), tagIds, 'bigint')}`)
      .returning(['user_id', 'tag_id'])
      .execute();
    for (const r of rows) removed.push({ user_id: Number(r.user_id), tag_id: Number(r.tag_id) });
  }
  return removed;
}

/** Gives every user every tag (INSERT … SELECT, existing pairs kept); the rows added. */
export async function addTags(
  trx: Transaction<Database>,
  userIds: readonly number[],
  tagIds: readonly number[],
): Promise<TagRowChange[]> {
  const added: TagRowChange[] = [];
  if (tagIds.length === 0) return added;
  // Fewer users per statement as more tags multiply the rows each writes.
  const perBatch = Math.max(500, Math.floor((LOOKUP_BATCH * 4) / tagIds.length));
  for (const batch of chunks(userIds, perBatch)) {
    // `where true`: SQLite reads `on` after a bare SELECT's FROM as a join's.
    const rows = await trx
      .insertInto('user_tags')
      .columns(['user_id', 'tag_id'])
      .expression(sql`select u.id, t.id from ${idTable(trx, batch)} u cross join ${idTable(trx, tagIds)} t where true`)
      .onConflict((oc) => oc.columns(['user_id', 'tag_id']).doNothing())
      .returning(['user_id', 'tag_id'])
      .execute();
    for (const r of rows) added.push({ user_id: Number(r.user_id), tag_id: Number(r.tag_id) });
  }
  return added;
}
