import type { SnapshotFrom } from 'xstate';
import type { InvalidDataPoint, ValidDataPoint } from '../../domain/groups-v2';
import { fileReadSelectors } from '../../machines/shared/file-read.selectors';
import type { groupBulkUploadMachine } from './groups-v2-upload.machine';

type S = SnapshotFrom<typeof groupBulkUploadMachine>;

/** Rows a preview or report table lists; the counts say how many there are in all. */
export const ROWS_SHOWN = 100;

const upload = fileReadSelectors<S>();
export const { selectParsing, selectRefused, selectShowsPreview, selectApplying, selectFailed, selectBusy } = upload;
export const { selectFileName, selectUpload, selectRefusal, selectPreview, selectError } = upload;
export const selectVerifying = (s: S) => s.hasTag('verifying');
export const selectVerifyFailed = (s: S) => s.hasTag('verifyFailed');
/** The reader set every row aside: its report, and nothing sent. */
export const selectNothingRead = (s: S) => s.hasTag('nothingRead');
export const selectReport = (s: S) => (s.hasTag('report') ? s.context.report : null);
/** Add to group is offered: a preview with at least one valid row. */
export const selectMayApply = (s: S) =>
  s.matches({ parsed: 'preview' }) && (s.context.preview?.validDataPoints.length ?? 0) > 0;
/** A read file not applied yet: leaving the page loses it. */
export const selectUnapplied = (s: S) => (s.hasTag('parsed') && !s.hasTag('nothingRead')) || s.hasTag('failed');

/** A row of the preview or report: its row in the file, what it held, and its reason when not taken. */
export interface RowLine {
  row: number;
  value: string;
  reason: string | null;
  /** The user a valid row names. */
  user: string | null;
}

/** The file's row of each identifier (the reader keeps each once, case-insensitively). */
function rowOf(s: S): (value: string) => number {
  const u = s.context.upload;
  const map = new Map<string, number>();
  if (u) u.values.forEach((value, i) => map.set(value.trim().toLowerCase(), u.rows[i] ?? 0));
  return (value) => map.get(value.trim().toLowerCase()) ?? 0;
}

export function rowLines(s: S, points: readonly (ValidDataPoint | InvalidDataPoint)[]): RowLine[] {
  const row = rowOf(s);
  return points.slice(0, ROWS_SHOWN).map((p) => ({
    row: row(p.identifier),
    value: p.identifier,
    reason: 'reason' in p ? p.reason : null,
    user: 'username' in p ? p.username : null,
  }));
}

/** Rows not taken counted by why: the server's reasons as they read, the reader's as one kind. */
export function reasonCounts(s: S, invalid: readonly InvalidDataPoint[]): { reason: string; count: number }[] {
  const counts = new Map<string, number>();
  const read = s.context.upload?.problemCount ?? 0;
  for (const p of invalid) counts.set(p.reason, (counts.get(p.reason) ?? 0) + 1);
  const out = [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
  if (read > 0) out.push({ reason: READER_REASON, count: read });
  return out;
}
/** The reader's rows not taken (repeats, several values, blanks), each reported by row below. */
export const READER_REASON = 'Not read from the file (a repeat, several values in a row, …).';
