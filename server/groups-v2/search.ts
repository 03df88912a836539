// The group list of Group ManagementV2 (decision 049): every group, or one organization's, whose
// name holds the query, in (lower(name), id) order, a page at a time from a cursor. Migration 016
// indexes that order, so a page reads the index from the cursor and stops at 51 matches.
import { sql, type Kysely, type Transaction } from 'kysely';
import { engineOf } from '../db/connect';
import { boundedPage } from '../db/keyset';
import type { Database } from '../db/schema';
import {
  GROUP_MEMBERS_MAX,
  GROUP_PAGE_SIZE,
  type GroupCursor,
  type GroupItem,
  type GroupMember,
} from '../../src/domain/groups-v2';
import { contains, foldedAsLower } from '../db/like';

type Db = Kysely<Database> | Transaction<Database>;

export interface GroupSearch {
  query: string;
  organizationId: number | null;
  after: GroupCursor | null;
}

export async function searchGroups(db: Db, s: GroupSearch): Promise<{ groups: GroupItem[]; next: GroupCursor | null }> {
  let q = db
    .selectFrom('user_groups as g')
    .leftJoin('organizations as o', 'o.id', 'g.organization_id')
    .select([
      'g.id',
      'g.name',
      'g.kind',
      'g.organization_id',
      'o.name as organization',
      sql<string>`lower(g.name)`.as('sort_name'),
    ]);
  if (s.organizationId !== null) q = q.where('g.organization_id', '=', s.organizationId);
  if (s.query !== '') q = q.where(contains(sql`lower(g.name)`, foldedAsLower(engineOf(db), s.query)));
  if (s.after) q = q.where(sql`(lower(g.name), g.id)`, '>', sql`(${s.after.name}, ${s.after.id})`);
  const rows = await q
    .orderBy(sql`lower(g.name)`)
    .orderBy('g.id')
    .limit(GROUP_PAGE_SIZE + 1)
    .execute();
  const { page, more } = boundedPage(rows, GROUP_PAGE_SIZE);
  const counts = await memberCounts(
    db,
    page.map((r) => Number(r.id)),
  );
  const last = page.at(-1);
  return {
    groups: page.map((r) => ({
      id: Number(r.id),
      name: r.name,
      kind: r.kind,
      organization_id: r.organization_id === null ? null : Number(r.organization_id),
      organization: r.organization ?? null,
      members: counts.get(Number(r.id)) ?? 0,
    })),
    next: more && last ? { name: last.sort_name, id: Number(last.id) } : null,
  };
}

/** Members of each group, one grouped read over the primary key (group_id, user_id). */
export async function memberCounts(db: Db, groupIds: readonly number[]): Promise<Map<number, number>> {
  if (groupIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('group_members')
    .select(['group_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('group_id', 'in', [...groupIds])
    .groupBy('group_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.group_id), Number(r.n)]));
}

export async function memberCount(db: Db, groupId: number): Promise<number> {
  return (await memberCounts(db, [groupId])).get(groupId) ?? 0;
}

/** One group with its organization's name and member count; null when there is none. */
export async function findGroup(db: Db, groupId: number): Promise<GroupItem | null> {
  const r = await db
    .selectFrom('user_groups as g')
    .leftJoin('organizations as o', 'o.id', 'g.organization_id')
    .select(['g.id', 'g.name', 'g.kind', 'g.organization_id', 'o.name as organization'])
    .where('g.id', '=', groupId)
    .executeTakeFirst();
  if (!r) return null;
  return {
    id: Number(r.id),
    name: r.name,
    kind: r.kind,
    organization_id: r.organization_id === null ? null : Number(r.organization_id),
    organization: r.organization ?? null,
    members: await memberCount(db, groupId),
  };
}

/** The group's members by username, at most GROUP_MEMBERS_MAX (truncated says there are more). */
export async function groupMembers(db: Db, groupId: number): Promise<{ members: GroupMember[]; truncated: boolean }> {
  const rows = await db
    .selectFrom('group_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('organizations as o', 'o.id', 'u.organization_id')
    .select(['u.id', 'u.username', 'u.email', 'u.first_name', 'u.last_name', 'o.name as organization'])
    .where('m.group_id', '=', groupId)
    .orderBy(sql`lower(u.username)`)
    .orderBy('u.id')
    .limit(GROUP_MEMBERS_MAX + 1)
    .execute();
  return {
    members: rows.slice(0, GROUP_MEMBERS_MAX).map((r) => ({
      id: Number(r.id),
      username: r.username,
      email: r.email,
      name: `${r.first_name} ${r.last_name}`.trim(),
      organization: r.organization ?? null,
    })),
    truncated: rows.length > GROUP_MEMBERS_MAX,
  };
}
