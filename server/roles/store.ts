// Roles in the database (decision 050): listed with their holders, created, changed and deleted,
// given to and taken from staff, each change one transaction with its audit row (category 'role',
// previous and current). A change names the version it started from and applies only if that is
// still the one stored (one conditional UPDATE), so of two concurrent edits one wins and the other
// is told. Changes run one at a time (PostgreSQL: a transaction-scoped advisory lock; SQLite has
// one writer), and each ends with the guard of ./guard.ts, which rolls it back when refused.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { ROLE_FEATURE_KEYS } from '../../src/domain/feature-meanings';
import type { Role, RoleHolder } from '../../src/domain/roles';
import { auditRecordChange, writeAudit, type ChangeTrail } from '../audit';
import { engineOf } from '../db/connect';
import { STAFF_USER_TYPE, type Database, type RolesTable } from '../db/schema';
import { parseJsonList } from '../staff';
import { grantChangeRefusal, type GrantAuthor, type GrantRefusal } from './grant-rule';
import { checkRoleGuards, GuardRefusal, staffGrants, type GuardReason } from './guard';
import { isUniqueViolation } from '../db/unique-violation';
import { refusableTransaction } from '../db/refusable-transaction';
import { deleteAtVersion, updateAtVersion, type RowAtVersion } from '../db/versioned-row';

type Row = Selectable<RolesTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** The stored keys a role may hold, in the groups' order; keys no longer known are dropped. */
export function featuresOf(row: Pick<Row, 'features'>): string[] {
  const stored = new Set(parseJsonList(row.features));
  return ROLE_FEATURE_KEYS.filter((k) => stored.has(k));
}

const holderOf = (u: { id: number; username: string; first_name: string; last_name: string }): RoleHolder => ({
  id: Number(u.id),
  username: u.username,
  name: `${u.first_name} ${u.last_name}`.trim(),
});

function toRole(row: Row, holders: RoleHolder[]): Role {
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    features: featuresOf(row),
    holders,
    updated_at: Number(row.updated_at),
    version: Number(row.version),
  };
}

/** What the audit keeps of a role. */
const audited = (row: Row, holders?: RoleHolder[]) => ({
  id: Number(row.id),
  name: row.name,
  description: row.description,
  features: featuresOf(row),
  version: Number(row.version),
  ...(holders ? { holders: holders.map((h) => h.username) } : {}),
});

/** A role change's audit entries: category 'role', read back in the role's history. */
const trailOf = (actor: { username: string }, now: number): ChangeTrail => ({
  category: 'role',
  kind: 'role',
  author: actor.username,
  at: now,
});

/**
 * Who holds which role, read from user_roles (small) and then the holders by id: a join would let
 * SQLite's planner walk a million users by username to find a few dozen.
 */
async function roleLinks(
  db: Db,
  roleIds: number[] | null,
): Promise<{ links: { role_id: number; user_id: number }[]; users: Map<number, HolderRow> }> {
  if (roleIds?.length === 0) return { links: [], users: new Map() };
  let q = db.selectFrom('user_roles').select(['role_id', 'user_id']);
  if (roleIds) q = q.where('role_id', 'in', roleIds);
  const links = (await q.execute()).map((l) => ({ role_id: Number(l.role_id), user_id: Number(l.user_id) }));
  const ids = [...new Set(links.map((l) => l.user_id))];
  const users = new Map<number, HolderRow>();
  for (let i = 0; i < ids.length; i += 5_000) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'username', 'first_name', 'last_name', 'user_type', 'deleted'])
      .where('id', 'in', ids.slice(i, i + 5_000))
      .execute();
    for (const r of rows) users.set(Number(r.id), r);
  }
  return { links, users };
}

type HolderRow = {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  user_type: string;
  deleted: number;
};
const byUsername = (a: { username: string }, b: { username: string }) =>
  a.username < b.username ? -1 : a.username > b.username ? 1 : 0;

async function holdersByRole(db: Db, roleIds: number[] | null): Promise<Map<number, RoleHolder[]>> {
  const { links, users } = await roleLinks(db, roleIds);
  const map = new Map<number, HolderRow[]>();
  for (const l of links) {
    const user = users.get(l.user_id);
    if (user) map.set(l.role_id, [...(map.get(l.role_id) ?? []), user]);
  }
  return new Map([...map].map(([role, list]) => [role, list.sort(byUsername).map(holderOf)]));
}

export async function listRoles(db: Db): Promise<{ roles: Role[]; staff: RoleHolder[] }> {
  const [rows, holders] = await Promise.all([
    db
      .selectFrom('roles')
      .selectAll()
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute(),
    roleLinks(db, null),
  ]);
  const byRole = new Map<number, HolderRow[]>();
  for (const l of holders.links) {
    const user = holders.users.get(l.user_id);
    if (user) byRole.set(l.role_id, [...(byRole.get(l.role_id) ?? []), user]);
  }
  // The panel's staff: staff accounts holding a role. A platform counts its is_staff accounts in
  // thousands; one without any role gets its first on the user screen (staff_role_change).
  const staff = [...holders.users.values()]
    .filter((u) => u.user_type === STAFF_USER_TYPE && Number(u.deleted) === 0)
    .sort(byUsername);
  return {
    roles: rows.map((r) => toRole(r, (byRole.get(Number(r.id)) ?? []).sort(byUsername).map(holderOf))),
    staff: staff.map(holderOf),
  };
}

export async function roleById(db: Db, id: number): Promise<Role | null> {
  const row = await db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRole(row, (await holdersByRole(db, [id])).get(id) ?? []) : null;
}

export const nameTaken = (name: string) => `A role named '${name}' exists (names are the same whatever their case).`;

async function nameInUse(db: Db, name: string, except: number | null): Promise<boolean> {
  let q = db
    .selectFrom('roles')
    .select('id')
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (except !== null) q = q.where('id', '<>', except);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Who changes roles: the grant rule reads their keys (./grant-rule.ts). */
export interface Actor extends GrantAuthor {
  username: string;
}

export type ChangeResult =
  | { ok: true; role: Role | null; row: Row }
  | { ok: false; reason: 'name' }
  | { ok: false; reason: 'stale'; current: Role | null }
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'not_staff' }
  | { ok: false; reason: 'in_use'; holders: RoleHolder[] }
  | { ok: false; reason: 'guard'; guard: GuardReason; key: string }
  | { ok: false; reason: 'grant'; refusal: GrantRefusal };

/** The grant rule's refusal as a change result, or null when it allows the change. */
function ruled(actor: Actor, change: Parameters<typeof grantChangeRefusal>[1]): ChangeResult | null {
  const refusal = grantChangeRefusal(actor, change);
  return refusal ? { ok: false, reason: 'grant', refusal } : null;
}

/**
 * Runs one change: serialized with every other role change, the guard checked on what it leaves,
 * everything rolled back when the guard refuses or `work` answers a refusal.
 */
async function change(
  db: Kysely<Database>,
  actor: Actor,
  work: (trx: Transaction<Database>) => Promise<ChangeResult>,
): Promise<ChangeResult> {
  return refusableTransaction(
    db,
    async (trx) => {
      if (engineOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(20261125017)`.execute(trx);
      const before = await staffGrants(trx);
      const result = await work(trx);
      if (result.ok) checkRoleGuards(before, await staffGrants(trx), actor.id);
      return result;
    },
    (err): ChangeResult | undefined => {
      if (err instanceof GuardRefusal) return { ok: false, reason: 'guard', guard: err.reason, key: err.key };
      if (isUniqueViolation(err)) return { ok: false, reason: 'name' };
      return undefined;
    },
  );
}

/**
 * A change to the role `at` names, as `change` runs it, from the role as stored: refused when no
 * role has the id, or it was saved since `at.version` was read.
 */
function changeRole(
  db: Kysely<Database>,
  actor: Actor,
  at: RowAtVersion,
  work: (trx: Transaction<Database>, before: Row) => Promise<ChangeResult>,
): Promise<ChangeResult> {
  return change(db, actor, async (trx) => {
    const before = await trx.selectFrom('roles').selectAll().where('id', '=', at.id).executeTakeFirst();
    if (!before) return { ok: false, reason: 'missing' };
    if (Number(before.version) !== at.version)
      return { ok: false, reason: 'stale', current: await roleById(trx, at.id) };
    return work(trx, before);
  });
}

export interface RoleInput {
  name: string;
  description: string;
  features: string[];
}

export function createRole(db: Kysely<Database>, input: RoleInput, actor: Actor, now: number): Promise<ChangeResult> {
  return change(db, actor, async (trx) => {
    const refused = ruled(actor, { touched: input.features });
    if (refused) return refused;
    if (await nameInUse(trx, input.name, null)) return { ok: false, reason: 'name' };
    const row = await trx
      .insertInto('roles')
      .values({
        name: input.name,
        description: input.description,
        features: JSON.stringify(input.features),
        created_at: now,
        updated_at: now,
        version: 1,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditRecordChange(trx, trailOf(actor, now), row.id, `role created: ${row.name} (#${row.id})`, {
      current: audited(row),
    });
    return { ok: true, role: toRole(row, []), row };
  });
}

export function updateRole(
  db: Kysely<Database>,
  input: RoleInput & { id: number; version: number },
  actor: Actor,
  now: number,
): Promise<ChangeResult> {
  return changeRole(db, actor, input, async (trx, before) => {
    // A role holding a key its editor lacks is out of their reach, whatever the edit.
    const refused = ruled(actor, { touched: [...featuresOf(before), ...input.features] });
    if (refused) return refused;
    if (await nameInUse(trx, input.name, input.id)) return { ok: false, reason: 'name' };
    const row = await updateAtVersion(trx, 'roles', input, {
      name: input.name,
      description: input.description,
      features: JSON.stringify(input.features),
      updated_at: now,
    });
    if (!row) return { ok: false, reason: 'stale', current: await roleById(trx, input.id) };
    await auditRecordChange(trx, trailOf(actor, now), row.id, `role changed: ${row.name} (#${row.id})`, {
      previous: audited(before),
      current: audited(row),
    });
    return { ok: true, role: await roleById(trx, input.id), row };
  });
}

/** Deletes a role; while it has holders only with removeHolders (they lose it with the role). */
export function deleteRole(
  db: Kysely<Database>,
  input: { id: number; version: number; removeHolders: boolean },
  actor: Actor,
  now: number,
): Promise<ChangeResult> {
  return changeRole(db, actor, input, async (trx, before) => {
    const refused = ruled(actor, { touched: featuresOf(before) });
    if (refused) return refused;
    const holders = (await holdersByRole(trx, [input.id])).get(input.id) ?? [];
    if (holders.length > 0 && !input.removeHolders) return { ok: false, reason: 'in_use', holders };
    await trx.deleteFrom('user_roles').where('role_id', '=', input.id).execute();
    const gone = await deleteAtVersion(trx, 'roles', input);
    if (!gone) return { ok: false, reason: 'stale', current: await roleById(trx, input.id) };
    await auditRecordChange(trx, trailOf(actor, now), before.id, `role deleted: ${before.name} (#${before.id})`, {
      previous: audited(before, holders),
    });
    return { ok: true, role: null, row: gone };
  });
}

/** Gives (or takes) a role to (from) a staff member; the audit row holds their roles before and after. */
export function setAssignment(
  db: Kysely<Database>,
  input: { userId: number; roleId: number; hold: boolean },
  actor: Actor,
  now: number,
): Promise<ChangeResult> {
  return change(db, actor, async (trx) => {
    const role = await trx.selectFrom('roles').selectAll().where('id', '=', input.roleId).executeTakeFirst();
    const user = await trx
      .selectFrom('users')
      .select(['id', 'username', 'user_type', 'deleted'])
      .where('id', '=', input.userId)
      .executeTakeFirst();
    if (!role) return { ok: false, reason: 'missing' };
    if (!user || user.user_type !== STAFF_USER_TYPE || user.deleted === 1) return { ok: false, reason: 'not_staff' };
    const refused = ruled(actor, { touched: featuresOf(role), targetId: Number(user.id), raises: input.hold });
    if (refused) return refused;
    const rolesOf = async () =>
      (
        await trx
          .selectFrom('user_roles')
          .innerJoin('roles', 'roles.id', 'user_roles.role_id')
          .select('roles.name')
          .where('user_roles.user_id', '=', input.userId)
          .orderBy('roles.name')
          .execute()
      ).map((r) => r.name);
    const previous = await rolesOf();
    const holds = previous.includes(role.name);
    if (holds === input.hold) return { ok: true, role: await roleById(trx, input.roleId), row: role };
    if (input.hold)
      await trx.insertInto('user_roles').values({ user_id: input.userId, role_id: input.roleId }).execute();
    else
      await trx
        .deleteFrom('user_roles')
        .where('user_id', '=', input.userId)
        .where('role_id', '=', input.roleId)
        .execute();
    await writeAudit(trx, {
      category: 'role',
      author: actor.username,
      at: now,
      success: true,
      action: `role ${input.hold ? 'given to' : 'taken from'} ${user.username} (#${user.id}): ${role.name} (#${role.id})`,
      previous: { user: user.username, roles: previous },
      current: { user: user.username, roles: await rolesOf() },
      record: { kind: 'user', id: Number(user.id) },
    });
    return { ok: true, role: await roleById(trx, input.roleId), row: role };
  });
}
