// Segments in the database (decision 046): listed a page at a time by name, each with its member
// count; created, renamed and deleted each in one transaction with its audit row (category
// 'user': segments are part of user management, as tags are). Names are unique whatever their
// case: checked first for a clear message, and held by the unique index against a racing save.
// An update names the version it started from and changes the row only if that is still the one
// stored (one conditional UPDATE), so of two concurrent saves one wins and the other is stale.
import { sql, type Kysely, type Selectable } from 'kysely';
import * as v from 'valibot';
import { SegmentQuery, type Segment } from '../../src/domain/segments';
import { auditRecordChange, type ChangeTrail } from '../audit';
import type { Database, SegmentsTable } from '../db/schema';
import { memberCount, memberCounts, type MemberCount } from './members';
import { isUniqueViolation } from '../db/unique-violation';
import { firstVersion, updateAtVersion } from '../db/versioned-row';
import { containsPattern, likeWith } from '../db/like';

type Row = Selectable<SegmentsTable>;

/** The stored query; a row no longer valid under the list's schema reads as the plain list, never throws. */
export function queryOf(row: Pick<Row, 'query'>): SegmentQuery {
  let raw: unknown;
  try {
    raw = JSON.parse(row.query);
  } catch {
    raw = {};
  }
  const parsed = v.safeParse(SegmentQuery, raw);
  return parsed.success ? parsed.output : v.parse(SegmentQuery, {});
}

function toSegment(row: Row, count: MemberCount): Segment {
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    query: queryOf(row),
    member_count: count.count,
    member_count_capped: count.capped,
    created_by: row.created_by,
    updated_by: row.updated_by,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    version: Number(row.version),
  };
}

/** What the audit keeps of a segment. */
const audited = (row: Row) => ({
  id: Number(row.id),
  name: row.name,
  description: row.description,
  query: queryOf(row),
  version: Number(row.version),
});

/** A segment change's audit entries (category 'user'; segments keep no history of their own). */
const trailOf = (author: string, now: number): ChangeTrail => ({ category: 'user', author, at: now });

export interface SegmentPage {
  segments: Segment[];
  total: number;
}

export async function listSegments(
  db: Kysely<Database>,
  opts: { q: string; page: number; pageSize: number; id: number | null },
): Promise<SegmentPage> {
  let base = db.selectFrom('segments');
  if (opts.q !== '') base = base.where(likeWith(sql`lower(name)`, sql`lower(${containsPattern(opts.q)})`));
  if (opts.id !== null) base = base.where('id', '=', opts.id);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize)
    .execute();
  const counts = await memberCounts(db, rows.map(queryOf));
  return { segments: rows.map((r, i) => toSegment(r, counts[i]!)), total: Number(n) };
}

export async function findSegment(db: Kysely<Database>, id: number): Promise<Row | undefined> {
  return db.selectFrom('segments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function segmentWithCount(db: Kysely<Database>, row: Row): Promise<Segment> {
  return toSegment(row, await memberCount(db, queryOf(row)));
}

export const nameTaken = (name: string) => `A segment named '${name}' exists (names are the same whatever their case).`;

export type SaveResult =
  { ok: true; row: Row } | { ok: false; reason: 'name' } | { ok: false; reason: 'stale'; current: Row | null };

async function nameInUse(db: Kysely<Database>, name: string, except: number | null): Promise<boolean> {
  let q = db
    .selectFrom('segments')
    .select('id')
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (except !== null) q = q.where('id', '<>', except);
  return (await q.executeTakeFirst()) !== undefined;
}

export interface NewSegment {
  name: string;
  description: string;
  query: SegmentQuery;
}

export async function createSegment(
  db: Kysely<Database>,
  input: NewSegment,
  author: string,
  now: number,
): Promise<SaveResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      if (await nameInUse(trx, input.name, null)) return { ok: false as const, reason: 'name' as const };
      const row = await trx
        .insertInto('segments')
        .values({
          name: input.name,
          description: input.description,
          query: JSON.stringify(input.query),
          ...firstVersion(author, now),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await auditRecordChange(trx, trailOf(author, now), row.id, `segment created: ${row.name} (#${row.id})`, {
        current: audited(row),
      });
      return { ok: true as const, row };
    });
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false, reason: 'name' };
    throw err;
  }
}

export interface SegmentChange {
  id: number;
  version: number;
  name: string;
  description: string;
  /** Undefined: the query stays. */
  query: SegmentQuery | undefined;
}

export async function updateSegment(
  db: Kysely<Database>,
  change: SegmentChange,
  author: string,
  now: number,
): Promise<SaveResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('segments').selectAll().where('id', '=', change.id).executeTakeFirst();
      if (!before || Number(before.version) !== change.version)
        return { ok: false as const, reason: 'stale' as const, current: before ?? null };
      if (await nameInUse(trx, change.name, change.id)) return { ok: false as const, reason: 'name' as const };
      const row = await updateAtVersion(trx, 'segments', change, {
        name: change.name,
        description: change.description,
        ...(change.query ? { query: JSON.stringify(change.query) } : {}),
        updated_by: author,
        updated_at: now,
      });
      if (!row) {
        const current = await trx.selectFrom('segments').selectAll().where('id', '=', change.id).executeTakeFirst();
        return { ok: false as const, reason: 'stale' as const, current: current ?? null };
      }
      await auditRecordChange(trx, trailOf(author, now), row.id, `segment changed: ${row.name} (#${row.id})`, {
        previous: audited(before),
        current: audited(row),
      });
      return { ok: true as const, row };
    });
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false, reason: 'name' };
    throw err;
  }
}

/** Deletes the segment; false when there was none. */
export async function deleteSegment(
  db: Kysely<Database>,
  id: number,
  author: string,
  now: number,
): Promise<Row | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('segments').where('id', '=', id).returningAll().executeTakeFirst();
    if (!row) return null;
    await auditRecordChange(trx, trailOf(author, now), row.id, `segment deleted: ${row.name} (#${row.id})`, {
      previous: audited(row),
    });
    return row;
  });
}
