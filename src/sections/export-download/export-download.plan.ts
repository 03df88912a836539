import { callOutcomes, answered } from '../../workflows/call-outcomes';
import type { MachinePlan } from '../../workflows/plan';
import { exportDownloadMachine } from './export-download.machine';

export const exportDownloadPlan: MachinePlan<typeof exportDownloadMachine> = {
  machine: exportDownloadMachine,
  events: [{ type: 'export.start', request: { format: 'csv', fields: {} } }],
  outcomes: callOutcomes('download', { downloaded: answered({ filename: 'users-2026-11-30.csv', rows: 3 }) }, 'failed'),
};
