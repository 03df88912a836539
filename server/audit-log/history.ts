// One record's history (decision 062): the entries naming it (record_kind, record_id), newest first,
// one range of migration 028's record index, each with its change in words.
import { sql, type Kysely } from 'kysely';
import { AUDIT_PAGE_SIZE, type AuditCursor, type HistoryItem, type RecordKind } from '../../src/domain/audit-log';
import { auditChanges } from '../../src/domain/audit-log-diff';
import type { Database } from '../db/schema';
import { namedRecord, namesForRows } from './names';
import { itemOf, LIST_COLUMNS, parseData } from './search';

export async function recordHistory(
  db: Kysely<Database>,
  product: string,
  kind: RecordKind,
  id: number,
  after: AuditCursor | null,
): Promise<{ entries: HistoryItem[]; next: AuditCursor | null }> {
  let q = db
    .selectFrom('audit_log')
    .select([...LIST_COLUMNS, 'previous_data', 'current_data', 'names'])
    .where('record_kind', '=', kind)
    .where('record_id', '=', id);
  if (after) q = q.where(sql`(created_at, id)`, '<', sql`(${after.at}, ${after.id})`);
  const rows = await q
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(AUDIT_PAGE_SIZE + 1)
    .execute();
  const page = rows.slice(0, AUDIT_PAGE_SIZE).map((r) => ({
    row: r,
    item: itemOf(r),
    previous: parseData(r.previous_data),
    current: parseData(r.current_data),
  }));
  const names = await namesForRows(
    db,
    page.map((p) => ({ ...p, category: p.row.category, names: p.row.names, record: p.item.record })),
  );
  const entries = page.map((p, i) => ({
    ...p.item,
    record: namedRecord(p.item.record, names[i]!),
    changes: auditChanges(product, p.row.category, p.previous, p.current, names[i]),
  }));
  const last = entries.at(-1);
  return { entries, next: rows.length > AUDIT_PAGE_SIZE && last ? { at: last.created_at, id: last.id } : null };
}
