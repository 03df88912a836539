// The report counters' PostgreSQL trigger functions, rewritten so that each grouped upsert takes its
// rows in key order (decision 113). Two sign-in steps of one person at once (a right code and a
// wrong one) each move the day's event counters for every organization and for the person's own;
// taken in the order a hash aggregate gave, one held the day's rollup row of org 0 while waiting
// for its organization's, the other the reverse, and PostgreSQL ended one with "deadlock
// detected" (a 500). In key order the second waits for the first. Migrations 029, 031 and 036 now
// write the ordered functions for a new database; this one rewrites those of an existing one.
// SQLite has one writer at a time, so its triggers cannot deadlock and are left as they are.
import type { Kysely } from 'kysely';
import { engineOf } from '../connect';
import { replaceReportFunctions } from './2026_11_28_029_reports';
import { replacePersonFunctions } from './2026_11_28_031_report_counts_speed';
import { replaceEditFunction } from './2026_11_30_036_event_rollups';

type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await replaceReportFunctions(db);
  await replacePersonFunctions(db);
  await replaceEditFunction(db);
}

/** The ordered functions do what the unordered ones did; going back leaves them. */
export async function down(): Promise<void> {}
