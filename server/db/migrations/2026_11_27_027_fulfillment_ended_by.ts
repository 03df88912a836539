// FulFillments (decision 058): who ended a fulfillment. Staff end an active fulfillment with a
// reason on the FulFillments tab; the row keeps who did it beside when (ended_at) and why
// (ended_reason), so the list and a colleague who tried the same a moment later can say it.
// Rows ended by the server (a different person or organization) or by an import carry none.
import type { Kysely } from 'kysely';

type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('fulfillments').addColumn('ended_by', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('fulfillments').dropColumn('ended_by').execute();
}
