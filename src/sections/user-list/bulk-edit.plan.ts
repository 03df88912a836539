// The bulk edit dialog's walk: two selected users, a field ticked (and unticked), a CSV upload
// that matches every row, or has rows not taken (its report read, then used or put aside), or
// matches nobody, or is refused whole (too large, here; not text, at the server), the preview
// and the edit, each answered, refused (status 0) or not answered at all; an edit without an
// answer is asked about by its operation id, which the answer may say was applied or not, or
// which may go unanswered too. A second walk starts from a reload with an edit's outcome still unknown.
import type { MachinePlan } from '../../workflows/plan';
import { offeredBulkFields } from '../../domain/bulk-edit';
import { bulkEditMachine } from './bulk-edit.machine';
import { planUserRow } from './user-list.plan';
import type { BulkEditInput } from './bulk-edit.types';

export const BULK_PLAN_FIELD = 'cgs';
/** A selected user in the preview's sample: an unnamed account in no organization. */
const row = (id: number) => ({
  ...planUserRow(id),
  username: `user${id}`,
  first_name: 'A',
  last_name: 'B',
  organization: null,
  organization_id: null,
});

/** The server's reading of an uploaded identifier file: who matched, what did not and why. */
const uploaded = (data: object) => ({ type: 'xstate.done.actor.uploadIdentifiers', output: { status: true, data } });
const USER1 = { id: 1, username: 'user1', email: 'user1@example.com', identifier: 'user1' };
const NO_USER = 'No live user has this email, username or user id.';

const report = {
  updated: 2,
  unchanged: 0,
  unmatched: [],
  results: [1, 2].map((id) => ({ id, username: `user${id}`, result: 'updated' as const, changed: [BULK_PLAN_FIELD] })),
};
/** The operation id a reload found pending. */
export const PLAN_OPERATION_ID = '0b7f3c1e-2d4a-4f6b-8c9d-1e2f3a4b5c6d';
const input = {
  selection: { by: 'ids', ids: [1, 2] },
  selectedCount: 2,
  fields: offeredBulkFields('product', ['active_update', 'expiry_update', 'tr_src_toggle']),
  canUpload: true,
} satisfies BulkEditInput;
const outcomeAnswers = [
  {
    name: 'outcomeApplied',
    event: { type: 'xstate.done.actor.askOutcome', output: { status: 1, data: { outcome: 'applied', report } } },
  },
  {
    name: 'outcomeUnknown',
    event: { type: 'xstate.done.actor.askOutcome', output: { status: 1, data: { outcome: 'unknown' } } },
  },
  { name: 'outcomeFailed', event: { type: 'xstate.error.actor.askOutcome', error: { status: 0 } } },
];

export const bulkEditPlan: MachinePlan<typeof bulkEditMachine> = {
  machine: bulkEditMachine,
  input,
  events: [
    { type: 'field.toggle', key: BULK_PLAN_FIELD, on: true },
    { type: 'field.toggle', key: BULK_PLAN_FIELD, on: false },
    { type: 'field.value', key: BULK_PLAN_FIELD, value: false },
    { type: 'upload.file', file: { name: 'people.csv', type: 'text/csv', size: 64 } },
    // Over the size limit: refused in the browser, never sent.
    { type: 'upload.file', file: { name: 'huge.csv', type: 'text/csv', size: 2_000_000 } },
    { type: 'upload.accept' },
    { type: 'upload.dismiss' },
    { type: 'upload.report.download' },
    { type: 'bulk.preview' },
    { type: 'bulk.back' },
    { type: 'bulk.apply' },
    { type: 'bulk.retry' },
    { type: 'outcome.check' },
    { type: 'report.download' },
  ],
  outcomes: [
    {
      name: 'uploaded',
      event: uploaded({ validDataPoints: [USER1], inValidDataPoints: [], rows: 1, header: null, report: [] }),
    },
    {
      name: 'uploadedWithReport',
      event: uploaded({
        validDataPoints: [USER1],
        inValidDataPoints: ['ghost'],
        rows: 3,
        header: 'email',
        report: [
          { row: 3, value: 'ghost', reason: NO_USER },
          { row: 4, value: 'a,b,c', reason: '3 values in one row; put one email, username or user id per row.' },
        ],
      }),
    },
    {
      name: 'nobodyInFile',
      event: uploaded({
        validDataPoints: [],
        inValidDataPoints: ['ghost'],
        rows: 1,
        header: null,
        report: [{ row: 1, value: 'ghost', reason: NO_USER }],
      }),
    },
    {
      name: 'uploadRefused',
      event: {
        type: 'xstate.error.actor.uploadIdentifiers',
        error: {
          status: 400,
          data: {
            status: false,
            msg: 'This is not a text CSV file. It is not UTF-8 text.',
            errors: { file: ['This is not a text CSV file. It is not UTF-8 text.'] },
          },
        },
      },
    },
    { name: 'uploadFailed', event: { type: 'xstate.error.actor.uploadIdentifiers', error: { status: 0 } } },
    {
      name: 'previewed',
      event: {
        type: 'xstate.done.actor.previewEdit',
        output: { status: 1, data: { matched: 2, changing: 2, unchanged: 0, unmatched: [], sample: [row(1), row(2)] } },
      },
    },
    {
      name: 'previewRefused',
      event: { type: 'xstate.done.actor.previewEdit', output: { status: 0, data: 'No users matched the selection.' } },
    },
    { name: 'previewFailed', event: { type: 'xstate.error.actor.previewEdit', error: { status: 0 } } },
    { name: 'applied', event: { type: 'xstate.done.actor.applyEdit', output: { status: 1, data: report } } },
    {
      name: 'applyRefused',
      event: { type: 'xstate.done.actor.applyEdit', output: { status: 0, data: 'No users matched the selection.' } },
    },
    { name: 'applyFailed', event: { type: 'xstate.error.actor.applyEdit', error: { status: 0 } } },
    { name: 'applyServerError', event: { type: 'xstate.error.actor.applyEdit', error: { status: 500 } } },
    ...outcomeAnswers,
  ],
  serializeState: (s) => JSON.stringify([s.value, Object.keys(s.context.changes).length > 0]),
  filterEvents: (s, e) => {
    const ticked = Object.keys(s.context.changes).length > 0;
    // Ticking a ticked field or unticking an unticked one is no event a person can send.
    if (e.type === 'field.toggle') return (e as unknown as { on: boolean }).on !== ticked;
    // A value is set on a ticked field (the others' inputs are disabled).
    if (e.type === 'field.value') return ticked;
    // Uploads are walked with no field ticked: ticking changes nothing they do, and doubles the walk.
    if (e.type === 'upload.file') return !ticked;
    return true;
  },
};

/** The dialog opened after a reload, with the edit sent before it still unanswered. */
export const bulkEditReloadPlan: MachinePlan<typeof bulkEditMachine> = {
  ...bulkEditPlan,
  input: { ...input, pendingOperation: PLAN_OPERATION_ID } satisfies BulkEditInput,
  // What follows the outcome is walked by the first plan.
  events: [{ type: 'outcome.check' }, { type: 'report.download' }],
  outcomes: outcomeAnswers,
};
