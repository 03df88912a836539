// What a user loses with their broker research access (spec §5 "Changing email" / "Changing
// organization"; decision 055): when the user area marks an email as a different person's, or a
// move as to a different organization, the old person's entitlements must not pass to the new one.
// Inside the edit's transaction: active fulfillments end, open requests are cancelled, the user
// leaves the brokers' user groups and both Restrict Broker lists, and one 'broker research' audit
// row says what went, so an entry exists exactly when the change does.
import { sql, type Transaction } from 'kysely';
import { BR_AUDIT_CATEGORY, OPEN_REQUEST_STATUSES } from '../../src/domain/broker-research';
import { writeAudit } from '../audit';
import type { Database } from '../db/schema';

export interface DroppedAccess {
  fulfillments: number[];
  requests: number[];
  userGroups: number[];
  brokerLists: number;
}

export async function dropResearchAccess(
  trx: Transaction<Database>,
  user: { id: number; username: string },
  reason: string,
  author: string,
  now: number,
): Promise<DroppedAccess> {
  const fulfillments = (
    await trx
      .updateTable('fulfillments')
      .set({ status: 'ended', ended_at: now, ended_reason: reason, version: sql<number>`version + 1` })
      .where('user_id', '=', user.id)
      .where('status', '=', 'active')
      .returning('id')
      .execute()
  ).map((r) => Number(r.id));
  const requests = (
    await trx
      .updateTable('research_requests')
      .set({
        status: 'cancelled',
        reason,
        decided_at: now,
        decided_by: author,
        updated_at: now,
        version: sql<number>`version + 1`,
      })
      .where('user_id', '=', user.id)
      .where('status', 'in', [...OPEN_REQUEST_STATUSES])
      .returning('id')
      .execute()
  ).map((r) => Number(r.id));
  const userGroups = (
    await trx.deleteFrom('broker_user_group_members').where('user_id', '=', user.id).returning('group_id').execute()
  ).map((r) => Number(r.group_id));
  const lists = await trx.deleteFrom('user_brokers').where('user_id', '=', user.id).executeTakeFirst();
  const dropped: DroppedAccess = {
    fulfillments: fulfillments.sort((a, b) => a - b),
    requests: requests.sort((a, b) => a - b),
    userGroups: userGroups.sort((a, b) => a - b),
    brokerLists: Number(lists.numDeletedRows),
  };
  if (fulfillments.length || requests.length || userGroups.length || dropped.brokerLists) {
    await writeAudit(trx, {
      category: BR_AUDIT_CATEGORY,
      author,
      at: now,
      success: true,
      action: `Broker research access removed: ${user.username} (#${user.id}): ${fulfillments.length} fulfillment${fulfillments.length === 1 ? '' : 's'} ended, ${requests.length} open request${requests.length === 1 ? '' : 's'} cancelled`,
      previous: {
        fulfillments: dropped.fulfillments,
        requests: dropped.requests,
        user_groups: dropped.userGroups,
        broker_list_entries: dropped.brokerLists,
      },
      current: { fulfillments: [], requests: [], user_groups: [], broker_list_entries: 0, reason },
      record: { kind: 'user', id: user.id },
    });
  }
  return dropped;
}
