import type { SnapshotFrom } from 'xstate';
import { OTHER_SOURCE_REPORT_SHOWN, type ReportRow } from '../../../domain/broker-research-other-sources';
import type { otherSourceUploadMachine } from './other-sources.machine';

type S = SnapshotFrom<typeof otherSourceUploadMachine>;

export const selectChoosing = (s: S) => s.hasTag('choosing');
export const selectLoadingImports = (s: S) => s.hasTag('loadingImports');
export const selectReading = (s: S) => s.matches('reading');
export const selectRefused = (s: S) => s.hasTag('refused');
export const selectShowsRead = (s: S) => s.hasTag('read');
export const selectEditsDetails = (s: S) => s.hasTag('details');
export const selectVerifying = (s: S) => s.matches('verifying');
export const selectVerifyFailed = (s: S) => s.matches('verifyFailed');
export const selectShowsReport = (s: S) => s.hasTag('report');
export const selectConfirming = (s: S) => s.hasTag('confirm');
export const selectApplying = (s: S) => s.hasTag('applying');
export const selectFailed = (s: S) => s.hasTag('failed');
export const selectDone = (s: S) => (s.hasTag('done') ? s.context.applied : null);
export const selectBusy = (s: S) => s.hasTag('busy');
export const selectFileName = (s: S) => s.context.fileName;
export const selectRefusal = (s: S) => s.context.refusal;
export const selectRead = (s: S) => s.context.read;
export const selectVerified = (s: S) => s.context.verified;
export const selectError = (s: S) => s.context.error;
export const selectFieldErrors = (s: S) => s.context.fieldErrors;
export const selectSourceName = (s: S) => s.context.sourceName;
export const selectDist = (s: S) => s.context.dist;
export const selectDists = (s: S) => s.context.dists;
export const selectImports = (s: S) => s.context.imports;
export const selectImportsError = (s: S) => s.context.importsError;
/** Check the file is offered: rows read, a source named, a distributor chosen. */
export const selectMayVerify = (s: S) => s.matches('read') && s.can({ type: 'verify' });
export const selectMayApply = (s: S) => s.matches('report') && (s.context.verified?.taken ?? 0) > 0;
/** A file read and not applied: leaving the page drops it. */
export const selectUnapplied = (s: S) => s.hasTag('read');

/** How many rows are not taken for each reason (numbers and values stripped), most first. */
export function reasonCounts(report: readonly ReportRow[]): { reason: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const r of report) {
    const reason = r.reason
      .replace(/#\d+/g, '#…')
      .replace(/row [\d,]+/g, 'an earlier row')
      .replace(/“[^”]*”/g, '…')
      .replace(/since \d{4}-\d{2}-\d{2}/, 'since …');
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  return [...counts]
    .map(([reason, count]) => ({ reason, count }))
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}

export const firstRows = (report: readonly ReportRow[]) => report.slice(0, OTHER_SOURCE_REPORT_SHOWN);
