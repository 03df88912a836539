// The per-user report of an applied bulk edit as CSV, built in the browser for "Download report
// (CSV)". Cells that a spreadsheet would run as a formula are prefixed with a quote (OWASP CSV
// injection).
import type { BulkField } from '../../domain/user-fields';
import type { ReportData } from './bulk-edit.types';

export const REPORT_FILE_NAME = 'bulk-edit-report.csv';
export const REPORT_COLUMNS = ['user_id', 'username', 'result', 'changed'] as const;

function cell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Field keys as a person reads them ("Active; Expiry date"). */
export function changedLabels(fields: readonly BulkField[], keys: readonly string[]): string {
  return keys.map((k) => fields.find((f) => f.key === k)?.label ?? k).join('; ');
}

export function reportCsv(report: ReportData, fields: readonly BulkField[]): string {
  const lines = [REPORT_COLUMNS.join(',')];
  for (const r of report.results) lines.push([r.id, r.username, r.result, changedLabels(fields, r.changed)].map(cell).join(','));
  for (const identifier of report.unmatched) lines.push(['', identifier, 'unmatched', ''].map(cell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
