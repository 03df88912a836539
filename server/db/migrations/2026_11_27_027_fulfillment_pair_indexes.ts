// FulFillments (decision 058): an index for each pair of filters where the first leaves many rows
// and the second keeps few of them: a broker's ended fulfillments, a broker's from one source, an
// organization's of one broker. With only the single-filter indexes of migration 021 such a page,
// and its count, read every row of the broker (56,000 at the bench's busiest) to keep a few; with
// these it is one index range, as a single filter is.
import type { Kysely } from 'kysely';

type AnyDb = Kysely<any>;

export const FULFILLMENT_PAIR_INDEXES = [
  ['fulfillments_broker_status_created_idx', ['broker_id', 'status']],
  ['fulfillments_broker_source_created_idx', ['broker_id', 'source']],
  ['fulfillments_organization_broker_created_idx', ['organization_id', 'broker_id']],
] as const;

export async function up(db: AnyDb): Promise<void> {
  for (const [name, lead] of FULFILLMENT_PAIR_INDEXES) {
    await db.schema
      .createIndex(name)
      .on('fulfillments')
      .columns([...lead, 'created_at', 'id'])
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const [name] of FULFILLMENT_PAIR_INDEXES) await db.schema.dropIndex(name).execute();
}
