// An organization's people a page at a time (decision 104): a group's live members, or its live
// users in no group, by name (first name, last name, id) from a keyset cursor, optionally only
// those whose name, email or username holds the filter's words. fetch_group/ carries each list's
// first page with its count and the cursor of the next; fetch_group_members/ the pages after it.
// The cursor names the list and the filter it was made for: used for another, it is refused (400).
import { sql, type Kysely, type SelectQueryBuilder, type SqlBool, type Transaction } from 'kysely';
import { GROUP_MEMBERS_PAGE, NO_GROUP, type GroupMember } from '../../src/domain/groups';
import { engineOf } from '../db/connect';
import { boundedPage, isCursorText, readCursor, refuseOtherSearch, writeCursor } from '../db/keyset';
import type { Database } from '../db/schema';
import { containsPattern, foldedAsLower, likeWith } from '../db/like';

type Db = Kysely<Database> | Transaction<Database>;

/** Which list: a group's members (by id) or the users in none of the organization's groups. */
export type MemberListKey = number | typeof NO_GROUP;

export interface MemberPage {
  members: GroupMember[];
  /** The list's live people matching the filter, every page together. */
  count: number;
  next: string | null;
}

/** Where the next page starts: after this person in name order. */
interface Position {
  first: string;
  last: string;
  id: number;
}

/** The filter as the database compares it: SQLite's lower() folds A–Z only, PostgreSQL's more. */
function needleOf(db: Db, q: string): string {
  const text = q.trim();
  return foldedAsLower(engineOf(db), text);
}

export function encodeMembersCursor(list: MemberListKey, q: string, at: Position): string {
  return writeCursor([at.first, at.last, at.id, String(list), q]);
}

/** The position of a cursor made for this list and filter; BadCursor otherwise. */
export function decodeMembersCursor(cursor: string, list: MemberListKey, q: string): Position {
  const [first, last, id, madeFor, filter] = readCursor(
    cursor,
    5,
    ([first, last, id, madeFor, filter]) =>
      isCursorText(first, 1_000) &&
      isCursorText(last, 1_000) &&
      Number.isSafeInteger(id) &&
      typeof madeFor === 'string' &&
      typeof filter === 'string',
  );
  refuseOtherSearch(madeFor === String(list), 'another list');
  refuseOtherSearch(filter === q, 'another filter');
  return { first: first as string, last: last as string, id: id as number };
}

/** A column SQLite's planner is kept from choosing an index for (`+column`); PostgreSQL chooses by its statistics. */
const unindexedOnSqlite = (db: Db, column: string) =>
  sql.raw<number>(engineOf(db) === 'sqlite' ? `+${column}` : column);

/** The filter's condition on users: name, email or username holding its words; null keeps everyone. */
function filterCondition(db: Db, q: string) {
  const needle = needleOf(db, q);
  if (needle === '') return null;
  const pattern = containsPattern(needle);
  return sql<SqlBool>`(${likeWith(sql`lower(trim(users.first_name || ' ' || users.last_name))`, pattern)} or ${likeWith(sql`lower(users.email)`, pattern)} or ${likeWith(sql`lower(users.username)`, pattern)})`;
}

/**
 * The organization's live users of one list, with the filter; no order, no page yet. A group's
 * members are read from its memberships (the primary key's range), the users in no group from the
 * organization's users.
 */
function listQuery(db: Db, organizationId: number, list: MemberListKey, q: string) {
  let query =
    list === NO_GROUP
      ? db.selectFrom('users').where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('group_members')
                .innerJoin('user_groups', 'user_groups.id', 'group_members.group_id')
                .select(sql.lit(1).as('one'))
                .whereRef('group_members.user_id', '=', 'users.id')
                // On SQLite `+` keeps the planner on the user's memberships (group_members_user_idx)
                // rather than every group of the organization for each user.
                .where(unindexedOnSqlite(db, 'user_groups.organization_id'), '=', organizationId),
            ),
          ),
        )
      : // Only the users columns are read: typed as a read of users.
        (db
          .selectFrom('group_members')
          .innerJoin('users', 'users.id', 'group_members.user_id')
          .where('group_members.group_id', '=', list) as unknown as SelectQueryBuilder<Database, 'users', object>);
  query = query.where('users.organization_id', '=', organizationId).where('users.deleted', '=', 0);
  const matching = filterCondition(db, q);
  if (matching) query = query.where(matching);
  return query;
}

const toMember = (u: { id: number; username: string; email: string; first_name: string; last_name: string }) => ({
  id: Number(u.id),
  username: u.username,
  email: u.email,
  name: `${u.first_name} ${u.last_name}`.trim(),
});

/**
 * One page of a list: GROUP_MEMBERS_PAGE people after the cursor's ('' the first page), the
 * list's count and the next page's cursor. A cursor of another list or filter throws BadCursor.
 */
export async function memberPage(
  db: Db,
  organizationId: number,
  list: MemberListKey,
  q: string,
  cursor: string,
): Promise<MemberPage> {
  const filter = q.trim();
  const after = cursor === '' ? null : decodeMembersCursor(cursor, list, filter);
  let rows = listQuery(db, organizationId, list, filter).select([
    'users.id',
    'users.username',
    'users.email',
    'users.first_name',
    'users.last_name',
  ]);
  if (after)
    rows = rows.where(
      sql<SqlBool>`(users.first_name, users.last_name, users.id) > (${after.first}, ${after.last}, ${after.id})`,
    );
  const [read, counted] = await Promise.all([
    rows
      .orderBy('users.first_name')
      .orderBy('users.last_name')
      .orderBy('users.id')
      .limit(GROUP_MEMBERS_PAGE + 1)
      .execute(),
    listQuery(db, organizationId, list, filter)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const { page, more } = boundedPage(read, GROUP_MEMBERS_PAGE);
  const last = page.at(-1);
  return {
    members: page.map(toMember),
    count: Number(counted.n),
    next:
      more && last
        ? encodeMembersCursor(list, filter, { first: last.first_name, last: last.last_name, id: Number(last.id) })
        : null,
  };
}

/** Whether the group is one of the organization's. */
export async function groupOfOrganization(db: Db, groupId: number, organizationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_groups')
    .select('id')
    .where('id', '=', groupId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The live members of one of the organization's groups (`gm.group_id` = `groupId`, a column of
 * the query around it), with the filter: the group's primary-key range, each member by id.
 */
function groupMembers(db: Db, organizationId: number, groupId: string, matching: ReturnType<typeof filterCondition>) {
  let query = db
    .selectFrom('group_members as gm')
    .crossJoin('users')
    .whereRef('gm.group_id', '=', sql.ref(groupId))
    .whereRef('users.id', '=', 'gm.user_id')
    .where('users.organization_id', '=', organizationId)
    .where('users.deleted', '=', 0);
  if (matching) query = query.where(matching);
  return query;
}

/**
 * The first page of every one of the organization's groups, in two reads whatever their number:
 * each group's first GROUP_MEMBERS_PAGE + 1 live members by name, and each group's count. Each
 * group's page is its own top-N read (PostgreSQL: a LATERAL join; SQLite, which has none: the
 * members' ids as a list per group); a window numbering every membership of the organization
 * sorted and numbered them all, about twice the time (decision 104, later section).
 */
export async function firstPages(db: Db, organizationId: number, q: string): Promise<Map<number, MemberPage>> {
  const filter = q.trim();
  const matching = filterCondition(db, filter);
  const firstOfEach = () =>
    groupMembers(db, organizationId, 'g.id', matching)
      .select('users.id')
      .orderBy('users.first_name')
      .orderBy('users.last_name')
      .orderBy('users.id')
      .limit(GROUP_MEMBERS_PAGE + 1);
  const groups = db.selectFrom('user_groups as g').where('g.organization_id', '=', organizationId);
  const pagesRead =
    engineOf(db) === 'postgres'
      ? groups.innerJoinLateral(firstOfEach().as('m'), (join) => join.onTrue()).innerJoin('users as u', 'u.id', 'm.id')
      : groups.crossJoin('users as u').where('u.id', 'in', firstOfEach());
  const [rows, counts] = await Promise.all([
    pagesRead
      .select(['g.id as group_id', 'u.id', 'u.username', 'u.email', 'u.first_name', 'u.last_name'])
      .orderBy('g.id')
      .orderBy('u.first_name')
      .orderBy('u.last_name')
      .orderBy('u.id')
      .execute(),
    groups
      .select([
        'g.id as group_id',
        (eb) =>
          groupMembers(db, organizationId, 'g.id', matching).select(eb.fn.countAll<number | string>().as('n')).as('n'),
      ])
      .execute(),
  ]);
  const read = new Map<number, (typeof rows)[number][]>();
  for (const r of rows) {
    const list = read.get(Number(r.group_id));
    if (list) list.push(r);
    else read.set(Number(r.group_id), [r]);
  }
  const out = new Map<number, MemberPage>();
  for (const c of counts) {
    const groupId = Number(c.group_id);
    const { page, more } = boundedPage(read.get(groupId) ?? [], GROUP_MEMBERS_PAGE);
    const last = page.at(-1);
    out.set(groupId, {
      members: page.map(toMember),
      count: Number(c.n ?? 0),
      next:
        more && last
          ? encodeMembersCursor(groupId, filter, { first: last.first_name, last: last.last_name, id: Number(last.id) })
          : null,
    });
  }
  return out;
}
