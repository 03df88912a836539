// The Audit Log's calls (decision 062): plain functions, every reply parsed by its src/domain schema.
import * as v from 'valibot';
import { AuditEntryReply, AuditListReply, RecordHistoryReply, type RecordKind } from '../../domain/audit-log';
import { http } from '../../services/http';

/** The query string of a search: only the filters set, the result only when narrowed. */
export function auditParams(query: Record<string, string>): URLSearchParams {
  return new URLSearchParams(
    Object.entries(query).filter(([k, value]) => value !== '' && !(k === 'result' && value === 'both')),
  );
}

export async function fetchAuditPage(query: Record<string, string>): Promise<AuditListReply> {
  return v.parse(AuditListReply, await http(`/api/audit_log/?${auditParams(query)}`));
}

export async function fetchAuditEntry(id: number): Promise<AuditEntryReply> {
  return v.parse(AuditEntryReply, await http(`/api/audit_log/entry/?id=${id}`));
}

/** Where the CSV of a search downloads from (the browser fetches it as a file). */
export const auditExportUrl = (query: Record<string, string>): string => {
  const { cursor: _cursor, ...filters } = query;
  return `/api/audit_log/export/?${auditParams(filters)}`;
};

export async function fetchRecordHistory(input: {
  kind: RecordKind;
  id: number;
  cursor: string;
}): Promise<RecordHistoryReply> {
  const params = new URLSearchParams({
    kind: input.kind,
    id: String(input.id),
    ...(input.cursor ? { cursor: input.cursor } : {}),
  });
  return v.parse(RecordHistoryReply, await http(`/api/audit_log/history/?${params}`));
}
