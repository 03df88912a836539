// Bulk Tag Upload's walk: two tags exist (ids 1 and 2). A person picks a file that reads (two
// identifiers, one row not taken), one refused here (too large) or by the reader (not text), or
// one whose reading fails; chooses tags before or after the file, and changes them while the dry
// run is on its way or on screen; the dry run answers or fails; Reset Tags or Add Tags is
// confirmed or cancelled, then answered (Success with the Invalid Users), answered with nobody
// matched, or not answered at all. Tag changes are the selector's snapshots, each one a single
// click (add or remove one tag), so the walk moves between no tag, tag 1, and tags 1 and 2.
import type { MachinePlan } from '../../workflows/plan';
import { HUGE_FILE, identifierRead, readOutcomes } from '../../machines/shared/upload-plan';
import { bulkTagUploadMachine } from './bulk-tag-upload.machine';

const chosen = (ids: number[]) =>
  ({ type: 'xstate.snapshot.tagSelector', snapshot: { context: { chosen: ids } } }) as const;
const PEOPLE = { name: 'people.csv', type: 'text/csv', size: 64 };

/** The file of the walk: two identifiers (row 1 is the header) and a row of two values. */
export const PLAN_READ = identifierRead(['user1@example.com', 'ghost@nowhere.example']);

const tagsOf = (e: { snapshot?: { context?: { chosen?: number[] } } }) =>
  JSON.stringify(e.snapshot?.context?.chosen ?? []);
/** One click away: add or remove one tag. */
const ONE_CLICK: Record<string, string[]> = { '[]': ['[1]'], '[1]': ['[1,2]', '[]'], '[1,2]': ['[1]'] };

export const bulkTagUploadPlan: MachinePlan<typeof bulkTagUploadMachine> = {
  machine: bulkTagUploadMachine,
  events: [
    { type: 'file.choose', file: PEOPLE as never },
    { type: 'file.choose', file: HUGE_FILE as never },
    chosen([]),
    chosen([1]),
    chosen([1, 2]),
    { type: 'upload.clear' },
    { type: 'problems.download' },
    { type: 'unmatched.download' },
    { type: 'invalid.download' },
    { type: 'preview.retry' },
    { type: 'apply.overwrite' },
    { type: 'apply.add' },
    { type: 'apply.confirm' },
    { type: 'apply.cancel' },
    { type: 'apply.back' },
  ],
  outcomes: [
    ...readOutcomes('parseFile', PLAN_READ),
    {
      name: 'previewed',
      event: {
        type: 'xstate.done.actor.previewAssignment',
        output: { status: true, matched: 1, unmatched: ['ghost@nowhere.example'], overwrite: 1, add: 1 },
      },
    },
    { name: 'previewFailed', event: { type: 'xstate.error.actor.previewAssignment', error: { status: 0 } } },
    {
      name: 'applied',
      event: {
        type: 'xstate.done.actor.applyTags',
        output: { status: true, msg: ['ghost@nowhere.example'], changed: 1 },
      },
    },
    {
      name: 'nobodyLeft',
      event: {
        type: 'xstate.done.actor.applyTags',
        output: { status: false, msg: ['user1@example.com', 'ghost@nowhere.example'], changed: 0 },
      },
    },
    { name: 'applyFailed', event: { type: 'xstate.error.actor.applyTags', error: { status: 0 } } },
  ],
  serializeState: (s) => JSON.stringify([s.value, s.context.tagIds, s.context.mode]),
  filterEvents: (s, e) => {
    const tags = JSON.stringify(s.context.tagIds);
    if (e.type === 'xstate.snapshot.tagSelector') {
      const next = tagsOf(e as never);
      // The selector is locked while a file is read and while a change is confirmed or applied.
      if (s.matches('idle')) return tags === '[]' && (next === '[]' || next === '[1]');
      if (s.matches({ parsed: 'awaitingTags' })) return next === '[1]';
      if (s.matches({ parsed: 'previewShown' }) || s.matches({ parsed: 'previewing' }))
        return ONE_CLICK[tags]?.includes(next) ?? false;
      return false;
    }
    // The confirmation is a modal dialog: only its two buttons; while applying, only the answer.
    if (s.matches({ parsed: 'confirming' })) return e.type === 'apply.confirm' || e.type === 'apply.cancel';
    if (s.matches({ parsed: 'applying' })) return e.type.startsWith('xstate.');
    // Tags 1 and 2 are walked only to see the dry run run again; then tag 2 goes.
    if (tags === '[1,2]') return e.type.startsWith('xstate.done.actor.previewAssignment');
    if (e.type === 'file.choose' && s.matches('idle')) return tags === '[]';
    // What follows an answer is walked after Add Tags; Reset Tags' answers are only looked at.
    if ((s.matches('done') || s.matches('failed')) && s.context.mode === 'overwrite') return false;
    return true;
  },
};
