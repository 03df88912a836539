// Brings the schema up to date on start. Migrations are listed here rather than read from disk,
// so they work the same under tsx, vitest and a bundle; names sort by their date prefix.
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { engineOf } from './connect';
import * as init from './migrations/2026_11_21_001_init';
import * as auditSource from './migrations/2026_11_21_002_audit_source';
import * as sweepIndexes from './migrations/2026_11_21_003_sweep_indexes';
import * as attemptsByUsername from './migrations/2026_11_21_004_login_attempts_by_username';
import * as sessionAuthTime from './migrations/2026_11_21_005_session_auth_time';
import * as userArea from './migrations/2026_11_21_006_user_area';
import * as userSearch from './migrations/2026_11_21_007_user_search';
import * as orgSearch from './migrations/2026_11_21_008_org_search';
import * as usersFillfactor from './migrations/2026_11_21_009_users_fillfactor';
import * as userSearchCovering from './migrations/2026_11_24_010_user_search_covering';
import * as signInThrottle from './migrations/2026_11_24_011_sign_in_throttle';
import * as bulkOperations from './migrations/2026_11_24_012_bulk_operations';
import * as segments from './migrations/2026_11_25_013_segments';
import * as brokers from './migrations/2026_11_25_014_brokers';
import * as groupManagement from './migrations/2026_11_25_015_group_management';
import * as groupSearch from './migrations/2026_11_25_016_group_search';
import * as roleManagement from './migrations/2026_11_25_017_role_management';
import * as accountSettings from './migrations/2026_11_25_018_account_settings';
import * as skus from './migrations/2026_11_25_019_skus';
import * as redshiftConfiguration from './migrations/2026_11_25_020_redshift_configuration';
import * as brokerResearch from './migrations/2026_11_25_021_broker_research';
// Broker Research's tabs (decisions 056–061).
import * as auditRecord from './migrations/2026_11_27_022_audit_record';
import * as fulfillmentEndedBy from './migrations/2026_11_27_027_fulfillment_ended_by';
import * as fulfillmentPairIndexes from './migrations/2026_11_27_027_fulfillment_pair_indexes';
import * as otherSourceImports from './migrations/2026_11_27_023_other_source_imports';
import * as brokerDetails from './migrations/2026_11_27_024_broker_details';
import * as brokerDomainUsers from './migrations/2026_11_27_025_broker_domain_users';
// The Audit Log (decision 062).
import * as auditSearch from './migrations/2026_11_28_028_audit_search';
import * as reports from './migrations/2026_11_28_029_reports';
import * as reportCountsSpeed from './migrations/2026_11_28_031_report_counts_speed';
import * as inviteRequests from './migrations/2026_11_28_030_invite_requests';
import * as inviteSearch from './migrations/2026_11_28_030_invite_search';
import * as userContent from './migrations/2026_11_28_032_user_content';
import * as accountNameKey from './migrations/2026_11_29_033_account_name_key';
import * as linkedIdentity from './migrations/2026_11_29_034_linked_identity';
import * as auditNames from './migrations/2026_11_30_035_audit_names';
import * as eventRollups from './migrations/2026_11_30_036_event_rollups';
import * as auditActionWindow from './migrations/2026_11_30_037_audit_action_window';
import * as inviteTrigrams from './migrations/2026_11_30_038_invite_trigrams';
import * as countersInKeyOrder from './migrations/2026_11_30_039_counters_in_key_order';
import type { Database } from './schema';

const MIGRATIONS: Record<string, Migration> = {
  '2026_11_21_001_init': init,
  '2026_11_21_002_audit_source': auditSource,
  '2026_11_21_003_sweep_indexes': sweepIndexes,
  '2026_11_21_004_login_attempts_by_username': attemptsByUsername,
  '2026_11_21_005_session_auth_time': sessionAuthTime,
  '2026_11_21_006_user_area': userArea,
  '2026_11_21_007_user_search': userSearch,
  '2026_11_21_008_org_search': orgSearch,
  '2026_11_21_009_users_fillfactor': usersFillfactor,
  '2026_11_24_010_user_search_covering': userSearchCovering,
  '2026_11_24_011_sign_in_throttle': signInThrottle,
  '2026_11_24_012_bulk_operations': bulkOperations,
  '2026_11_25_013_segments': segments,
  '2026_11_25_014_brokers': brokers,
  '2026_11_25_015_group_management': groupManagement,
  '2026_11_25_016_group_search': groupSearch,
  '2026_11_25_017_role_management': roleManagement,
  '2026_11_25_018_account_settings': accountSettings,
  '2026_11_25_019_skus': skus,
  '2026_11_25_020_redshift_configuration': redshiftConfiguration,
  '2026_11_25_021_broker_research': brokerResearch,
  '2026_11_27_022_audit_record': auditRecord,
  '2026_11_27_027_fulfillment_ended_by': fulfillmentEndedBy,
  '2026_11_27_027_fulfillment_pair_indexes': fulfillmentPairIndexes,
  '2026_11_27_023_other_source_imports': otherSourceImports,
  '2026_11_27_024_broker_details': brokerDetails,
  '2026_11_27_025_broker_domain_users': brokerDomainUsers,
  '2026_11_28_028_audit_search': auditSearch,
  '2026_11_28_029_reports': reports,
  '2026_11_28_031_report_counts_speed': reportCountsSpeed,
  '2026_11_28_030_invite_requests': inviteRequests,
  '2026_11_28_030_invite_search': inviteSearch,
  '2026_11_28_032_user_content': userContent,
  '2026_11_29_033_account_name_key': accountNameKey,
  '2026_11_29_034_linked_identity': linkedIdentity,
  '2026_11_30_035_audit_names': auditNames,
  '2026_11_30_036_event_rollups': eventRollups,
  '2026_11_30_037_audit_action_window': auditActionWindow,
  '2026_11_30_038_invite_trigrams': inviteTrigrams,
  '2026_11_30_039_counters_in_key_order': countersInKeyOrder,
};

/** Every migration this code knows: a database that applied one not listed is newer than the code. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS);

/** Where the database's schema stands against the migrations this code knows. */
export interface MigrationState {
  /** Known here and not yet applied. */
  pending: string[];
  /** Applied to the database and unknown here: a newer version migrated it. */
  unknown: string[];
}

/** Reads Kysely's record of applied migrations; a database never migrated has none. */
export async function migrationState(db: Kysely<Database>): Promise<MigrationState> {
  const exists =
    engineOf(db) === 'postgres'
      ? sql<{ found: string | null }>`select to_regclass('kysely_migration')::text as found`
      : sql<{
          found: string | null;
        }>`select name as found from sqlite_master where type = 'table' and name = 'kysely_migration'`;
  const found = (await exists.execute(db)).rows[0]?.found;
  const applied = found
    ? (await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((r) => r.name)
    : [];
  return {
    pending: Object.keys(MIGRATIONS).filter((name) => !applied.includes(name)),
    unknown: applied.filter((name) => !(name in MIGRATIONS)),
  };
}

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  await migrate(db, (m) => m.migrateToLatest());
}

/** Brings the schema to the named migration (tests of a migration's data use it). */
export async function migrateTo(db: Kysely<Database>, name: string): Promise<void> {
  if (!(name in MIGRATIONS)) throw new Error(`No migration named ${name}`);
  await migrate(db, (m) => m.migrateTo(name));
}

async function migrate(
  db: Kysely<Database>,
  run: (migrator: Migrator) => ReturnType<Migrator['migrateToLatest']>,
): Promise<void> {
  // Sections land their migrations in parallel: one named earlier than the latest applied still runs.
  const { error, results } = await run(new Migrator({ db, provider, allowUnorderedMigrations: true }));
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
