// Tags and tag groups (spec §3) and which users hold them. A multi-user assignment is one
// transaction with batched statements; the audit keeps each user's tags before and after, on that
// user's History, and for a bulk upload of many users one summary row besides.
import { sql, type Kysely, type Transaction } from 'kysely';
import { DEFAULT_TAG_COLOR, type Tag } from '../../src/domain/tags';
import { writeAuditMany, type AuditEntry } from '../audit';
import type { Database } from '../db/schema';
import { seesDeletedUsers } from './records';
import { chunks, LOOKUP_BATCH, oneOf } from '../db/value-lists';
import { addTags, lockUsers, removeOtherTags } from './tag-sets';
import { isUniqueViolation } from '../db/unique-violation';

type Db = Kysely<Database> | Transaction<Database>;

type TagRow = {
  id: number;
  name: string;
  color: string;
  description: string;
  parent_id: number | null;
  icon: string | null;
};

export function toTag(r: TagRow): Tag {
  return {
    id: Number(r.id),
    name: r.name,
    color: r.color,
    description: r.description,
    group: r.parent_id === null ? null : Number(r.parent_id),
    icon: r.icon,
  };
}

/** Tags (is_group 0) and tag groups, each by name. */
export async function listTags(db: Db): Promise<{ tags: Tag[]; groups: Tag[] }> {
  const rows = await db
    .selectFrom('tags')
    .select(['id', 'name', 'color', 'description', 'parent_id', 'icon', 'is_group'])
    .execute();
  const sorted = rows.sort(
    (a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || Number(a.id) - Number(b.id),
  );
  return {
    tags: sorted.filter((r) => r.is_group === 0).map(toTag),
    groups: sorted.filter((r) => r.is_group === 1).map(toTag),
  };
}

export async function tagIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('user_tags')
    .select('tag_id')
    .where('user_id', '=', userId)
    .orderBy('tag_id')
    .execute();
  return rows.map((r) => Number(r.tag_id));
}

export type NewTagInput = {
  kind: 'normal' | 'group';
  name: string;
  description: string;
  color: string;
  parentId: number | null;
};
export type CreateTagResult = { ok: true; tag: Tag } | { ok: false; msg: string };

const kindWord = (kind: NewTagInput['kind']) => (kind === 'group' ? 'tag group' : 'tag');

/**
 * Creates a tag or tag group. Names are unique per kind whatever their case; a tag may join a
 * group, a group belongs to none.
 */
export async function createTag(
  db: Kysely<Database>,
  input: NewTagInput,
  author: string,
  now: number,
): Promise<CreateTagResult> {
  const isGroup = input.kind === 'group' ? 1 : 0;
  const duplicate = () => ({ ok: false as const, msg: `A ${kindWord(input.kind)} named '${input.name}' exists.` });
  try {
    return await db.transaction().execute(async (trx) => {
      const same = await trx
        .selectFrom('tags')
        .select('id')
        .where('is_group', '=', isGroup)
        .where((eb) => eb(eb.fn('lower', ['name']), '=', input.name.toLowerCase()))
        .executeTakeFirst();
      if (same) return duplicate();
      if (input.parentId !== null) {
        if (input.kind === 'group') return { ok: false as const, msg: 'A tag group cannot belong to another group.' };
        const parent = await trx
          .selectFrom('tags')
          .select('is_group')
          .where('id', '=', input.parentId)
          .executeTakeFirst();
        if (!parent || parent.is_group !== 1)
          return { ok: false as const, msg: `There is no tag group #${input.parentId}.` };
      }
      const row = await trx
        .insertInto('tags')
        .values({
          name: input.name,
          color: input.color || DEFAULT_TAG_COLOR,
          description: input.description,
          parent_id: input.parentId,
          icon: null,
          is_group: isGroup,
          created_by: author,
          created_at: now,
        })
        .returning(['id', 'name', 'color', 'description', 'parent_id', 'icon'])
        .executeTakeFirstOrThrow();
      const tag = toTag(row);
      await writeAuditMany(trx, [
        {
          category: 'user',
          author,
          action: `${kindWord(input.kind)} created: ${tag.name} (#${tag.id})`,
          at: now,
          current: tag,
          success: true,
        },
      ]);
      return { ok: true as const, tag };
    });
  } catch (err) {
    // The unique index (lower(name), is_group) decides between two requests racing for a name.
    if (isUniqueViolation(err)) return duplicate();
    throw err;
  }
}

/** Ids among `ids` that are no tag (groups are not assignable). */
export async function unknownTagIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const known = new Set<number>();
  for (const batch of chunks([...new Set(ids)], LOOKUP_BATCH)) {
    const rows = await db.selectFrom('tags').select('id').where('id', 'in', batch).where('is_group', '=', 0).execute();
    for (const r of rows) known.add(Number(r.id));
  }
  return ids.filter((id) => !known.has(id));
}

/** Bulk uploads of more users than this are audited as one summary row. */
export const AUDIT_PER_USER_MAX = 100;
const AUDIT_BATCH = 1_000;

export interface Assignment {
  tagIds: number[];
  userIds: number[];
  mode: 'overwrite' | 'add';
  bulkUpload: boolean;
  author: string;
  now: number;
}

/** What an assignment changed. */
export interface AssignmentSummary {
  /** Users named (each once). */
  users: number;
  /** Users whose tags changed, ascending. */
  changedUserIds: number[];
  /** Tags some user gained, and tags some user lost. */
  addedTagIds: number[];
  removedTagIds: number[];
}

async function tagsByUser(trx: Db, userIds: readonly number[]): Promise<Map<number, number[]>> {
  const byUser = new Map<number, number[]>(userIds.map((id) => [id, []]));
  for (const batch of chunks(userIds, LOOKUP_BATCH)) {
    const rows = await trx
      .selectFrom('user_tags')
      .select(['user_id', 'tag_id'])
      .where(oneOf(trx, sql.ref('user_id'), batch, 'bigint'))
      .execute();
    for (const r of rows) byUser.get(Number(r.user_id))?.push(Number(r.tag_id));
  }
  for (const list of byUser.values()) list.sort((a, b) => a - b);
  return byUser;
}

const ascending = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

function groupByUser(rows: readonly { user_id: number; tag_id: number }[]): Map<number, number[]> {
  const byUser = new Map<number, number[]>();
  for (const r of rows) {
    const list = byUser.get(r.user_id);
    if (list) list.push(r.tag_id);
    else byUser.set(r.user_id, [r.tag_id]);
  }
  return byUser;
}

/**
 * Assigns the tags to every user in one transaction, with its audit rows: set statements per
 * batch of users (tag-sets.ts), never a statement per user. Each user's tags before and after are
 * audited under that user (their History shows it); a bulk upload of more than AUDIT_PER_USER_MAX
 * users writes such a row only for the users it changed, their tags before worked out from what
 * they hold after and what the statements added and removed, plus one summary row: the counts,
 * the tags added and removed, and the users whose tags changed.
 */
export async function assignTags(db: Kysely<Database>, a: Assignment): Promise<AssignmentSummary> {
  const tagIds = ascending(a.tagIds);
  const userIds = [...new Set(a.userIds)];
  const perUser = !(a.bulkUpload && userIds.length > AUDIT_PER_USER_MAX);
  return db.transaction().execute(async (trx) => {
    if (a.mode === 'overwrite') await lockUsers(trx, userIds);
    const before = perUser ? await tagsByUser(trx, userIds) : null;
    const removed = a.mode === 'overwrite' ? await removeOtherTags(trx, userIds, tagIds) : [];
    const added = await addTags(trx, userIds, tagIds);
    const summary: AssignmentSummary = {
      users: userIds.length,
      changedUserIds: ascending([...removed, ...added].map((r) => r.user_id)),
      addedTagIds: ascending(added.map((r) => r.tag_id)),
      removedTagIds: ascending(removed.map((r) => r.tag_id)),
    };
    const action = a.mode === 'overwrite' ? 'tags replaced' : 'tags added';
    const origin = a.bulkUpload ? 'bulk_upload' : undefined;
    const entry = (id: number, previous: number[], current: number[]): AuditEntry => ({
      category: 'user',
      author: a.author,
      action: `${action}: user #${id}`,
      origin,
      at: a.now,
      success: true,
      previous: { user_id: id, tags: previous },
      current: { user_id: id, tags: current },
      record: { kind: 'user', id },
    });
    let entries: AuditEntry[];
    if (before) {
      entries = userIds.map((id) => {
        const previous = before.get(id) ?? [];
        return entry(id, previous, a.mode === 'overwrite' ? tagIds : ascending([...previous, ...tagIds]));
      });
    } else {
      await writeAuditMany(trx, [
        {
          category: 'user',
          author: a.author,
          action: `${action}: ${userIds.length} users (bulk upload)`,
          origin,
          at: a.now,
          success: true,
          current: {
            tags: tagIds,
            type: a.mode === 'overwrite' ? 'overwrite' : '',
            users: userIds.length,
            changed: summary.changedUserIds.length,
            added_tags: summary.addedTagIds,
            removed_tags: summary.removedTagIds,
            changed_user_ids: summary.changedUserIds,
          },
        },
      ]);
      // Only the changed users are read, after the change: before = after - added + removed.
      const after = await tagsByUser(trx, summary.changedUserIds);
      const addedTo = groupByUser(added);
      const removedFrom = groupByUser(removed);
      entries = summary.changedUserIds.map((id) => {
        const current = after.get(id) ?? [];
        const gained = new Set(addedTo.get(id));
        return entry(
          id,
          ascending([...current.filter((t) => !gained.has(t)), ...(removedFrom.get(id) ?? [])]),
          current,
        );
      });
    }
    for (const batch of chunks(entries, AUDIT_BATCH)) await writeAuditMany(trx, batch);
    return summary;
  });
}

/**
 * Of these ids, those naming a user this session may see: visibleUser's rule for a whole list, so
 * a deleted user's tags are set only with deleted_user.
 */
export async function visibleUserIds(
  db: Db,
  ids: readonly number[],
  features: readonly string[],
): Promise<Set<number>> {
  const found = new Set<number>();
  const withDeleted = seesDeletedUsers(features);
  for (const batch of chunks([...new Set(ids)], LOOKUP_BATCH)) {
    let query = db
      .selectFrom('users')
      .select('id')
      .where(oneOf(db, sql.ref('id'), batch, 'bigint'));
    if (!withDeleted) query = query.where('deleted', '=', 0);
    const rows = await query.execute();
    for (const r of rows) found.add(Number(r.id));
  }
  return found;
}
