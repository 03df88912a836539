// The per-user report of an applied bulk edit as CSV, built in the browser for "Download report
// (CSV)", its cells written by the panel's one CSV cell (src/domain/csv-cell.ts).
import { csvLine } from '../../domain/csv-cell';
import type { BulkField } from '../../domain/user-fields';
import type { ReportData } from './bulk-edit.types';

export const REPORT_FILE_NAME = 'bulk-edit-report.csv';
export const REPORT_COLUMNS = ['user_id', 'username', 'result', 'changed'] as const;

/** Field keys as a person reads them ("Active; Expiry date"). */
export function changedLabels(fields: readonly BulkField[], keys: readonly string[]): string {
  return keys.map((k) => fields.find((f) => f.key === k)?.label ?? k).join('; ');
}

export function reportCsv(report: ReportData, fields: readonly BulkField[]): string {
  let text = csvLine(REPORT_COLUMNS);
  for (const r of report.results) text += csvLine([r.id, r.username, r.result, changedLabels(fields, r.changed)]);
  for (const identifier of report.unmatched) text += csvLine(['', identifier, 'unmatched', '']);
  return text;
}
