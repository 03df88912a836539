// Groups in the database (decision 048). fetch_group/ reads an organization's groups with the
// first page of each one's live members and of the organization's live users in no group
// (members.ts, decision 104).
// Every change of a group runs in one transaction with its audit row (category 'group', previous
// and current): it first raises the group's version with a conditional UPDATE naming the version
// the change started from, so of two changes started from one version the first wins and the
// second finds no row (PostgreSQL waits on the row lock and re-reads; SQLite's one writer thread
// runs them one after the other) and is told, with the group as it is now. A refusal found after
// that UPDATE (a user not added: no such id, deleted, of another organization) throws Refusal and rolls everything back.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  ADD_MEMBER_CAUSE_WORDS,
  ADD_MEMBER_CAUSES,
  GROUP_KINDS,
  GROUP_MESSAGES,
  type AddMemberCause,
  type AddMemberRefused,
  type ComplianceSwitch,
  type Group,
  type GroupFeature,
  type GroupFlags,
  type GroupKind,
  type GroupMember,
  type UserGroup,
  NO_GROUP,
} from '../../src/domain/groups';
import { firstPages, memberPage } from './members';
import { writeAudit } from '../audit';
import { auditMemberships } from './membership-audit';
import type { Database, UserGroupsTable } from '../db/schema';
import { oneOf } from '../db/value-lists';
import { isUniqueViolation } from '../db/unique-violation';
import { deleteAtVersion } from '../db/versioned-row';

type Db = Kysely<Database> | Transaction<Database>;
type Row = Selectable<UserGroupsTable>;

const kindOf = (kind: string): GroupKind =>
  (GROUP_KINDS as readonly string[]).includes(kind) ? (kind as GroupKind) : 'general';

const flagsOf = (row: Row): GroupFlags => ({
  autoshare: Number(row.autoshare) === 1,
  thesis: Number(row.thesis) === 1,
  collab: Number(row.collab) === 1,
  sec_master: Number(row.sec_master) === 1,
  restrict_export: Number(row.restrict_export) === 1,
  restrict_upload: Number(row.restrict_upload) === 1,
  restrict_annot: Number(row.restrict_annot) === 1,
});

const toGroup = (row: Row, members: GroupMember[]): Group => ({
  id: Number(row.id),
  name: row.name,
  kind: kindOf(row.kind),
  organization_id: Number(row.organization_id),
  flags: flagsOf(row),
  members,
  version: Number(row.version),
});

const personName = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`.trim();

const memberColumns = ['users.id', 'users.username', 'users.email', 'users.first_name', 'users.last_name'] as const;
const toMember = (u: {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
}): GroupMember => ({ id: Number(u.id), username: u.username, email: u.email, name: personName(u) });

/** Live members of these groups, by name, keyed by group. */
async function membersOf(db: Db, groupIds: readonly number[]): Promise<Map<number, GroupMember[]>> {
  const out = new Map<number, GroupMember[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return out;
  const rows = await db
    .selectFrom('group_members')
    .innerJoin('users', 'users.id', 'group_members.user_id')
    .select(['group_members.group_id', ...memberColumns])
    .where(oneOf(db, sql.ref('group_members.group_id'), groupIds, 'bigint'))
    .where('users.deleted', '=', 0)
    .orderBy('users.first_name')
    .orderBy('users.last_name')
    .orderBy('users.id')
    .execute();
  for (const r of rows) out.get(Number(r.group_id))?.push(toMember(r));
  return out;
}

export async function organizationExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('organizations').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export interface OrganizationGroups {
  groupItems: Group[];
  nonGroupUsers: GroupMember[];
  nonGroupUsersCount: number;
  nonGroupUsersNext: string | null;
}

/**
 * An organization's groups by name, each with the first page of its live members (matching the
 * filter), their count and the next page's cursor; the same of its live users in no group
 * (decision 104: the reply is bounded by the number of groups, not of users).
 */
export async function organizationGroups(db: Db, organizationId: number, q = ''): Promise<OrganizationGroups> {
  const rows = await db
    .selectFrom('user_groups')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  const [pages, none] = await Promise.all([
    firstPages(db, organizationId, q),
    memberPage(db, organizationId, NO_GROUP, q, ''),
  ]);
  const empty = { members: [], count: 0, next: null };
  return {
    groupItems: rows.map((r) => {
      const first = pages.get(Number(r.id)) ?? empty;
      return { ...toGroup(r, first.members), members_count: first.count, members_next: first.next };
    }),
    nonGroupUsers: none.members,
    nonGroupUsersCount: none.count,
    nonGroupUsersNext: none.next,
  };
}

export async function findGroup(db: Db, id: number): Promise<Group | null> {
  const row = await db.selectFrom('user_groups').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  return toGroup(row, (await membersOf(db, [id])).get(id) ?? []);
}

/** The groups a user is a member of, by name. */
export async function groupsOfUser(db: Db, userId: number): Promise<UserGroup[]> {
  const rows = await db
    .selectFrom('group_members')
    .innerJoin('user_groups', 'user_groups.id', 'group_members.group_id')
    .selectAll('user_groups')
    .where('group_members.user_id', '=', userId)
    .orderBy(sql`lower(user_groups.name)`)
    .orderBy('user_groups.id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name, kind: kindOf(r.kind), flags: flagsOf(r) }));
}

/** What the audit keeps of a group. */
const audited = (g: Group) => ({
  id: g.id,
  name: g.name,
  kind: g.kind,
  organization_id: g.organization_id,
  flags: g.flags,
  members: g.members.map((m) => m.id),
  version: g.version,
});

async function nameInUse(db: Db, organizationId: number, name: string, except: number | null): Promise<boolean> {
  let q = db
    .selectFrom('user_groups')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (except !== null) q = q.where('id', '<>', except);
  return (await q.executeTakeFirst()) !== undefined;
}

/** A change refused after it began: the transaction rolls back and the route answers 400 on `field`. */
export class Refusal extends Error {
  constructor(
    readonly field: string,
    message: string,
    /** Keys the refusal's reply carries beside its message (an add's `refused`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** An add's refusal in words: each cause once, with the users it holds (at most 20 named). */
function notAddedMessage(refused: readonly AddMemberRefused[]): string {
  const parts = ADD_MEMBER_CAUSES.flatMap((cause) => {
    const ids = refused.filter((r) => r.cause === cause).map((r) => r.user_id);
    if (ids.length === 0) return [];
    const named = `${ids.slice(0, 20).join(', ')}${ids.length > 20 ? ', …' : ''}`;
    return [`${ids.length === 1 ? 'User' : 'Users'} ${named}: ${ADD_MEMBER_CAUSE_WORDS[cause]}.`];
  });
  return [GROUP_MESSAGES.notAdded, ...parts].join(' ');
}

export type ChangeResult =
  | { ok: true; group: Group }
  | { ok: false; reason: 'refused'; field: string; msg: string; extra?: Record<string, unknown> }
  | { ok: false; reason: 'stale'; current: Group | null };

export interface Actor {
  author: string;
  now: number;
}

export async function createGroup(
  db: Kysely<Database>,
  input: { organizationId: number; name: string; kind: GroupKind },
  actor: Actor,
): Promise<ChangeResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      if (await nameInUse(trx, input.organizationId, input.name, null))
        return {
          ok: false as const,
          reason: 'refused' as const,
          field: 'name',
          msg: GROUP_MESSAGES.nameTaken(input.name),
        };
      const kindFlag = input.kind === 'general' ? {} : { [input.kind]: 1 as const };
      const row = await trx
        .insertInto('user_groups')
        .values({
          name: input.name,
          kind: input.kind,
          organization_id: input.organizationId,
          created_at: actor.now,
          updated_at: actor.now,
          updated_by: actor.author,
          version: 1,
          ...kindFlag,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const group = toGroup(row, []);
      await writeAudit(trx, {
        category: 'group',
        author: actor.author,
        action: `group created: ${group.name} (#${group.id})`,
        at: actor.now,
        current: audited(group),
        success: true,
        record: { kind: 'group', id: group.id },
      });
      return { ok: true as const, group };
    });
  } catch (err) {
    if (isUniqueViolation(err))
      return { ok: false, reason: 'refused', field: 'name', msg: GROUP_MESSAGES.nameTaken(input.name) };
    throw err;
  }
}

type GroupPatch = { name?: string } & Partial<Record<GroupFeature | ComplianceSwitch, 0 | 1>>;

interface Change {
  groupId: number;
  version: number;
  /** The audit's action, before ': name (#id)'. */
  action: string;
  patch?: GroupPatch;
  /** Member changes, after the version is raised; may throw Refusal. */
  members?: (trx: Transaction<Database>, before: Group) => Promise<void>;
}

/** One change of an existing group from the version it started from; see the file's comment. */
async function changeGroup(db: Kysely<Database>, change: Change, actor: Actor): Promise<ChangeResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await findGroup(trx, change.groupId);
      if (!before || before.version !== change.version)
        return { ok: false as const, reason: 'stale' as const, current: before };
      const raised = await trx
        .updateTable('user_groups')
        .set({ ...change.patch, version: change.version + 1, updated_at: actor.now, updated_by: actor.author })
        .where('id', '=', change.groupId)
        .where('version', '=', change.version)
        .returning('id')
        .executeTakeFirst();
      if (!raised)
        return { ok: false as const, reason: 'stale' as const, current: await findGroup(trx, change.groupId) };
      if (change.members) await change.members(trx, before);
      const after = (await findGroup(trx, change.groupId))!;
      await writeAudit(trx, {
        category: 'group',
        author: actor.author,
        action: `${change.action}: ${after.name} (#${after.id})`,
        at: actor.now,
        previous: audited(before),
        current: audited(after),
        success: true,
        record: { kind: 'group', id: after.id },
      });
      // Each member added or removed has it on their own History too.
      const had = new Set(before.members.map((m) => m.id));
      const has = new Set(after.members.map((m) => m.id));
      const who = { author: actor.author, now: actor.now };
      await auditMemberships(
        trx,
        after,
        [...has].filter((id) => !had.has(id)),
        'added',
        who,
      );
      await auditMemberships(
        trx,
        after,
        [...had].filter((id) => !has.has(id)),
        'removed',
        who,
      );
      return { ok: true as const, group: after };
    });
  } catch (err) {
    if (err instanceof Refusal)
      return { ok: false, reason: 'refused', field: err.field, msg: err.message, extra: err.extra };
    if (isUniqueViolation(err))
      return { ok: false, reason: 'refused', field: 'name', msg: GROUP_MESSAGES.nameTaken(change.patch?.name ?? '') };
    throw err;
  }
}

export async function renameGroup(
  db: Kysely<Database>,
  input: { groupId: number; version: number; name: string },
  actor: Actor,
): Promise<ChangeResult> {
  const group = await findGroup(db, input.groupId);
  if (group && group.version === input.version && (await nameInUse(db, group.organization_id, input.name, group.id))) {
    return { ok: false, reason: 'refused', field: 'name', msg: GROUP_MESSAGES.nameTaken(input.name) };
  }
  return changeGroup(
    db,
    { groupId: input.groupId, version: input.version, action: 'group renamed', patch: { name: input.name } },
    actor,
  );
}

export async function setGroupSwitch(
  db: Kysely<Database>,
  input: { groupId: number; version: number; key: GroupFeature | ComplianceSwitch; value: boolean },
  actor: Actor,
): Promise<ChangeResult> {
  return changeGroup(
    db,
    {
      groupId: input.groupId,
      version: input.version,
      action: `group ${input.key} ${input.value ? 'on' : 'off'}`,
      patch: { [input.key]: input.value ? 1 : 0 },
    },
    actor,
  );
}

export async function addMembers(
  db: Kysely<Database>,
  input: { groupId: number; version: number; userIds: readonly number[] },
  actor: Actor,
): Promise<ChangeResult> {
  const ids = [...new Set(input.userIds)];
  return changeGroup(
    db,
    {
      groupId: input.groupId,
      version: input.version,
      action: `group members added (${ids.length})`,
      async members(trx, before) {
        // Each user not taken is named with its cause (no such id, deleted, another organization).
        const found = await trx
          .selectFrom('users')
          .select(['id', 'organization_id', 'deleted'])
          .where(oneOf(trx, sql.ref('id'), ids, 'bigint'))
          .execute();
        const byId = new Map(found.map((r) => [Number(r.id), r]));
        const refused: AddMemberRefused[] = [];
        for (const id of ids) {
          const row = byId.get(id);
          const cause: AddMemberCause | null = !row
            ? 'no_user'
            : row.deleted !== 0
              ? 'deleted'
              : Number(row.organization_id) !== before.organization_id
                ? 'other_organization'
                : null;
          if (cause) refused.push({ user_id: id, cause });
        }
        if (refused.length > 0) throw new Refusal('user_ids', notAddedMessage(refused), { refused });
        for (let i = 0; i < ids.length; i += 1000) {
          await trx
            .insertInto('group_members')
            .values(ids.slice(i, i + 1000).map((user_id) => ({ group_id: input.groupId, user_id })))
            .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
            .execute();
        }
      },
    },
    actor,
  );
}

export async function removeMember(
  db: Kysely<Database>,
  input: { groupId: number; version: number; user: { id: number } | { username: string } },
  actor: Actor,
): Promise<ChangeResult> {
  const field = 'id' in input.user ? 'user_id' : 'username';
  return changeGroup(
    db,
    {
      groupId: input.groupId,
      version: input.version,
      action: 'group member removed',
      async members(trx, before) {
        let userId: number;
        if ('id' in input.user) {
          userId = input.user.id;
        } else {
          const user = await trx
            .selectFrom('users')
            .select('id')
            .where('username', '=', input.user.username)
            .where('organization_id', '=', before.organization_id)
            .where('deleted', '=', 0)
            .executeTakeFirst();
          if (!user) throw new Refusal(field, GROUP_MESSAGES.noUser);
          userId = Number(user.id);
        }
        const gone = await trx
          .deleteFrom('group_members')
          .where('group_id', '=', input.groupId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (Number(gone.numDeletedRows) !== 1) throw new Refusal(field, GROUP_MESSAGES.notMember);
      },
    },
    actor,
  );
}

export type DeleteResult = { ok: true; group: Group } | { ok: false; current: Group | null };

export async function deleteGroup(
  db: Kysely<Database>,
  input: { groupId: number; version: number },
  actor: Actor,
): Promise<DeleteResult> {
  return db.transaction().execute(async (trx) => {
    const before = await findGroup(trx, input.groupId);
    if (!before || before.version !== input.version) return { ok: false as const, current: before };
    // The version decides, as in changeGroup; members after, should foreign keys not cascade.
    const gone = await deleteAtVersion(trx, 'user_groups', { id: input.groupId, version: input.version });
    if (!gone) return { ok: false as const, current: await findGroup(trx, input.groupId) };
    await trx.deleteFrom('group_members').where('group_id', '=', input.groupId).execute();
    await writeAudit(trx, {
      category: 'group',
      author: actor.author,
      action: `group deleted: ${before.name} (#${before.id})`,
      at: actor.now,
      previous: audited(before),
      success: true,
      record: { kind: 'group', id: before.id },
    });
    await auditMemberships(
      trx,
      before,
      before.members.map((m) => m.id),
      'removed',
      { author: actor.author, now: actor.now },
    );
    return { ok: true as const, group: before };
  });
}
