// The Audit Log's demo entries (decision 062): a few weeks of what the console writes, so the
// screen and a user's History tab show something on a fresh start — users created and then
// changed (type, expiry, active) by the seeded staff, each naming the user's record, and sign-in
// events: the admin's daily sign-ins, a mistyped name, and a user locked out after wrong passwords.
import type { Transaction } from 'kysely';
import { writeAuditMany, type AuditEntry } from '../audit';
import type { Database } from '../db/schema';

const DAY = 86_400_000;

export async function seedAuditLog(
  trx: Transaction<Database>,
  users: readonly { id: number; username: string }[],
  now: number,
): Promise<void> {
  const entries: AuditEntry[] = [];
  const staff = ['admin', 'support'];
  users.slice(0, 12).forEach((u, i) => {
    const record = { kind: 'user', id: u.id };
    const created = now - (40 - i) * DAY;
    entries.push({
      category: 'user',
      author: staff[i % 2]!,
      action: 'user created',
      at: created,
      success: true,
      record,
      current: { username: u.username, user_type: 'trial', active: true },
    });
    entries.push({
      category: 'user',
      author: 'admin',
      action: `user updated: ${u.username} (#${u.id})`,
      at: created + (3 + i) * DAY,
      success: true,
      record,
      previous: { user_type: 'trial', expiry_dt: '12-31-2026' },
      current: { user_type: 'customer', expiry_dt: '12-31-2027' },
    });
    if (i % 4 === 0) {
      entries.push({
        category: 'user',
        author: 'support',
        action: `user updated: ${u.username} (#${u.id})`,
        at: created + (10 + i) * DAY,
        success: true,
        record,
        previous: { active: true },
        current: { active: false },
      });
    }
  });
  for (let d = 14; d >= 1; d--) {
    entries.push({
      category: 'auth',
      author: 'admin',
      action: 'password accepted',
      at: now - d * DAY + 8 * 3_600_000,
      success: true,
    });
    entries.push({
      category: 'auth',
      author: 'admin',
      action: 'signed in',
      at: now - d * DAY + 8 * 3_600_000 + 20_000,
      success: true,
    });
  }
  entries.push({ category: 'auth', author: 'admn', action: 'password rejected', at: now - 5 * DAY, success: false });
  const locked = users[0];
  if (locked) {
    for (let k = 0; k < 5; k++)
      entries.push({
        category: 'auth',
        author: locked.username,
        action: 'password rejected',
        at: now - 2 * DAY + k * 30_000,
        success: false,
      });
    entries.push({
      category: 'auth',
      author: locked.username,
      action: 'account locked after repeated failures',
      at: now - 2 * DAY + 5 * 30_000,
      success: false,
    });
  }
  await writeAuditMany(
    trx,
    entries.sort((a, b) => a.at - b.at),
  );
}
