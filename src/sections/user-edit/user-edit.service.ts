// The edit screen's calls (spec §7 "Groups, roles, users"). Replies that carry users name the
// owner field as the wire does (`{product}_owner`); it is renamed before the reply is parsed. The
// `changes` of a save travel as JSON with the contract's own name, `owner` (UserChanges).
import * as v from 'valibot';
import { conflictOf } from '../../domain/conflict';
import { ownerFromWire } from '../../domain/product';
import {
  AdminPrivilegesReply,
  FetchUsersReply,
  KillSessionsReply,
  UpdateAccountReply,
  UserSessionsReply,
  type AdminPrivileges,
  type OwnerGroupReply,
  type RoleRef,
  type UpdateAccountForm,
  type UserRecord,
} from '../../domain/users';
import { http, toFormData } from '../../services/http';
import { fetchOwnerGroup } from '../../services/owners.service';

const post = (path: string, fields: Record<string, string | undefined>) =>
  http(path, { method: 'POST', body: toFormData(fields) });

function userFromWire(product: string, user: unknown): unknown {
  return user && typeof user === 'object' ? ownerFromWire(product, user as Record<string, unknown>) : user;
}

export async function fetchUser(
  product: string,
  userId: number,
): Promise<{ user: UserRecord | null; roleChoices: RoleRef[] | null }> {
  const raw = (await post('/user/fetch_users_by_account_id/', { account_id: String(userId) })) as { data?: unknown };
  const reply = v.parse(FetchUsersReply, {
    ...raw,
    data: Array.isArray(raw.data) ? raw.data.map((u) => userFromWire(product, u)) : raw.data,
  });
  return { user: reply.data.find((u) => u.id === userId) ?? null, roleChoices: reply.role_choices ?? null };
}

/**
 * The user with what the edit form needs to name its values: the owner group (owners.service, a
 * call any session that may view users may make).
 */
export async function loadUserForEdit(
  product: string,
  userId: number,
): Promise<{
  user: UserRecord | null;
  roleChoices: RoleRef[] | null;
  owners: OwnerGroupReply['result'] | null;
}> {
  const [found, owners] = await Promise.all([fetchUser(product, userId), fetchOwnerGroup(product)]);
  return { ...found, owners };
}

/** A lost race answers 409 with the stored user (`conflict: true`), read as the reply it is. */
export async function updateAccount(product: string, input: UpdateAccountForm): Promise<UpdateAccountReply> {
  const raw = (await post('/user/update_account/', {
    user_id: String(input.user_id),
    version: String(input.version),
    changes: JSON.stringify(input.changes),
    org_change: input.org_change,
    email_change: input.email_change,
  }).catch((err: unknown) => {
    const stored = conflictOf(err, v.record(v.string(), v.unknown()));
    if (stored) return stored;
    throw err;
  })) as Record<string, unknown>;
  return v.parse(UpdateAccountReply, 'user' in raw ? { ...raw, user: userFromWire(product, raw['user']) } : raw);
}

export async function getUserSessions(userId: number): Promise<UserSessionsReply> {
  return v.parse(UserSessionsReply, await post('/user/get_user_session', { user_id: String(userId) }));
}

/** Ends the named sessions of the user; none named ends all of them (but never the caller's current one). */
export async function killUserSessions(userId: number, keys: readonly string[]): Promise<KillSessionsReply> {
  return v.parse(
    KillSessionsReply,
    await post('/user/kill_user_sessions', { user_id: String(userId), keys: JSON.stringify(keys) }),
  );
}

export async function getAdminPrivileges(userId: number): Promise<AdminPrivilegesReply> {
  return v.parse(AdminPrivilegesReply, await post('/user/get_admin_priviliges/', { user_id: String(userId) }));
}

export async function setAdminPrivileges(userId: number, privileges: AdminPrivileges): Promise<AdminPrivilegesReply> {
  return v.parse(
    AdminPrivilegesReply,
    await post('/user/set_admin_priviliges/', { user_id: String(userId), privileges: JSON.stringify(privileges) }),
  );
}
