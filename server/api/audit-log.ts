// The Audit Log (decision 062): the search of every entry (category, author, record, action words,
// days, result) newest first, one entry's change field by field, the CSV of a search, and one
// record's history, which the record's own section may read as well.
import {
  AuditEntryQuery,
  AuditExportQuery,
  AuditSearchQuery,
  AUDIT_MESSAGES,
  HISTORY_FEATURES,
  RecordHistoryQuery,
  RECORD_KINDS,
  type AuditEntryReply,
  type AuditListReply,
  type RecordHistoryReply,
} from '../../src/domain/audit-log';
import { auditChanges } from '../../src/domain/audit-log-diff';
import { auditExportFilename, auditExportStream } from '../audit-log/export';
import { recordHistory } from '../audit-log/history';
import { namedRecord, namesForRows } from '../audit-log/names';
import { findEntry, itemOf, parseData, searchAudit } from '../audit-log/search';
import { EXPORT_CONTENT_TYPES } from '../export/spreadsheet';
import { forbidden, noFeatureRefusal, refuseFields } from '../http/replies';
import { defineRoute, type Route } from '../routes';

const search = defineRoute({
  method: 'GET',
  path: '/api/audit_log/',
  access: 'audit_log_tab',
  schema: AuditSearchQuery,
  summary:
    'Entries newest first, 50 a page: category, author, record_kind + record_id, action words, from/to days (UTC), result both|success|failed; cursor (created_at-id) is the next page; the total counted to 1,000.',
  async handler({ c, deps, input }) {
    const { cursor, ...filter } = input;
    const page = await searchAudit(deps.db, filter, cursor || null);
    const reply: AuditListReply = { status: true, ...page };
    return c.json(reply);
  },
});

const entry = defineRoute({
  method: 'GET',
  path: '/api/audit_log/entry/',
  access: 'audit_log_tab',
  schema: AuditEntryQuery,
  summary: 'One entry with each field its previous and current data differ in, in words; secrets hidden.',
  async handler({ c, deps, input }) {
    const row = await findEntry(deps.db, input.id);
    if (!row) return refuseFields(c, AUDIT_MESSAGES.noEntry(input.id), { id: AUDIT_MESSAGES.noEntry(input.id) });
    const item = itemOf(row);
    const previous = parseData(row.previous_data);
    const current = parseData(row.current_data);
    const [names] = await namesForRows(deps.db, [
      { category: row.category, previous, current, names: row.names, record: item.record },
    ]);
    const reply: AuditEntryReply = {
      status: true,
      entry: { ...item, record: namedRecord(item.record, names!) },
      changes: auditChanges(deps.config.productKey, row.category, previous, current, names),
    };
    return c.json(reply);
  },
});

const exportCsv = defineRoute({
  method: 'GET',
  path: '/api/audit_log/export/',
  access: 'audit_log_tab',
  schema: AuditExportQuery,
  summary: 'Every entry the search matches, newest first, as a CSV download (secrets hidden in the data columns).',
  handler({ deps, input, now }) {
    return new Response(auditExportStream(deps.db, input), {
      headers: {
        'Content-Type': EXPORT_CONTENT_TYPES.csv,
        'Content-Disposition': `attachment; filename="${auditExportFilename(now)}"`,
        'Cache-Control': 'no-store',
      },
    });
  },
});

const history = defineRoute({
  method: 'GET',
  path: '/api/audit_log/history/',
  access: HISTORY_FEATURES,
  schema: RecordHistoryQuery,
  summary:
    "One record's entries newest first (kind, id, cursor); a kind whose section the session lacks is refused (403).",
  async handler({ c, deps, input, session }) {
    const needs = RECORD_KINDS[input.kind].feature;
    if (!session.grants.features.includes(needs)) return forbidden(c, noFeatureRefusal(needs));
    const page = await recordHistory(deps.db, deps.config.productKey, input.kind, input.id, input.cursor || null);
    const reply: RecordHistoryReply = { status: true, ...page };
    return c.json(reply);
  },
});

export const auditLogRoutes: readonly Route[] = [search, entry, exportCsv, history];
