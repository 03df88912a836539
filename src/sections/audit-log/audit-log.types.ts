// The Audit Log's machine (auditBrowser): what it is given, holds and hears.
import type { AuditEntryReply, AuditListItem, AuditListReply, AuditResult } from '../../domain/audit-log';
import type { AuditCategory } from '../../domain/audit';
import type { RecordKind } from '../../domain/audit-log';
import type { BareEvent } from '../../machines/shared/bare-event.types';
import type { IdEvent } from '../../machines/shared/payload-event.types';

/** The search as the URL holds it; '' for a filter not set. */
export interface AuditQuery {
  category: AuditCategory | '';
  author: string;
  record_kind: RecordKind | '';
  record_id: string;
  action: string;
  from: string;
  to: string;
  result: AuditResult;
  /** The page's cursor as text ('1764000000000-812'); '' for the first page. */
  cursor: string;
}

export interface AuditBrowserInput {
  query: AuditQuery;
}

export interface AuditBrowserContext {
  query: AuditQuery;
  entries: AuditListItem[];
  /** The next page's cursor as text; null on the last page. */
  next: string | null;
  total: number;
  totalCapped: boolean;
  /** Why the list could not be read (a filter the server refused names its field). */
  error: string | null;
  /** The entry opened, and what the server said of it. */
  openId: number | null;
  entry: AuditEntryReply | null;
  entryError: string | null;
}

export type AuditBrowserEvent =
  | BareEvent<'list.retry' | 'entry.retry' | 'entry.close'>
  | { type: 'query.set'; query: AuditQuery }
  | IdEvent<'entry.open'>;

export type LoadOutcome = AuditListReply;
export type EntryOutcome = AuditEntryReply;
