// Administrator privileges of a user (spec §6 admin roles: is_super_admin_user, is_admin_wm,
// is_admin_ss), kept as a JSON object in users.admin_privileges.
import type { Kysely } from 'kysely';
import { ADMIN_PRIVILEGES } from '../../src/domain/user-fields';
import type { AdminPrivileges } from '../../src/domain/users';
import { writeAudit } from '../audit';
import type { Database } from '../db/schema';
import { adminPrivilegesOf } from './records';

export async function readPrivileges(db: Kysely<Database>, userId: number): Promise<AdminPrivileges | null> {
  const row = await db.selectFrom('users').select('admin_privileges').where('id', '=', userId).executeTakeFirst();
  return row ? adminPrivilegesOf(row.admin_privileges) : null;
}

export type SetPrivilegesOutcome = { ok: true; data: AdminPrivileges; changed: boolean } | { ok: false };

/** Writes the privileges and one audit row with the keys that changed, in one transaction. */
export async function writePrivileges(
  db: Kysely<Database>,
  opts: { userId: number; privileges: AdminPrivileges; author: string; now: number },
): Promise<SetPrivilegesOutcome> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('users').select(['admin_privileges', 'username']).where('id', '=', opts.userId).executeTakeFirst();
    if (!row) return { ok: false } as const;
    const before = adminPrivilegesOf(row.admin_privileges);
    const changed = ADMIN_PRIVILEGES.filter((k) => before[k] !== opts.privileges[k]);
    if (!changed.length) return { ok: true, data: before, changed: false } as const;
    const data = Object.fromEntries(ADMIN_PRIVILEGES.map((k) => [k, opts.privileges[k]])) as AdminPrivileges;
    await trx.updateTable('users').set({ admin_privileges: JSON.stringify(data), updated_at: opts.now }).where('id', '=', opts.userId).execute();
    await writeAudit(trx, {
      category: 'user', author: opts.author, action: `administrator privileges changed: ${row.username} (#${opts.userId})`, at: opts.now,
      previous: Object.fromEntries(changed.map((k) => [k, before[k]])), current: Object.fromEntries(changed.map((k) => [k, data[k]])), success: true,
      record: { kind: 'user', id: opts.userId },
    });
    return { ok: true, data, changed: true } as const;
  });
}
