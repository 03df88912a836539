// A record's History tab (recordHistory): what it is given, holds and hears.
import type { HistoryItem, RecordHistoryReply, RecordKind } from '../../domain/audit-log';
import type { Notice } from '../../machines/shared/notice';

export interface RecordHistoryInput {
  kind: RecordKind;
  id: number;
}

export interface RecordHistoryContext {
  kind: RecordKind;
  id: number;
  entries: HistoryItem[];
  /** The next page's cursor as text; null on the last page. */
  next: string | null;
  /** Why the first page could not be read. */
  error: string | null;
  /** Why an older page could not be read. */
  notice: Notice | null;
}

export type RecordHistoryEvent = { type: 'list.retry' } | { type: 'history.more' };

export type HistoryOutcome = RecordHistoryReply;
export interface HistoryQuery {
  kind: RecordKind;
  id: number;
  cursor: string;
}
