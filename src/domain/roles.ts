// Role Management (/user_roles, decision 050): roles as data. A role is a name, a description and
// a list of feature keys (spec §6, tri_submittor included); staff hold roles, and a session's
// features are the union of its roles' keys, read on every request (decision 001). Every change
// names the version it started from (a save in between answers 409 with the role as it is now);
// the server refuses changes that would leave nobody able to manage roles (decision 050).
import * as v from 'valibot';
import { conflictOf } from './conflict';
import { ROLE_FEATURE_KEYS } from './feature-meanings';

import { AdminPrivileges } from './users';
import { Id, JsonField, NameAndDescription, StoredEdit } from './wire';

export const ROLE_NAME_MAX = 100;
export const ROLE_DESCRIPTION_MAX = 500;

export const RoleHolder = v.object({ id: v.number(), username: v.string(), name: v.string() });
export type RoleHolder = v.InferOutput<typeof RoleHolder>;

export const Role = v.object({
  id: v.number(),
  name: v.string(),
  description: v.string(),
  /** Feature keys in the groups' order (src/domain/feature-meanings.ts); keys no longer known are left out. */
  features: v.array(v.string()),
  holders: v.array(RoleHolder),
  updated_at: v.number(),
  /** Raised by every change: an edit names the version it started from. */
  version: v.number(),
});
export type Role = v.InferOutput<typeof Role>;

// ── POST user/fetch_user_roles/ ───────────────────────────────────────────
/** Spec §7: result and msg. `result` holds the roles by name; `staff` the staff accounts holding a role, for assigning. */
export const FetchUserRolesReply = v.object({
  status: v.literal(true),
  msg: v.string(),
  result: v.array(Role),
  staff: v.array(RoleHolder),
});
export type FetchUserRolesReply = v.InferOutput<typeof FetchUserRolesReply>;

const isRoleFeatureKey = (key: unknown) =>
  typeof key === 'string' && (ROLE_FEATURE_KEYS as readonly string[]).includes(key);
/** More than any role needs (every key, each named a few times), so a list is checked in bounded time. */
export const ROLE_FEATURES_MAX = 500;
const NAMED_MAX = 5;
/**
 * A wrong item as JSON, but a list or an object only by its brackets and a string cut short: a
 * value of any size or depth is never walked to be named.
 */
const describeItem = (k: unknown): string => {
  if (typeof k === 'string') return JSON.stringify(k.length > 64 ? `${k.slice(0, 64)}…` : k);
  if (Array.isArray(k)) return '[…]';
  if (typeof k === 'object' && k !== null) return '{…}';
  return String(k);
};
const unknownKeys = (keys: readonly unknown[]) => {
  const wrong = keys.filter((k) => !isRoleFeatureKey(k));
  const named = wrong.slice(0, NAMED_MAX).map(describeItem).join(', ');
  return wrong.length > NAMED_MAX ? `${named} and ${wrong.length - NAMED_MAX} more` : named;
};

const Named = NameAndDescription(ROLE_NAME_MAX, ROLE_DESCRIPTION_MAX);
/** A JSON list of feature keys; an unknown key is refused, repeats are kept once. */
const Features = JsonField(
  v.pipe(
    // Items checked as a whole, so every problem is told at the one field, `features`.
    v.array(v.unknown(), 'features must be a list of feature keys.'),
    v.maxLength(ROLE_FEATURES_MAX, `At most ${ROLE_FEATURES_MAX} feature keys.`),
    v.check(
      (keys) => keys.every(isRoleFeatureKey),
      (issue) => `There is no feature key ${unknownKeys(issue.input as unknown[])}.`,
    ),
    v.transform((keys) => [...new Set(keys as string[])]),
  ),
  'features',
);

// ── POST user/roles/create/ ───────────────────────────────────────────────
export const CreateRoleForm = v.object({ ...Named, features: Features });
export type CreateRoleForm = v.InferOutput<typeof CreateRoleForm>;

// ── POST user/roles/update/ ───────────────────────────────────────────────
export const UpdateRoleForm = v.object({ ...StoredEdit, ...Named, features: Features });
export type UpdateRoleForm = v.InferOutput<typeof UpdateRoleForm>;

export const RoleReply = v.object({ status: v.literal(true), msg: v.string(), role: Role });
export type RoleReply = v.InferOutput<typeof RoleReply>;

/** HTTP 409: the role changed (or went) since the version the edit started from; `current` is what is stored now. */
export const StaleRoleReply = v.object({
  status: v.literal(false),
  msg: v.string(),
  stale: v.literal(true),
  current: v.nullable(Role),
});
export type StaleRoleReply = v.InferOutput<typeof StaleRoleReply>;

// ── POST user/roles/delete/ ───────────────────────────────────────────────
export const DeleteRoleForm = v.object({
  ...StoredEdit,
  /** 'remove': the holders lose the role with it. Left out while the role has holders: 409 listing them. */
  holders: v.optional(v.picklist(['', 'remove'], "holders is 'remove' or empty."), ''),
});
export type DeleteRoleForm = v.InferOutput<typeof DeleteRoleForm>;
/** HTTP 409: the role is held; deleting it needs holders: 'remove'. */
export const RoleInUseReply = v.object({
  status: v.literal(false),
  msg: v.string(),
  in_use: v.literal(true),
  holders: v.array(RoleHolder),
});
export type RoleInUseReply = v.InferOutput<typeof RoleInUseReply>;
export const DeleteRoleReply = v.object({ status: v.literal(true), msg: v.string() });

// ── POST user/roles/assign/ and user/roles/unassign/ ──────────────────────
export const RoleAssignmentForm = v.object({ user_id: Id, role_id: Id });
export type RoleAssignmentForm = v.InferOutput<typeof RoleAssignmentForm>;
export const RoleAssignmentReply = v.object({ status: v.literal(true), msg: v.string(), role: Role });

/** HTTP 409 of a change the server refuses to make: it would take role management from its author or from everyone. */
export const RoleGuardReply = v.object({
  status: v.literal(false),
  msg: v.string(),
  guard: v.picklist(['self', 'last']),
});
export type RoleGuardReply = v.InferOutput<typeof RoleGuardReply>;

// ── POST user/roles/reach/ ────────────────────────────────────────────────
export const RoleReachForm = v.object({ user_id: Id });
export const RoleReachReply = v.object({
  status: v.literal(true),
  user: RoleHolder,
  /** Each key the person ends up with, and the roles granting it. */
  features: v.array(v.object({ key: v.string(), roles: v.array(v.string()) })),
  /** The user area's administrator privileges (per user, set in the user's record): shown, not changed here. */
  privileges: AdminPrivileges,
});
export type RoleReachReply = v.InferOutput<typeof RoleReachReply>;

/** What a failed call's 409 carries, read by shape (as staleSegmentOf reads it). */
export const roleConflictOf = (error: unknown): StaleRoleReply | RoleInUseReply | RoleGuardReply | null =>
  conflictOf(error, StaleRoleReply, RoleInUseReply, RoleGuardReply);
