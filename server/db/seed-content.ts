// Demo platform content (decision 065): saved searches, watchlists and dashboards for the demo users.
import type { Kysely } from 'kysely';
import type { Database } from './schema';

export async function seedUserContent(_trx: Kysely<Database>, _userIds: readonly number[], _now: number): Promise<void> {}
