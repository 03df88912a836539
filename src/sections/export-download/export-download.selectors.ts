// What an export's buttons and status line show.
import type { SnapshotFrom } from 'xstate';
import { countText } from '../../domain/format';
import type { exportDownloadMachine } from './export-download.machine';

type S = SnapshotFrom<typeof exportDownloadMachine>;

export interface ExportView {
  busy: boolean;
  /** The format being prepared, or the last one asked for. */
  format: string | null;
  /** The status line: preparing, downloaded, or '' before the first export. */
  status: string;
  error: string;
}

/** 'Downloaded 1,234 rows (users-2026-11-30.csv).', or the file's name alone when its rows are not counted. */
export function downloadedText(received: { filename: string; rows: number | null }): string {
  if (received.rows === null) return `Downloaded ${received.filename}.`;
  return `Downloaded ${countText(received.rows)} ${received.rows === 1 ? 'row' : 'rows'} (${received.filename}).`;
}

export function selectExport(s: S | undefined): ExportView {
  if (!s) return { busy: false, format: null, status: '', error: '' };
  const { format, received, error } = s.context;
  const busy = s.hasTag('busy');
  const status = busy ? 'Preparing export…' : s.matches('downloaded') && received ? downloadedText(received) : '';
  return { busy, format, status, error: s.matches('failed') ? error : '' };
}
