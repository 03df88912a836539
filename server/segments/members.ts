// A segment's members: the live users its query matches in the user list. Counted as the list
// counts them (search-kinds.ts listTotal: with search text from the indexes, capped at
// TOTAL_CAP; otherwise exact, from the trigger-kept counts table when only the cheap filters
// apply), and resolved as the list's "all matching" selection resolves them (selection.ts).
import { sql, type Kysely } from 'kysely';
import { SEGMENT_ASSIGN_MAX, type SegmentQuery } from '../../src/domain/segments';
import type { UserFilter } from '../../src/domain/users';
import type { Database } from '../db/schema';
import { listTotal } from '../users/search-kinds';
import { chunks, LOOKUP_BATCH, oneOf } from '../db/value-lists';
import { selectedUsers } from '../users/selection';

export function filterOfQuery(query: SegmentQuery): UserFilter {
  return {
    q: query.q,
    user_type: query.user_type,
    user_category: query.user_category,
    organization_id: query.organization_id,
    active: query.active,
    deleted: 'exclude',
  };
}

export interface MemberCount {
  count: number;
  capped: boolean;
}

export async function memberCount(db: Kysely<Database>, query: SegmentQuery): Promise<MemberCount> {
  const { total, capped } = await listTotal(db, filterOfQuery(query));
  return { count: total, capped };
}

/** Counts of a page of segments, a few at a time: each is one or two bounded queries. */
export async function memberCounts(db: Kysely<Database>, queries: readonly SegmentQuery[]): Promise<MemberCount[]> {
  const out: MemberCount[] = [];
  for (const batch of chunks(queries, 4)) out.push(...(await Promise.all(batch.map((q) => memberCount(db, q)))));
  return out;
}

export type Members = { ok: true; ids: number[] } | { ok: false; limit: number };

/** The members' ids (ascending), or a refusal when more than SEGMENT_ASSIGN_MAX match. */
export async function memberIds(
  db: Kysely<Database>,
  query: SegmentQuery,
  limit = SEGMENT_ASSIGN_MAX,
): Promise<Members> {
  const found = await selectedUsers(db, { by: 'filter', filter: filterOfQuery(query) }, limit);
  return found.ok ? { ok: true, ids: found.ids } : { ok: false, limit: found.limit };
}

/**
 * How many of these users the assignment would change: with 'add', those lacking one of the tags;
 * with 'overwrite', those whose tags are not exactly these. One grouped query per batch of users.
 */
export async function usersChangedBy(
  db: Kysely<Database>,
  userIds: readonly number[],
  tagIds: readonly number[],
  mode: 'overwrite' | 'add',
): Promise<number> {
  const wanted = [...new Set(tagIds)];
  if (mode === 'add' && wanted.length === 0) return 0;
  const hits =
    wanted.length === 0
      ? sql<number>`0`
      : sql<number>`sum(case when ${oneOf(db, sql.ref('tag_id'), wanted, 'bigint')} then 1 else 0 end)`;
  let changed = 0;
  for (const batch of chunks(userIds, LOOKUP_BATCH)) {
    const rows = await db
      .selectFrom('user_tags')
      .select(['user_id', sql<number>`count(*)`.as('n'), hits.as('hit')])
      .where(oneOf(db, sql.ref('user_id'), batch, 'bigint'))
      .groupBy('user_id')
      .execute();
    const held = new Map(rows.map((r) => [Number(r.user_id), { n: Number(r.n), hit: Number(r.hit) }]));
    for (const id of batch) {
      const { n, hit } = held.get(id) ?? { n: 0, hit: 0 };
      if (mode === 'add' ? hit < wanted.length : n !== wanted.length || hit !== wanted.length) changed++;
    }
  }
  return changed;
}
