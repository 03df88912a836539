// Administrator privileges of a user (spec §6 admin roles: is_super_admin_user, is_admin_wm,
// is_admin_ss), kept as a JSON object in users.admin_privileges.
import type { Kysely } from 'kysely';
import { ADMIN_PRIVILEGES } from '../../src/domain/user-fields';
import type { AdminPrivileges } from '../../src/domain/users';
import { writeAudit } from '../audit';
import type { Database } from '../db/schema';
import { grantChangeRefusal, type GrantAuthor, type GrantRefusal } from '../roles/grant-rule';
import { adminPrivilegesOf } from './records';

export async function readPrivileges(db: Kysely<Database>, userId: number): Promise<AdminPrivileges | null> {
  const row = await db.selectFrom('users').select('admin_privileges').where('id', '=', userId).executeTakeFirst();
  return row ? adminPrivilegesOf(row.admin_privileges) : null;
}

export type SetPrivilegesOutcome =
  | { ok: true; data: AdminPrivileges; changed: boolean }
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'grant'; refusal: GrantRefusal; data: AdminPrivileges };

/**
 * Writes the privileges and one audit row with the keys that changed, in one transaction. The
 * grant rule decides first: the author switches only privileges they hold, and none on for themselves.
 */
export async function writePrivileges(
  db: Kysely<Database>,
  opts: { userId: number; privileges: AdminPrivileges; author: GrantAuthor & { username: string }; now: number },
): Promise<SetPrivilegesOutcome> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('users')
      .select(['admin_privileges', 'username'])
      .where('id', '=', opts.userId)
      .executeTakeFirst();
    if (!row) return { ok: false, reason: 'missing' } as const;
    const before = adminPrivilegesOf(row.admin_privileges);
    const changed = ADMIN_PRIVILEGES.filter((k) => before[k] !== opts.privileges[k]);
    if (!changed.length) return { ok: true, data: before, changed: false } as const;
    const refusal = grantChangeRefusal(opts.author, {
      touched: changed,
      targetId: opts.userId,
      raises: changed.some((k) => opts.privileges[k]),
    });
    if (refusal) return { ok: false, reason: 'grant', refusal, data: before } as const;
    const data = Object.fromEntries(ADMIN_PRIVILEGES.map((k) => [k, opts.privileges[k]])) as AdminPrivileges;
    await trx
      .updateTable('users')
      .set({ admin_privileges: JSON.stringify(data), updated_at: opts.now })
      .where('id', '=', opts.userId)
      .execute();
    await writeAudit(trx, {
      category: 'user',
      author: opts.author.username,
      action: `administrator privileges changed: ${row.username} (#${opts.userId})`,
      at: opts.now,
      previous: Object.fromEntries(changed.map((k) => [k, before[k]])),
      current: Object.fromEntries(changed.map((k) => [k, data[k]])),
      success: true,
      record: { kind: 'user', id: opts.userId },
    });
    return { ok: true, data, changed: true } as const;
  });
}
