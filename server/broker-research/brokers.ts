// The user groups of a broker (Brokers tab, decision 059): named sets of live users at one broker.
// Names are unique per broker whatever their case (the unique index on (broker_id, lower(name))
// decides a race); a rename or a delete names the group's version (a change in between is told who
// made it); members are added by email or username, live users only, all or none. Each change is
// one transaction with its 'broker research' audit row.
import { sql, type Kysely, type Transaction } from 'kysely';
import { BR_AUDIT_CATEGORY } from '../../src/domain/broker-research';
import { USER_GROUP_MESSAGES as M, type GroupMember, type UserGroup } from '../../src/domain/broker-research-brokers';
import { auditRecordChange, type ChangeTrail } from '../audit';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { deleteAtVersion, updateAtVersion } from '../db/versioned-row';

type Db = Kysely<Database> | Transaction<Database>;

function groupQuery(db: Db) {
  return db.selectFrom('broker_user_groups as g').select([
    'g.id',
    'g.broker_id',
    'g.name',
    'g.description',
    'g.version',
    'g.updated_by',
    'g.updated_at',
    (e) =>
      e
        .selectFrom('broker_user_group_members as m')
        .whereRef('m.group_id', '=', 'g.id')
        .select((x) => x.fn.countAll<number>().as('n'))
        .as('member_count'),
  ]);
}
type GroupRow = Awaited<ReturnType<ReturnType<typeof groupQuery>['execute']>>[number];
const groupOf = (r: GroupRow): UserGroup => ({
  id: Number(r.id),
  broker_id: Number(r.broker_id),
  name: r.name,
  description: r.description,
  member_count: Number(r.member_count ?? 0),
  version: Number(r.version),
  updated_by: r.updated_by,
  updated_at: Number(r.updated_at),
});

export async function brokerNamed(db: Db, brokerId: number): Promise<{ id: number; name: string } | null> {
  const row = await db.selectFrom('brokers').select(['id', 'name']).where('id', '=', brokerId).executeTakeFirst();
  return row ? { id: Number(row.id), name: row.name } : null;
}

/** The user groups of a broker by name, each with its member count. */
export async function groupsOfBroker(db: Db, brokerId: number): Promise<UserGroup[]> {
  const rows = await groupQuery(db)
    .where('g.broker_id', '=', brokerId)
    .orderBy(sql`lower(g.name)`)
    .orderBy('g.id')
    .execute();
  return rows.map(groupOf);
}

export async function readGroup(db: Db, groupId: number): Promise<UserGroup | null> {
  const row = await groupQuery(db).where('g.id', '=', groupId).executeTakeFirst();
  return row ? groupOf(row) : null;
}

/** A group's members by username. */
export async function membersOf(db: Db, groupId: number): Promise<GroupMember[]> {
  const rows = await db
    .selectFrom('broker_user_group_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.username', 'u.email', 'u.first_name', 'u.last_name'])
    .where('m.group_id', '=', groupId)
    .orderBy('u.username')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    username: r.username,
    email: r.email,
    name: `${r.first_name} ${r.last_name}`.trim(),
  }));
}

export type GroupResult =
  | { ok: true; group: UserGroup | null; groups: UserGroup[]; msg: string }
  | { ok: false; reason: 'missing'; field: string; msg: string }
  | { ok: false; reason: 'refused'; field: string; msg: string }
  | { ok: false; reason: 'stale'; groups: UserGroup[]; msg: string };

const sameName = (db: Db, brokerId: number, name: string, except?: number) => {
  let q = db
    .selectFrom('broker_user_groups')
    .select('id')
    .where('broker_id', '=', brokerId)
    .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`);
  if (except !== undefined) q = q.where('id', '!=', except);
  return q.executeTakeFirst();
};

/** A group change's audit entries: 'broker research', read back in the broker's history. */
const trailOf = (author: string, now: number): ChangeTrail => ({
  category: BR_AUDIT_CATEGORY,
  kind: 'broker',
  author,
  at: now,
});

/** Runs `work` in one transaction on the group `groupId` names, or answers that there is none. */
function onGroup(
  db: Kysely<Database>,
  groupId: number,
  work: (trx: Transaction<Database>, group: UserGroup) => Promise<GroupResult>,
): Promise<GroupResult> {
  return db.transaction().execute(async (trx): Promise<GroupResult> => {
    const group = await readGroup(trx, groupId);
    if (!group) return { ok: false, reason: 'missing', field: 'group', msg: M.noGroup };
    return work(trx, group);
  });
}

/** A change that went through: the group as it is now and its broker's groups. */
async function changed(trx: Db, group: UserGroup, msg: string): Promise<GroupResult> {
  return {
    ok: true,
    group: await readGroup(trx, group.id),
    groups: await groupsOfBroker(trx, group.broker_id),
    msg,
  };
}

/** A unique-index violation on either engine: another create of the same name won the race. */
export async function createGroup(
  db: Kysely<Database>,
  input: { broker: number; name: string; description: string },
  author: string,
  now: number,
): Promise<GroupResult> {
  try {
    return await db.transaction().execute(async (trx): Promise<GroupResult> => {
      if (!(await brokerNamed(trx, input.broker)))
        return { ok: false, reason: 'missing', field: 'broker', msg: 'No broker has this id.' };
      if (await sameName(trx, input.broker, input.name))
        return { ok: false, reason: 'refused', field: 'name', msg: M.nameTaken };
      const row = await trx
        .insertInto('broker_user_groups')
        .values({
          broker_id: input.broker,
          name: input.name,
          description: input.description,
          created_by: author,
          updated_by: author,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const group = (await readGroup(trx, Number(row.id)))!;
      await auditRecordChange(
        trx,
        trailOf(author, now),
        input.broker,
        `user group ${input.name} created at broker ${input.broker}`,
        {
          current: { group: group.id, broker: input.broker, name: input.name, description: input.description },
        },
      );
      return { ok: true, group, groups: await groupsOfBroker(trx, input.broker), msg: M.created };
    });
  } catch (e) {
    if (isUniqueViolation(e)) return { ok: false, reason: 'refused', field: 'name', msg: M.nameTaken };
    throw e;
  }
}

/** The group changed or went since its version was read: said with who changed it (read again: theirs may have committed after our read). */
async function staleOf(trx: Db, brokerId: number, groupId: number): Promise<GroupResult> {
  const current = await readGroup(trx, groupId);
  return {
    ok: false,
    reason: 'stale',
    groups: await groupsOfBroker(trx, brokerId),
    msg: current
      ? `${current.updated_by} changed the user group ${current.name} after you opened it; nothing of yours was saved.`
      : M.noGroup,
  };
}

export async function updateGroup(
  db: Kysely<Database>,
  input: { group: number; version: number; name: string; description: string },
  author: string,
  now: number,
): Promise<GroupResult> {
  try {
    return await onGroup(db, input.group, async (trx, before) => {
      if (await sameName(trx, before.broker_id, input.name, before.id))
        return { ok: false, reason: 'refused', field: 'name', msg: M.nameTaken };
      const done = await updateAtVersion(
        trx,
        'broker_user_groups',
        { id: input.group, version: input.version },
        { name: input.name, description: input.description, updated_by: author, updated_at: now },
      );
      if (!done) return staleOf(trx, before.broker_id, before.id);
      await auditRecordChange(
        trx,
        trailOf(author, now),
        before.broker_id,
        `user group ${before.name} of broker ${before.broker_id} changed`,
        {
          previous: { group: before.id, name: before.name, description: before.description, version: before.version },
          current: { group: before.id, name: input.name, description: input.description, version: input.version + 1 },
        },
      );
      return changed(trx, before, M.saved);
    });
  } catch (e) {
    if (isUniqueViolation(e)) return { ok: false, reason: 'refused', field: 'name', msg: M.nameTaken };
    throw e;
  }
}

export function deleteGroup(
  db: Kysely<Database>,
  input: { group: number; version: number },
  author: string,
  now: number,
): Promise<GroupResult> {
  return onGroup(db, input.group, async (trx, before) => {
    const members = await membersOf(trx, before.id);
    // The members go with the group (their rows first: SQLite's foreign keys may be off).
    const done = await deleteAtVersion(trx, 'broker_user_groups', { id: input.group, version: input.version });
    if (!done) return staleOf(trx, before.broker_id, before.id);
    await trx.deleteFrom('broker_user_group_members').where('group_id', '=', input.group).execute();
    await auditRecordChange(
      trx,
      trailOf(author, now),
      before.broker_id,
      `user group ${before.name} of broker ${before.broker_id} deleted with ${members.length} members`,
      {
        previous: {
          group: before.id,
          name: before.name,
          description: before.description,
          members: members.map((m) => m.username),
        },
      },
    );
    return { ok: true, group: null, groups: await groupsOfBroker(trx, before.broker_id), msg: M.deleted };
  });
}

/** Adds the live users with these emails or usernames; any unknown one refuses the whole list, naming them. */
export function addMembers(
  db: Kysely<Database>,
  input: { group: number; users: readonly string[] },
  author: string,
  now: number,
): Promise<GroupResult> {
  return onGroup(db, input.group, async (trx, group) => {
    const found = await trx
      .selectFrom('users')
      .select(['id', 'username', 'email'])
      .where('deleted', '=', 0)
      .where((w) =>
        w.or([w(sql`lower(email)`, 'in', [...input.users]), w(sql`lower(username)`, 'in', [...input.users])]),
      )
      .execute();
    const known = new Set(found.flatMap((u) => [u.email.toLowerCase(), u.username.toLowerCase()]));
    const unknown = input.users.filter((x) => !known.has(x));
    if (unknown.length) return { ok: false, reason: 'refused', field: 'users', msg: M.noUsers(unknown) };
    const ids = [...new Set(found.map((u) => Number(u.id)))];
    const present = new Set(
      (
        await trx
          .selectFrom('broker_user_group_members')
          .select('user_id')
          .where('group_id', '=', group.id)
          .where('user_id', 'in', ids)
          .execute()
      ).map((r) => Number(r.user_id)),
    );
    const adding = found.filter((u, i) => !present.has(Number(u.id)) && found.findIndex((x) => x.id === u.id) === i);
    if (adding.length) {
      await trx
        .insertInto('broker_user_group_members')
        .values(adding.map((u) => ({ group_id: group.id, user_id: Number(u.id) })))
        .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
        .execute();
      await auditRecordChange(
        trx,
        trailOf(author, now),
        group.broker_id,
        `${adding.length} members added to user group ${group.name} of broker ${group.broker_id}`,
        { current: { group: group.id, added: adding.map((u) => u.username) } },
      );
    }
    return changed(trx, group, M.membersAdded(adding.length));
  });
}

export function removeMember(
  db: Kysely<Database>,
  input: { group: number; user: number },
  author: string,
  now: number,
): Promise<GroupResult> {
  return onGroup(db, input.group, async (trx, group) => {
    const gone = await trx
      .deleteFrom('broker_user_group_members')
      .where('group_id', '=', group.id)
      .where('user_id', '=', input.user)
      .returning('user_id')
      .executeTakeFirst();
    if (!gone) return { ok: false, reason: 'refused', field: 'user', msg: 'This user is not a member of the group.' };
    const user = await trx.selectFrom('users').select('username').where('id', '=', input.user).executeTakeFirst();
    await auditRecordChange(
      trx,
      trailOf(author, now),
      group.broker_id,
      `${user?.username ?? `user ${input.user}`} removed from user group ${group.name} of broker ${group.broker_id}`,
      { previous: { group: group.id, member: user?.username ?? input.user } },
    );
    return changed(trx, group, M.memberRemoved);
  });
}
