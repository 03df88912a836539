// The Audit Log's CSV (decision 062): every entry a search matches, newest first, read by keyset
// in batches only as the download asks for them, so a million entries hold one batch in memory.
// The data columns carry the stored JSON with every secret replaced (redactSecrets).
import type { Kysely } from 'kysely';
import { AUDIT_EXPORT_COLUMNS, recordText, type AuditCursor, type AuditFilter } from '../../src/domain/audit-log';
import { redactSecrets } from '../../src/domain/audit-log-diff';
import type { Database } from '../db/schema';
import { csvWriter, isoTime, spreadsheetStream, type SheetLayout } from '../export/spreadsheet';
import { filterWhere, LIST_COLUMNS, parseData } from './search';

export const AUDIT_EXPORT_BATCH = 5_000;

interface ExportRow {
  created_at: number;
  category: string;
  author: string;
  action: string;
  success: boolean;
  origin: string;
  record: string;
  previous: string;
  current: string;
}

const redactedJson = (text: string | null): string =>
  text === null ? '' : JSON.stringify(redactSecrets(parseData(text)));

export const AUDIT_SHEET: SheetLayout<ExportRow> = {
  header: AUDIT_EXPORT_COLUMNS,
  cells: (r) => [
    isoTime(r.created_at),
    r.category,
    r.author,
    r.action,
    r.success ? 'Success' : 'Failed',
    r.origin,
    r.record,
    r.previous,
    r.current,
  ],
  sheetName: 'Audit log',
};

/** audit-log-2026-11-28.csv, by the server's UTC date. */
export const auditExportFilename = (now: number): string => `audit-log-${new Date(now).toISOString().slice(0, 10)}.csv`;

/** Text-search exports match the action words in each batch (the search's window does not apply: the file is every match). */
async function* batches(db: Kysely<Database>, f: AuditFilter): AsyncGenerator<ExportRow[]> {
  let after: AuditCursor | null = null;
  const words = f.action.toLowerCase();
  for (;;) {
    const rows = await db
      .selectFrom('audit_log')
      .select([...LIST_COLUMNS, 'previous_data', 'current_data'])
      .where(filterWhere({ ...f, action: '' }, after))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(AUDIT_EXPORT_BATCH)
      .execute();
    if (rows.length === 0) return;
    yield rows
      .filter((r) => words === '' || r.action.toLowerCase().includes(words))
      .map((r) => ({
        created_at: Number(r.created_at),
        category: r.category,
        author: r.author,
        action: r.action,
        success: Number(r.success) === 1,
        origin: r.origin,
        record:
          r.record_kind === null || r.record_id === null
            ? ''
            : recordText({ kind: r.record_kind, id: Number(r.record_id) }),
        previous: redactedJson(r.previous_data),
        current: redactedJson(r.current_data),
      }));
    if (rows.length < AUDIT_EXPORT_BATCH) return;
    const last: { created_at: number; id: number } = rows.at(-1)!;
    after = { at: Number(last.created_at), id: Number(last.id) };
  }
}

export const auditExportStream = (db: Kysely<Database>, f: AuditFilter): ReadableStream<Uint8Array> =>
  spreadsheetStream(batches(db, f), csvWriter(AUDIT_SHEET));
