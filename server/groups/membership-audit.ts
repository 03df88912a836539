// One audit row per user whose membership of a group changed, naming that user, so their History
// shows it (decisions 062, 094): Group Management's member changes and deletions and Group
// ManagementV2's uploads and removals alike. The group's name is given, not looked up: a deleted
// group is gone by the time its rows are written. Batched, in the change's own transaction.
import type { Transaction } from 'kysely';
import { refKey } from '../../src/domain/audit-refs';
import { writeAuditMany, type AuditEntry } from '../audit';
import type { Database } from '../db/schema';
import { chunks } from '../db/value-lists';

/** Audit rows per statement: a 10,000-user upload is ten inserts. */
const AUDIT_BATCH = 1_000;

export async function auditMemberships(
  trx: Transaction<Database>,
  group: { id: number; name: string },
  userIds: readonly number[],
  change: 'added' | 'removed',
  who: { author: string; now: number; origin?: string },
): Promise<void> {
  const suffix = who.origin === 'bulk_upload' ? ' (bulk upload)' : '';
  const action =
    change === 'added'
      ? `added to group #${group.id} ${group.name}${suffix}`
      : `removed from group #${group.id} ${group.name}${suffix}`;
  const names = { [refKey('group', group.id)]: group.name };
  const entries: AuditEntry[] = userIds.map((id) => ({
    category: 'group',
    author: who.author,
    action,
    at: who.now,
    success: true,
    ...(who.origin ? { origin: who.origin } : {}),
    // 'Member of: None → Trading desk' on the user's History: the group by name, kept with the row.
    previous: { user_id: id, group_id: group.id, member_of: change === 'removed' ? group.id : null },
    current: { user_id: id, group_id: group.id, member_of: change === 'added' ? group.id : null },
    record: { kind: 'user', id },
    names,
  }));
  for (const batch of chunks(entries, AUDIT_BATCH)) await writeAuditMany(trx, batch);
}
