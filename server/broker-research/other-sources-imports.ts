// Fulfillments from Other Sources (decision 060): the imports, newest first, and the fulfillments
// one import added. Both read by keyset on an index (other_source_imports' id; fulfillments'
// (import_id, id)), so a page costs the same at any depth.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  IMPORT_FULFILLMENTS_PAGE_SIZE,
  IMPORTS_PAGE_SIZE,
  type ImportFulfillment,
  type ImportItem,
} from '../../src/domain/broker-research-other-sources';

const IMPORT_COLUMNS = [
  'id',
  'file_name',
  'source_name',
  'dist',
  'rows',
  'taken',
  'skipped',
  'refused',
  'created_by',
  'created_at',
] as const;

const asImport = (r: Record<(typeof IMPORT_COLUMNS)[number], string | number>): ImportItem => ({
  id: Number(r.id),
  file_name: String(r.file_name),
  source_name: String(r.source_name),
  dist: String(r.dist),
  rows: Number(r.rows),
  taken: Number(r.taken),
  skipped: Number(r.skipped),
  refused: Number(r.refused),
  created_by: String(r.created_by),
  created_at: Number(r.created_at),
});

/** Newest first, a page after the id `after` (null: the first page). */
export async function listImports(
  db: Kysely<Database>,
  after: number | null,
): Promise<{ imports: ImportItem[]; next: number | null }> {
  let q = db
    .selectFrom('other_source_imports')
    .select(IMPORT_COLUMNS)
    .orderBy('id', 'desc')
    .limit(IMPORTS_PAGE_SIZE + 1);
  if (after !== null) q = q.where('id', '<', after);
  const rows = (await q.execute()).map(asImport);
  const more = rows.length > IMPORTS_PAGE_SIZE;
  const imports = rows.slice(0, IMPORTS_PAGE_SIZE);
  return { imports, next: more ? imports.at(-1)!.id : null };
}

export async function findImport(db: Kysely<Database>, id: number): Promise<ImportItem | null> {
  const row = await db
    .selectFrom('other_source_imports')
    .select(IMPORT_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? asImport(row) : null;
}

/** The fulfillments an import added, in the order they were added, a page after the id `after`. */
export async function importFulfillments(
  db: Kysely<Database>,
  importId: number,
  after: number | null,
): Promise<{ fulfillments: ImportFulfillment[]; next: number | null }> {
  let q = db
    .selectFrom('fulfillments as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .innerJoin('brokers as b', 'b.id', 'f.broker_id')
    .select([
      'f.id',
      'f.user_id',
      'u.username',
      'u.email',
      'f.broker_id',
      'b.name as broker',
      'f.starts_at',
      'f.ends_at',
      'f.status',
    ])
    .where('f.import_id', '=', importId)
    .orderBy('f.id')
    .limit(IMPORT_FULFILLMENTS_PAGE_SIZE + 1);
  if (after !== null) q = q.where('f.id', '>', after);
  const rows = (await q.execute()).map((r) => ({
    id: Number(r.id),
    user_id: Number(r.user_id),
    username: r.username,
    email: r.email,
    broker_id: Number(r.broker_id),
    broker: r.broker,
    starts_at: Number(r.starts_at),
    ends_at: r.ends_at === null ? null : Number(r.ends_at),
    status: r.status,
  }));
  const more = rows.length > IMPORT_FULFILLMENTS_PAGE_SIZE;
  const fulfillments = rows.slice(0, IMPORT_FULFILLMENTS_PAGE_SIZE);
  return { fulfillments, next: more ? fulfillments.at(-1)!.id : null };
}
