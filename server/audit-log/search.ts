// The Audit Log's search (decision 062): entries newest first, a page at a time from a keyset
// cursor on (created_at, id). Every filter but the action text is a column an index of migration
// 028 leads with, ending with the order, so a page is one range read. The action text is words
// anywhere in the action: no index serves that, so a page with it walks at most ACTION_SCAN_WINDOW
// entries of the other filters' range and says how far back it looked; the next page goes on from there.
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool, type Transaction } from 'kysely';
import {
  AUDIT_PAGE_SIZE,
  AUDIT_TOTAL_CAP,
  DAY_MS,
  dayStart,
  type AuditCursor,
  type AuditFilter,
  type AuditListItem,
} from '../../src/domain/audit-log';
import { engineOf } from '../db/connect';
import { boundedPage, cappedCount } from '../db/keyset';
import type { AuditRow, Database } from '../db/schema';
import { lookUpNames, namedRecord } from './names';
import { contains, foldedAsLower } from '../db/like';

type Db = Kysely<Database> | Transaction<Database>;
type Eb = ExpressionBuilder<Database, 'audit_log'>;

/** Entries an action-text page looks through at most. */
export const ACTION_SCAN_WINDOW = 20_000;

export const LIST_COLUMNS = [
  'id',
  'category',
  'author',
  'action',
  'origin',
  'source',
  'created_at',
  'success',
  'record_kind',
  'record_id',
] as const;
type ListRow = Pick<AuditRow, (typeof LIST_COLUMNS)[number]>;

export function itemOf(r: ListRow): AuditListItem {
  return {
    id: Number(r.id),
    category: r.category,
    author: r.author,
    action: r.action,
    origin: r.origin,
    source: r.source,
    created_at: Number(r.created_at),
    success: Number(r.success) === 1,
    record: r.record_kind === null || r.record_id === null ? null : { kind: r.record_kind, id: Number(r.record_id) },
  };
}

/** The indexed filters and the cursor, as one condition. */
export function filterWhere(f: AuditFilter, after: AuditCursor | null) {
  return (eb: Eb): Expression<SqlBool> => {
    const and: Expression<SqlBool>[] = [];
    if (f.category) and.push(eb('category', '=', f.category));
    if (f.author) and.push(eb('author', '=', f.author));
    if (f.record_kind && f.record_id !== '')
      and.push(eb('record_kind', '=', f.record_kind), eb('record_id', '=', f.record_id));
    if (f.result !== 'both') and.push(eb('success', '=', f.result === 'success' ? 1 : 0));
    if (f.from) and.push(eb('created_at', '>=', dayStart(f.from)));
    if (f.to) and.push(eb('created_at', '<', dayStart(f.to) + DAY_MS));
    // A row value, so both engines read the index range from the cursor.
    if (after) and.push(sql<SqlBool>`(created_at, id) < (${after.at}, ${after.id})`);
    return eb.and(and);
  };
}

function actionLike(db: Db, text: string) {
  return contains(sql`lower(action)`, foldedAsLower(engineOf(db), text));
}

export interface AuditPage {
  entries: AuditListItem[];
  next: AuditCursor | null;
  total: number;
  total_capped: boolean;
}

/** The entries of a read of one page and one more row, newest first, and the last one kept. */
function pageOf(rows: readonly ListRow[]): {
  entries: AuditListItem[];
  more: boolean;
  last: AuditListItem | undefined;
} {
  const { page, more } = boundedPage(rows, AUDIT_PAGE_SIZE);
  const entries = page.map(itemOf);
  return { entries, more, last: entries.at(-1) };
}

/** A page's entries with their records named as they are called now: one lookup per kind. */
async function withRecordNames(db: Db, page: AuditPage): Promise<AuditPage> {
  const names = await lookUpNames(
    db,
    page.entries.flatMap((e) => (e.record ? [e.record] : [])),
  );
  return { ...page, entries: page.entries.map((e) => ({ ...e, record: namedRecord(e.record, names) })) };
}

export async function searchAudit(db: Db, f: AuditFilter, after: AuditCursor | null): Promise<AuditPage> {
  return withRecordNames(db, await (f.action ? searchByAction(db, f, after) : searchByFilters(db, f, after)));
}

async function searchByFilters(db: Db, f: AuditFilter, after: AuditCursor | null): Promise<AuditPage> {
  const rows = await db
    .selectFrom('audit_log')
    .select([...LIST_COLUMNS])
    .where(filterWhere(f, after))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(AUDIT_PAGE_SIZE + 1)
    .execute();
  const { entries, more, last } = pageOf(rows);
  const total = await cappedCount(
    db,
    db
      .selectFrom('audit_log')
      .select(sql`1`.as('one'))
      .where(filterWhere(f, null)),
    AUDIT_TOTAL_CAP,
  );
  return {
    entries,
    next: more && last ? { at: last.created_at, id: last.id } : null,
    total: Math.min(total, AUDIT_TOTAL_CAP),
    total_capped: total > AUDIT_TOTAL_CAP,
  };
}

/**
 * Action words: the matches among the next ACTION_SCAN_WINDOW entries of the other filters. When
 * the window ends before a page is filled, the next page starts after the window's last entry;
 * the total is what the window held, capped when there is more to look through.
 */
async function searchByAction(db: Db, f: AuditFilter, after: AuditCursor | null): Promise<AuditPage> {
  // The window is read for its order and action alone: with no other filter, from the index on
  // (created_at, id) that carries the action (migration 037), never the table; only the page's
  // own entries are then read whole.
  const windowed = (eb: { selectFrom: Db['selectFrom'] }) =>
    eb
      .selectFrom('audit_log')
      .select(['id', 'created_at', 'action'])
      .where(filterWhere(f, after))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(ACTION_SCAN_WINDOW);
  const found = await db
    .selectFrom((eb) => windowed(eb).as('w'))
    .select('id')
    .where(actionLike(db, f.action))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(AUDIT_PAGE_SIZE + 1)
    .execute();
  const rows = found.length
    ? await db
        .selectFrom('audit_log')
        .select([...LIST_COLUMNS])
        .where(
          'id',
          'in',
          found.map((r) => r.id),
        )
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute()
    : [];
  const { entries, more, last } = pageOf(rows);
  if (more && last)
    return { entries, next: { at: last.created_at, id: last.id }, total: AUDIT_PAGE_SIZE, total_capped: true };
  const end = await db
    .selectFrom('audit_log')
    .select(['created_at', 'id'])
    .where(filterWhere(f, after))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .offset(ACTION_SCAN_WINDOW - 1)
    .executeTakeFirst();
  return {
    entries,
    next: end ? { at: Number(end.created_at), id: Number(end.id) } : null,
    total: entries.length,
    total_capped: end !== undefined,
  };
}

/** One entry whole: its list fields and its stored data. */
export async function findEntry(db: Db, id: number) {
  return db
    .selectFrom('audit_log')
    .select([...LIST_COLUMNS, 'previous_data', 'current_data', 'names'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export const parseData = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};
