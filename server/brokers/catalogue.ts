// The brokers and broker groups (spec §3, §7 "Broker research"): the lists Broker Research reads,
// and the checks the Restrict Broker actions make on the ids they are sent.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Broker, BrokerGroup } from '../../src/domain/brokers';
import type { Database } from '../db/schema';
import { chunks, LOOKUP_BATCH, oneOf } from '../db/value-lists';

type Db = Kysely<Database> | Transaction<Database>;

export const toBroker = (r: { id: number; name: string; open_access: number }): Broker => ({
  id: Number(r.id),
  name: r.name,
  open_access: r.open_access === 1,
});

/** Every broker by name, or (pb) those of the broker group with that id. */
export async function listBrokers(db: Db, groupId?: number): Promise<Broker[]> {
  let q = db.selectFrom('brokers').select(['id', 'name', 'open_access']);
  if (groupId !== undefined) q = q.where('group_id', '=', groupId);
  const rows = await q.orderBy('name').orderBy('id').execute();
  return rows.map(toBroker);
}

export async function listBrokerGroups(db: Db): Promise<BrokerGroup[]> {
  const rows = await db
    .selectFrom('broker_groups')
    .select(['id', 'name', 'product_id'])
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name, productId: Number(r.product_id) }));
}

/** Of these ids, those no broker has, in the order given. */
export async function unknownBrokerIds(db: Db, ids: readonly number[]): Promise<number[]> {
  const known = new Set<number>();
  for (const batch of chunks([...new Set(ids)], LOOKUP_BATCH)) {
    const rows = await db
      .selectFrom('brokers')
      .select('id')
      .where(oneOf(db, sql.ref('id'), batch, 'bigint'))
      .execute();
    for (const r of rows) known.add(Number(r.id));
  }
  return ids.filter((id) => !known.has(id));
}
