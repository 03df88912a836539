// What `npm run admin:create` and `npm run admin:reset` do, as functions the commands and the tests
// call (decision 068). Each is one audited transaction and answers the lines to print: the
// password appears in exactly one of them, once.
import { sql, type Kysely } from 'kysely';
import * as v from 'valibot';
import { FEATURE_KEYS, OTHER_FEATURE_KEYS } from '../../src/domain/features';
import { FIELD_MESSAGES } from '../../src/domain/user-rules';
import { Email, Username } from '../../src/domain/users';
import { writeAudit } from '../audit';
import { clearAccountCounters } from '../auth/lockout';
import { hashPassword, randomPassword } from '../auth/passwords';
import type { ServerConfig } from '../config';
import { STAFF_USER_TYPE, type Database } from '../db/schema';
import { grantsOf, parseJsonList, staffAccountColumns } from '../staff';

/** The role the first administrator holds; the demo seed makes one of the same name. */
export const SUPER_ADMIN_ROLE = 'Super Admin';
export const SUPER_ADMIN_KEYS: readonly string[] = [...FEATURE_KEYS, ...OTHER_FEATURE_KEYS];

export type Outcome = { ok: true; password: string; lines: string[] } | { ok: false; message: string };

async function holderOf(db: Kysely<Database>, username: string, email: string): Promise<string | null> {
  // Both names are unique whatever their case (migration 008), so look them up the same way.
  const named = await db
    .selectFrom('users')
    .select('username')
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  if (named) return `A user named '${named.username}' exists already; nothing was created.`;
  const mailed = await db
    .selectFrom('users')
    .select(['username', 'email'])
    .where(sql<string>`lower(email)`, '=', email)
    .executeTakeFirst();
  if (mailed) return `The email ${mailed.email} belongs to '${mailed.username}' already; nothing was created.`;
  return null;
}

/**
 * A staff account holding the Super Admin role (made now, with every key, when no role has that
 * name), with a random password and no authenticator: its first sign-in sets up two-step sign-in,
 * as every new staff account's does. Refused when the username or the email is taken.
 */
export async function createAdministrator(
  db: Kysely<Database>,
  config: ServerConfig,
  input: { username: string; email: string },
  now: number,
): Promise<Outcome> {
  const username = v.safeParse(Username, input.username);
  if (!username.success)
    return { ok: false, message: `'${input.username}' is not a username: ${FIELD_MESSAGES.username}` };
  const email = v.safeParse(Email, input.email);
  if (!email.success)
    return { ok: false, message: `'${input.email}' is not an email address: ${FIELD_MESSAGES.email}` };
  const taken = await holderOf(db, username.output, email.output);
  if (taken) return { ok: false, message: taken };

  const password = randomPassword();
  const hash = await hashPassword(password, config.scrypt);
  let role: { created: boolean; missing: string[] };
  try {
    role = await db.transaction().execute(async (trx) => {
      let existing = await trx
        .selectFrom('roles')
        .select(['id', 'features'])
        .where('name', '=', SUPER_ADMIN_ROLE)
        .executeTakeFirst();
      const created = !existing;
      existing ??= await trx
        .insertInto('roles')
        .values({
          name: SUPER_ADMIN_ROLE,
          description: 'Every permission of the panel.',
          features: JSON.stringify(SUPER_ADMIN_KEYS),
          created_at: now,
          updated_at: now,
        })
        .returning(['id', 'features'])
        .executeTakeFirstOrThrow();
      const user = await trx
        .insertInto('users')
        .values({
          username: username.output,
          email: email.output,
          first_name: username.output,
          last_name: '',
          organization_id: null,
          ...staffAccountColumns(config.productKey),
          user_role: 'Administrator',
          is_account_admin: 0,
          allowed_st: JSON.stringify(Object.keys(config.serverTypes)),
          password_hash: hash,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('user_roles').values({ user_id: user.id, role_id: existing.id }).execute();
      await writeAudit(trx, {
        category: 'user',
        author: 'admin:create',
        action: 'administrator created',
        origin: 'cli',
        at: now,
        success: true,
        record: { kind: 'user', id: user.id },
        current: { username: username.output, email: email.output, roles: [SUPER_ADMIN_ROLE] },
      });
      const held = new Set(parseJsonList(existing.features));
      return { created, missing: SUPER_ADMIN_KEYS.filter((k) => !held.has(k)) };
    });
  } catch (err) {
    // Someone took the name or the email between the check and the insert: the unique index said so.
    const takenNow = await holderOf(db, username.output, email.output);
    if (takenNow) return { ok: false, message: takenNow };
    throw err;
  }
  const lines = [
    `Created ${username.output} <${email.output}>, a staff account holding the ${SUPER_ADMIN_ROLE} role${role.created ? ' (made now, with every permission)' : ''}.`,
    `One-time password for ${username.output}: ${password}`,
    'It is shown once. The first sign-in shows a QR code: scan it with an authenticator app and enter its code to set up two-step sign-in.',
  ];
  if (role.missing.length > 0)
    lines.push(
      `Note: the ${SUPER_ADMIN_ROLE} role lacks ${role.missing.length} permission(s) (${role.missing.join(', ')}); a Super Admin can restore them in Role Management.`,
    );
  return { ok: true, password, lines };
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * For a staff member locked out: a new random password, two-step sign-in cleared (the next
 * sign-in activates a new one), the lockout cleared, every session ended; and the account made
 * usable again, since a deactivation, a deletion or an expiry locks an administrator out as surely
 * as a lost password (issue 25 §4: recovery without editing the database).
 */
export async function resetStaffAccount(
  db: Kysely<Database>,
  config: ServerConfig,
  username: string,
  now: number,
): Promise<Outcome> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'user_type', 'active', 'deleted', 'expiry_dt'])
    .where('username', '=', username)
    .executeTakeFirst();
  if (!user) return { ok: false, message: `No user named '${username}' in this database.` };
  const restored = [
    ...(user.active === 1 ? [] : ['active again (was inactive)']),
    ...(user.deleted === 0 ? [] : ['no longer deleted']),
    ...(user.expiry_dt === null
      ? []
      : [`no expiry (${user.expiry_dt <= now ? 'had expired' : 'was to expire'} on ${day(user.expiry_dt)})`]),
  ];
  const password = randomPassword();
  const hash = await hashPassword(password, config.scrypt);
  await db.transaction().execute(async (trx) => {
    // The version moves, so an edit form opened before this cannot put the old values back.
    await trx
      .updateTable('users')
      .set((eb) => ({
        password_hash: hash,
        active: 1,
        deleted: 0,
        expiry_dt: null,
        updated_at: now,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', user.id)
      .execute();
    await trx.deleteFrom('totp_secrets').where('user_id', '=', user.id).execute();
    await clearAccountCounters(trx, user.username);
    await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    await writeAudit(trx, {
      category: 'auth',
      author: 'admin:reset',
      action: 'password and two-step sign-in reset',
      origin: 'cli',
      at: now,
      success: true,
      record: { kind: 'user', id: user.id },
      previous: {
        username: user.username,
        active: user.active === 1,
        deleted: user.deleted === 1,
        expiry_dt: user.expiry_dt === null ? null : day(user.expiry_dt),
      },
      current: { username: user.username, active: true, deleted: false, expiry_dt: null },
    });
  });
  const lines = [
    `New password for ${user.username}: ${password}`,
    'Two-step sign-in was cleared: the next sign-in shows a new QR code.',
    restored.length > 0
      ? `Restored: ${restored.join(', ')}.`
      : 'The account was already active, not deleted and without expiry.',
  ];
  const grants = await grantsOf(db, user.id);
  if (user.user_type !== STAFF_USER_TYPE || !grants.features.includes('admin_panel_access')) {
    lines.push(
      `Note: ${user.username} still cannot use the panel: it is not a staff account holding admin_panel_access. \`npm run admin:create\` makes a new administrator.`,
    );
  }
  return { ok: true, password, lines };
}
