// The bulk membership upload's walk: a file that reads (three identifiers, one row not taken) or
// whose every row is set aside (three columns a row: nothing is sent),
// one refused here (too large) or by the reader (not text), or one whose reading fails; the
// server's check answered (two valid rows, one not: no such user) or unreachable; Add to group
// answered with the per-row report, or not at all, then back to the preview or start over.
import type { MachinePlan } from '../../workflows/plan';
import { HUGE_FILE, identifierRead, readOutcomes } from '../../machines/shared/upload-plan';
import { groupBulkUploadMachine } from './groups-v2-upload.machine';

const PEOPLE = { name: 'members.csv', type: 'text/csv', size: 64 };

export const PLAN_READ = identifierRead(['user1@example.com', 'user2', 'ghost@nowhere.example']);
const VALID = [
  { identifier: 'user1@example.com', user_id: 1, username: 'user1', email: 'user1@example.com' },
  { identifier: 'user2', user_id: 2, username: 'user2', email: 'user2@example.com' },
];
const SEVERAL = '3 values in one row; put one email, username or user id per row.';
/** A file of three columns: the reader takes no row. */
export const PLAN_NOTHING_READ = {
  ok: true as const,
  values: [],
  rows: new Uint32Array(),
  header: null,
  problemCount: 2,
  problems: [
    { row: 1, value: 'email,name,organization', reason: SEVERAL },
    { row: 2, value: 'user1@example.com,Una User1,Alpha Research', reason: SEVERAL },
  ],
  problemsCsv: '',
};
const INVALID = [
  { identifier: 'ghost@nowhere.example', reason: 'No such user: no live user has this email, username or user id.' },
];

export const groupBulkUploadPlan: MachinePlan<typeof groupBulkUploadMachine> = {
  machine: groupBulkUploadMachine,
  input: { groupId: 1 },
  events: [
    { type: 'file.choose', file: PEOPLE as never },
    { type: 'file.choose', file: HUGE_FILE as never },
    { type: 'upload.clear' },
    { type: 'verify.retry' },
    { type: 'apply' },
    { type: 'apply.back' },
  ],
  outcomes: [
    ...readOutcomes('parseFile', PLAN_READ),
    { name: 'nothingRead', event: { type: 'xstate.done.actor.parseFile', output: PLAN_NOTHING_READ } },
    {
      name: 'verified',
      event: {
        type: 'xstate.done.actor.verifyFile',
        output: { status: true, validDataPoints: VALID, inValidDataPoints: INVALID, members: 0 },
      },
    },
    { name: 'verifyFailed', event: { type: 'xstate.error.actor.verifyFile', error: { status: 0 } } },
    {
      name: 'applied',
      event: {
        type: 'xstate.done.actor.addUsers',
        output: {
          status: true,
          msg: '2 members added; the group has 2 members.',
          validDataPoints: VALID,
          inValidDataPoints: INVALID,
          previous_members: 0,
          members: 2,
        },
      },
    },
    { name: 'applyFailed', event: { type: 'xstate.error.actor.addUsers', error: { status: 0 } } },
  ],
  serializeState: (s) => JSON.stringify(s.value),
  filterEvents: (s, e) => {
    if (s.matches({ parsed: 'applying' }) || s.matches({ parsed: 'verifying' }) || s.matches('parsing'))
      return e.type.startsWith('xstate.');
    return true;
  },
};
