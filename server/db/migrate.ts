// Brings the schema up to date on start. Migrations are listed here rather than read from disk,
// so they work the same under tsx, vitest and a bundle; names sort by their date prefix.
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as init from './migrations/2026_11_21_001_init';
import * as auditSource from './migrations/2026_11_21_002_audit_source';
import * as sweepIndexes from './migrations/2026_11_21_003_sweep_indexes';
import type { Database } from './schema';

const MIGRATIONS: Record<string, Migration> = {
  '2026_11_21_001_init': init,
  '2026_11_21_002_audit_source': auditSource,
  '2026_11_21_003_sweep_indexes': sweepIndexes,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
