// The other-source upload's walk: the imports loaded or not; a file that reads (four rows, one not
// taken), one refused here (too large) or by the reader (a wrong header), or one whose reading
// fails; the source and distributor named; the server's check answered (two rows taken, one
// skipped, two refused) or unreachable; the apply confirmed or not, answered with its report or
// not at all, then checked again or started over.
import type { MachinePlan } from '../../../workflows/plan';
import { HUGE_FILE, readOutcomes } from '../../../machines/shared/upload-plan';
import { otherSourceUploadMachine } from './other-sources.machine';

const FILE = { name: 'entitlements.csv', type: 'text/csv', size: 200 };

const REPORT = [
  {
    row: 3,
    value: 'ghost@nowhere.example,Apex Securities,2026-12-01,',
    reason: 'No such user: no user has this email, username or user id.',
    outcome: 'refused' as const,
  },
  {
    row: 4,
    value: 'user2,Apex Securities,2026-12-01,',
    reason: 'Already entitled: active fulfillment #1 since 2026-01-02. Skipped.',
    outcome: 'skipped' as const,
  },
  { row: 6, value: 'user1', reason: '1 values in the row; the header names 4 columns.', outcome: 'refused' as const },
];
const COUNTS = {
  file_name: 'entitlements.csv',
  source_name: 'Refinitiv entitlement file',
  dist: 'product',
  rows: 5,
  taken: 2,
  skipped: 1,
  refused: 2,
  report: REPORT,
};

export const otherSourceUploadPlan: MachinePlan<typeof otherSourceUploadMachine> = {
  machine: otherSourceUploadMachine,
  input: { dists: ['product', 'tri'] },
  events: [
    { type: 'file.choose', file: FILE as never },
    { type: 'file.choose', file: HUGE_FILE as never },
    { type: 'details.change', sourceName: 'Refinitiv entitlement file', dist: 'product' },
    { type: 'verify' },
    { type: 'verify.retry' },
    { type: 'details.edit' },
    { type: 'apply' },
    { type: 'apply.confirm' },
    { type: 'apply.cancel' },
    { type: 'apply.back' },
    { type: 'upload.clear' },
    { type: 'imports.reload' },
  ],
  outcomes: [
    {
      name: 'imports',
      event: { type: 'xstate.done.actor.listImports', output: { status: true, imports: [], next: null } },
    },
    { name: 'importsFailed', event: { type: 'xstate.error.actor.listImports', error: { status: 0 } } },
    ...readOutcomes(
      'readFile',
      {
        ok: true,
        rows: 5,
        taken: 4,
        problemCount: 1,
        problems: [REPORT[2]!].map(({ row, value, reason }) => ({ row, value, reason })),
        problemsCsv: 'row,value,reason\r\n',
      },
      { name: 'wrongHeader', reason: 'The header has no broker column.' },
    ),
    { name: 'verified', event: { type: 'xstate.done.actor.verifyFile', output: { status: true, ...COUNTS } } },
    { name: 'verifyFailed', event: { type: 'xstate.error.actor.verifyFile', error: { status: 0 } } },
    {
      name: 'applied',
      event: {
        type: 'xstate.done.actor.applyFile',
        output: {
          status: true,
          msg: '2 fulfillments added; 3 rows not taken (1 skipped, 2 refused).',
          import_id: 1,
          ...COUNTS,
        },
      },
    },
    { name: 'applyFailed', event: { type: 'xstate.error.actor.applyFile', error: { status: 0 } } },
  ],
  // Named or not is a different state to walk from: Check the file is offered only once named.
  serializeState: (s) => JSON.stringify([s.value, s.context.sourceName !== '' && s.context.dist !== '']),
  filterEvents: (s, e) => {
    if (s.hasTag('busy') || s.matches('loading')) return e.type.startsWith('xstate.');
    return true;
  },
};
