// update_account/: one save of one user, all or nothing. The version the person started from is
// checked and bumped by one conditional UPDATE inside the same transaction as every other write
// (roles, group memberships, the audit row), so of two saves from the same version exactly one
// lands and the other changes nothing (docs/decisions/023-user-edit.md).
import { CREATE_TEXT } from './create';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { UpdateAccountForm, UserRecord } from '../../src/domain/users';
import { END_REASONS } from '../../src/domain/broker-research';
import { writeAudit } from '../audit';
import { dropResearchAccess } from '../brokers/research-access';
import type { Database, UserUpdate } from '../db/schema';
import { ownerGroup } from '../owners/owner-group';
import { grantChangeRefusal, grantMessage, signInChangeRefusal, type KeySet } from '../roles/grant-rule';
import { checkRoleGuards, GuardRefusal, guardMessage, staffGrants } from '../roles/guard';
import { heldKeys } from '../roles/held-keys';
import { featuresOf } from '../roles/store';
import { parseJsonList } from '../staff';
import {
  applyChanges,
  applyEffects,
  auditValues,
  changedKeys,
  editableOf,
  missingPermissions,
  permissionMessage,
  ruleErrors,
  selfLockout,
  type ChangeKey,
  type Editable,
  type FieldErrors,
} from './edit-rules';
import { loadUserRecords } from './records';
import { isUniqueViolation } from '../db/unique-violation';

export interface UpdateActor {
  userId: number;
  username: string;
  features: readonly string[];
  /** Every key the author holds, as the grant rule compares them (server/roles/grant-rule.ts). */
  keys: KeySet;
  /** The author's own session, which a change of their own password leaves open. */
  sessionHash: string;
}

export type UpdateOutcome =
  | { kind: 'updated'; user: UserRecord; message: string; changed: ChangeKey[] }
  | { kind: 'unchanged'; user: UserRecord; message: string }
  | { kind: 'conflict'; user: UserRecord; message: string }
  | { kind: 'refused'; message: string; errors?: FieldErrors };

export const UPDATE_MESSAGES = {
  noUser: 'There is no such user.',
  conflict: 'Someone else saved this user after you opened it. Nothing was saved; review their version first.',
  unchanged: 'Nothing changed, so nothing was saved.',
  confirmOrg:
    'Confirm the organization change first: is the new organization a different one, or the same one spelt differently?',
  confirmEmail: 'Confirm the email change first: does the new address belong to the same person or a different person?',
  invalid: 'Some changes break the rules for users. Nothing was saved.',
  taken: (what: string) => `That ${what} is already used by another user.`,
  crmEmail: 'Make the same change on the CRM contact.',
  crmOrg: 'If only the spelling of the organization changed, rename it in the CRM instead of moving users.',
} as const;

/** Fields whose change can take role management (or the administrator privileges key) from someone. */
const GUARDED_KEYS: readonly string[] = ['staff_roles', 'active', 'deleted', 'user_type', 'expiry_dt'];
/**
 * A staff account's sign-in attributes (decision 066): who it is, how it proves it, whether and
 * until when it may sign in. Only someone holding every key it holds (or a Super Admin) changes them.
 */
export const SIGN_IN_FIELDS: readonly string[] = ['email', 'username', 'active', 'deleted', 'user_type', 'expiry_dt'];

/** Ends the transaction without writing: nothing of a refused or conflicting save may land. */
class Abandon extends Error {
  constructor(readonly outcome: UpdateOutcome) {
    super(outcome.kind);
  }
}

export interface UpdateInput {
  form: UpdateAccountForm;
  product: string;
  actor: UpdateActor;
  now: number;
  /** Hashes a new password (outside the transaction: scrypt is slow). */
  hash: (password: string) => Promise<string>;
}

export async function updateAccount(db: Kysely<Database>, input: UpdateInput): Promise<UpdateOutcome> {
  const { form } = input;
  const passwordHash = form.changes.password ? await input.hash(form.changes.password) : null;
  try {
    return await db.transaction().execute((trx) => saveInTransaction(trx, input, passwordHash));
  } catch (err) {
    if (err instanceof Abandon) {
      // The conflict reply carries what is stored now, read after the rollback.
      if (err.outcome.kind === 'conflict') {
        const [user] = await loadUserRecords(db, [form.user_id]);
        return user ? { ...err.outcome, user } : { kind: 'refused', message: UPDATE_MESSAGES.noUser };
      }
      return err.outcome;
    }
    const taken = uniqueViolation(err);
    if (taken)
      return {
        kind: 'refused',
        message: UPDATE_MESSAGES.taken(taken),
        errors: { [taken]: UPDATE_MESSAGES.taken(taken) },
      };
    throw err;
  }
}

async function saveInTransaction(
  trx: Transaction<Database>,
  input: UpdateInput,
  passwordHash: string | null,
): Promise<UpdateOutcome> {
  const { form, product, actor, now } = input;
  const [record] = await loadUserRecords(trx, [form.user_id]);
  if (!record || (record.deleted && !actor.features.includes('deleted_user')))
    throw new Abandon({ kind: 'refused', message: UPDATE_MESSAGES.noUser });
  if (record.version !== form.version)
    throw new Abandon({ kind: 'conflict', user: record, message: UPDATE_MESSAGES.conflict });

  const before = editableOf(record);
  const changes = form.changes;
  const requested = applyChanges(product, before, changes);
  const requestedKeys = changedKeys(before, requested);
  if (requestedKeys.length === 0 && !passwordHash)
    return { kind: 'unchanged', user: record, message: UPDATE_MESSAGES.unchanged };

  const missing = missingPermissions(actor.features, before, requestedKeys, requested);
  if (missing.length) throw new Abandon({ kind: 'refused', message: permissionMessage(missing) });

  const errors = ruleErrors(product, changes, requested);
  const orgChanged = requestedKeys.includes('organization_id');
  const emailChanged = requestedKeys.includes('email');
  if (orgChanged && !form.org_change) errors['org_change'] = UPDATE_MESSAGES.confirmOrg;
  if (emailChanged && !form.email_change) errors['email_change'] = UPDATE_MESSAGES.confirmEmail;
  Object.assign(errors, await lookupErrors(trx, record, requested, requestedKeys, now));
  if (Object.keys(errors).length) {
    const only = Object.values(errors);
    throw new Abandon({ kind: 'refused', message: only.length === 1 ? only[0]! : UPDATE_MESSAGES.invalid, errors });
  }

  const effects = { org: orgChanged ? form.org_change! : null, email: emailChanged ? form.email_change! : null };
  const after = applyEffects(requested, effects);
  if (record.id === actor.userId) {
    const lockout = selfLockout(after, now, await keepsPanelAccess(trx, after.staff_roles));
    if (lockout) throw new Abandon({ kind: 'refused', message: lockout });
  }
  const keys = changedKeys(before, after);
  await checkGrantRule(trx, actor, record, before, after, keys, passwordHash !== null);
  // Role Management's guards (decision 050) hold here too: a change of roles, status or type
  // must not take role management from its author, nor leave nobody with it.
  const grantsBefore = keys.some((k) => GUARDED_KEYS.includes(k)) ? await staffGrants(trx) : null;

  // The version check and bump: the one statement that decides which of two racing saves lands.
  const updated = await trx
    .updateTable('users')
    .set({
      ...columnsOf(keys, after, passwordHash),
      version: sql<number>`version + 1`,
      updated_by: actor.username,
      updated_at: now,
      // Linked sign-in distrusts a fresh email (decision 067).
      ...(keys.includes('email') ? { email_changed_at: now } : {}),
    })
    .where('id', '=', record.id)
    .where('version', '=', form.version)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1)
    throw new Abandon({ kind: 'conflict', user: record, message: UPDATE_MESSAGES.conflict });
  // A new password ends every other session of the account (ASVS 7.4.3): whoever held the old one is out.
  if (passwordHash)
    await trx
      .deleteFrom('sessions')
      .where('user_id', '=', record.id)
      .where('id_hash', '<>', actor.sessionHash)
      .execute();

  if (keys.includes('staff_roles')) {
    await trx.deleteFrom('user_roles').where('user_id', '=', record.id).execute();
    if (after.staff_roles.length)
      await trx
        .insertInto('user_roles')
        .values(after.staff_roles.map((role_id) => ({ user_id: record.id, role_id })))
        .execute();
  }
  if (grantsBefore) {
    try {
      checkRoleGuards(grantsBefore, await staffGrants(trx), actor.userId);
    } catch (err) {
      if (err instanceof GuardRefusal) throw new Abandon({ kind: 'refused', message: guardMessage(err) });
      throw err;
    }
  }
  const previous = auditValues(keys, before);
  const current = auditValues(keys, after);
  if (effects.org === 'different') {
    const groups = await trx
      .selectFrom('group_members')
      .select('group_id')
      .where('user_id', '=', record.id)
      .orderBy('group_id')
      .execute();
    if (groups.length) {
      await trx.deleteFrom('group_members').where('user_id', '=', record.id).execute();
      // The groups changed: a Group Management screen open on one is told (decision 048).
      await trx
        .updateTable('user_groups')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .where(
          'id',
          'in',
          groups.map((g) => g.group_id),
        )
        .execute();
      previous['groups'] = groups.map((g) => g.group_id);
      current['groups'] = [];
    }
  }
  if (effects.email === 'different' || effects.org === 'different') {
    const reason = effects.email === 'different' ? END_REASONS.differentPerson : END_REASONS.differentOrganization;
    await dropResearchAccess(trx, { id: record.id, username: record.username }, reason, actor.username, now);
  }
  await writeAudit(trx, {
    category: 'user',
    author: actor.username,
    action: `${auditAction(requestedKeys, effects, passwordHash !== null)}: ${record.username} (#${record.id})`,
    at: now,
    previous,
    current,
    success: true,
    record: { kind: 'user', id: record.id },
  });
  const [user] = await loadUserRecords(trx, [record.id]);
  return {
    kind: 'updated',
    user: user!,
    message: successMessage(user!, effects, (previous['groups'] as unknown[] | undefined)?.length ?? 0),
    changed: keys,
  };
}

/**
 * The grant rule (decision 066) on this save: roles given or taken must hold only keys the author
 * holds, none given to oneself; a staff account's sign-in attributes change only by someone who
 * holds every key it holds.
 */
async function checkGrantRule(
  trx: Transaction<Database>,
  actor: UpdateActor,
  record: UserRecord,
  before: Editable,
  after: Editable,
  keys: readonly ChangeKey[],
  password: boolean,
): Promise<void> {
  const author = { id: actor.userId, keys: actor.keys };
  if (keys.includes('staff_roles')) {
    const added = after.staff_roles.filter((id) => !before.staff_roles.includes(id));
    const removed = before.staff_roles.filter((id) => !after.staff_roles.includes(id));
    const roles = await trx
      .selectFrom('roles')
      .select(['id', 'features'])
      .where('id', 'in', [...added, ...removed])
      .execute();
    const refusal = grantChangeRefusal(author, {
      touched: roles.flatMap(featuresOf),
      targetId: record.id,
      raises: added.length > 0,
    });
    if (refusal) {
      const message = grantMessage(refusal);
      throw new Abandon({ kind: 'refused', message, errors: { staff_roles: message } });
    }
  }
  if (password || keys.some((k) => SIGN_IN_FIELDS.includes(k))) {
    const refusal = signInChangeRefusal(author, {
      id: record.id,
      username: record.username,
      keys: await heldKeys(trx, record.id),
    });
    if (refusal) throw new Abandon({ kind: 'refused', message: grantMessage(refusal) });
  }
}

/** Database facts the rules need: the organisation exists, email and username are free, roles exist. */
async function lookupErrors(
  trx: Transaction<Database>,
  record: UserRecord,
  after: Editable,
  keys: readonly ChangeKey[],
  now: number,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  // The same owners create offers: active staff (an owner kept from before may stay as it is).
  if (keys.includes('owner') && !(await ownerGroup(trx, now)).some((o) => o.key === after.owner))
    errors['owner'] = CREATE_TEXT.owner;
  if (keys.includes('organization_id') && after.organization_id !== null) {
    const org = await trx
      .selectFrom('organizations')
      .select('id')
      .where('id', '=', after.organization_id)
      .executeTakeFirst();
    if (!org) errors['organization_id'] = 'There is no such organization.';
  }
  if (keys.includes('email')) {
    const other = await trx
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(email)`, '=', after.email.toLowerCase())
      .where('id', '<>', record.id)
      .executeTakeFirst();
    if (other) errors['email'] = UPDATE_MESSAGES.taken('email');
  }
  if (keys.includes('username')) {
    const other = await trx
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(username)`, '=', after.username.toLowerCase())
      .where('id', '<>', record.id)
      .executeTakeFirst();
    if (other) errors['username'] = UPDATE_MESSAGES.taken('username');
  }
  if (keys.includes('staff_roles') && after.staff_roles.length) {
    const found = await trx.selectFrom('roles').select('id').where('id', 'in', after.staff_roles).execute();
    if (found.length !== after.staff_roles.length) errors['staff_roles'] = 'Some of these roles do not exist.';
  }
  return errors;
}

async function keepsPanelAccess(trx: Transaction<Database>, roleIds: readonly number[]): Promise<boolean> {
  if (!roleIds.length) return false;
  const roles = await trx.selectFrom('roles').select('features').where('id', 'in', roleIds).execute();
  return roles.some((r) => parseJsonList(r.features).includes('admin_panel_access'));
}

const flag = (b: boolean) => (b ? 1 : 0) as 0 | 1;

function columnsOf(keys: readonly ChangeKey[], after: Editable, passwordHash: string | null): UserUpdate {
  const set: UserUpdate = {};
  for (const key of keys) {
    switch (key) {
      case 'data_plan':
        set.data_plan = JSON.stringify(after.data_plan);
        break;
      case 'active':
        set.active = flag(after.active);
        break;
      case 'deleted':
        set.deleted = flag(after.deleted);
        break;
      case 'is_account_admin':
        set.is_account_admin = flag(after.is_account_admin);
        break;
      case 'staff_roles':
        break; // user_roles rows
      default:
        if (key.startsWith('flags.')) set.flags = JSON.stringify(after.flags);
        else
          (set as Record<string, unknown>)[key] =
            after[key as Exclude<keyof Editable, 'flags' | 'staff_roles' | 'data_plan'>];
    }
  }
  if (passwordHash) set.password_hash = passwordHash;
  return set;
}

/** What happened, from what the person asked for (the effects of a move are part of the move). */
function auditAction(
  requested: readonly ChangeKey[],
  effects: { org: string | null; email: string | null },
  password: boolean,
): string {
  const parts: string[] = [];
  if (requested.some((k) => k !== 'organization_id' && k !== 'email')) parts.push('user updated');
  if (effects.org) parts.push(`organization changed (${effects.org} org)`);
  if (effects.email) parts.push(`email changed (${effects.email === 'same' ? 'same person' : 'different person'})`);
  if (password) parts.push('password changed');
  return parts.join(', ');
}

function successMessage(
  user: UserRecord,
  effects: { org: string | null; email: string | null },
  groupsLeft: number,
): string {
  const parts = ['User updated.'];
  if (effects.org === 'different') {
    parts.push(
      `Moved to ${user.organization ?? 'the new organization'}: broker research access cancelled${groupsLeft ? ` and removed from ${groupsLeft} group${groupsLeft === 1 ? '' : 's'}` : ''}.`,
    );
  }
  if (effects.org === 'same')
    parts.push(`Moved to ${user.organization ?? 'the new organization'}. ${UPDATE_MESSAGES.crmOrg}`);
  if (effects.email === 'different') parts.push('Broker research entitlements were removed with the old email.');
  if (effects.email) parts.push(UPDATE_MESSAGES.crmEmail);
  return parts.join(' ');
}

/** 'email' or 'username' when a unique index refused the write (a race the lookups could not see). */
function uniqueViolation(err: unknown): 'email' | 'username' | null {
  if (!isUniqueViolation(err)) return null;
  const e = err as { message?: string; detail?: string; constraint?: string };
  const text = `${e.message ?? ''} ${e.detail ?? ''} ${e.constraint ?? ''}`;
  if (/email/.test(text)) return 'email';
  if (/username/.test(text)) return 'username';
  return null;
}
