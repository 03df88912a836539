// The grant rule (decision 066): nobody becomes more than they were given. Every path that changes
// grants (roles created, edited, deleted, given, taken; administrator privileges; a user's staff
// roles; bulk edit) and every change of a staff account's sign-in attributes asks this module,
// with the keys its author holds (their roles' keys, as the session carries them):
// - a change may touch only keys its author holds: nobody creates, edits or deletes a role holding
//   a key they lack, gives or takes such a role, or sets or clears a privilege they lack (so only a
//   Super Admin grants Super admin);
// - nobody raises their own grants: on one's own account a change may only give something up;
// - a staff account's sign-in attributes change only by someone holding every key it holds, or by
//   a Super Admin.
// Refusals name the keys in words, as every permission message does.
import { permissionName } from '../../src/domain/feature-labels';
import { ROLE_FEATURE_KEYS } from '../../src/domain/feature-meanings';

/** The key that makes a Super Admin: it may act on any account, and only its holders grant it. */
export const SUPER_ADMIN_KEY = 'is_super_admin_user';

export type KeySet = ReadonlySet<string>;

/** Who is changing grants: their user id and every key they hold. */
export interface GrantAuthor {
  id: number;
  keys: KeySet;
}

export type GrantRefusal =
  /** The change touches keys its author does not hold. */
  | { rule: 'beyond'; keys: string[] }
  /** The author would raise their own grants. */
  | { rule: 'self' }
  /** The target holds keys the author lacks, and the change is to how they sign in. */
  | { rule: 'outranked'; keys: string[]; username: string };

const order = (key: string) => {
  const i = (ROLE_FEATURE_KEYS as readonly string[]).indexOf(key);
  return i === -1 ? ROLE_FEATURE_KEYS.length : i;
};

/** The keys of `wanted` the author lacks, each once, in the catalogue's order. */
export function lacking(author: KeySet, wanted: Iterable<string>): string[] {
  return [...new Set(wanted)].filter((k) => !author.has(k)).sort((a, b) => order(a) - order(b) || (a < b ? -1 : 1));
}

/**
 * A change of grants: `touched` are the keys it gives or takes (a role's keys before and after, the
 * keys of roles given or taken, the privileges switched); `raises` says whether it adds to the
 * grants of `targetId` (a role given, a privilege switched on). Null when the rule allows it.
 */
export function grantChangeRefusal(
  author: GrantAuthor,
  change: { touched: Iterable<string>; targetId?: number; raises?: boolean },
): GrantRefusal | null {
  const keys = lacking(author.keys, change.touched);
  if (keys.length) return { rule: 'beyond', keys };
  return change.raises && change.targetId === author.id ? { rule: 'self' } : null;
}

/**
 * A change of a staff account's sign-in attributes (password, email, username, two-step sign-in,
 * whether and until when it may sign in): allowed on oneself, to a Super Admin, and to whoever
 * holds every key the target holds. A managed end user holds no keys, so `edit_user` suffices.
 */
export function signInChangeRefusal(
  author: GrantAuthor,
  target: { id: number; username: string; keys: KeySet },
): GrantRefusal | null {
  if (target.id === author.id || author.keys.has(SUPER_ADMIN_KEY)) return null;
  const keys = lacking(author.keys, target.keys);
  return keys.length ? { rule: 'outranked', keys, username: target.username } : null;
}

/** Permissions a message names before it counts the rest. */
const NAMED = 5;

/** "the ‘A’, ‘B’ and ‘C’ permissions"; past five, "the ‘A’, …, ‘E’ and 3 more permissions". */
export function permissionList(keys: readonly string[]): string {
  const names = keys.slice(0, NAMED).map(permissionName);
  if (keys.length > NAMED) names.push(`${keys.length - NAMED} more`);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
  return `the ${list} permission${keys.length === 1 ? '' : 's'}`;
}

/** What a person reads when the rule refuses their change. */
export function grantMessage(refusal: GrantRefusal): string {
  switch (refusal.rule) {
    case 'beyond':
      return `You do not hold ${permissionList(refusal.keys)}, so you cannot give, take or change ${refusal.keys.length === 1 ? 'it' : 'them'}. Nothing was saved.`;
    case 'self':
      return 'You cannot add to your own roles or privileges; ask another staff member who holds them. Nothing was saved.';
    case 'outranked':
      return `${refusal.username} holds ${permissionList(refusal.keys)}, which you do not hold: only someone who holds every permission they hold, or a Super Admin, may change their password, email, username, two-step sign-in or whether they may sign in. Nothing was saved.`;
  }
}
