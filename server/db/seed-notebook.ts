// Demo notebook content (decision 065): the note template library and a few users' notebook settings.
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config';
import type { Database } from './schema';

export async function seedNotebook(_trx: Kysely<Database>, _config: ServerConfig, _userIds: readonly number[], _now: number): Promise<void> {}
