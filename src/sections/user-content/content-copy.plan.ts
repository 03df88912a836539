// The copy dialog's walk: users typed and the clash choice made, previewed (shown; refused at a
// field; not answered, then tried again), changed after a preview (a new one needed), copied
// (done; refused at a field; not answered, then tried again), cancelled or closed.
import type { CopyContentReply } from '../../domain/user-content';
import { doneEvent, failedEvent, refusedEvent, type MachinePlan } from '../../workflows/plan';
import { contentCopyMachine } from './content-copy.machine';

const target = {
  user_id: 12,
  username: 'grace',
  name: 'Grace Hopper',
  added: 2,
  renamed: 1,
  skipped: 0,
  replaced: 0,
  clashes: [
    {
      item_id: 3,
      name: 'Semiconductor earnings',
      resolution: 'rename' as const,
      new_name: 'Semiconductor earnings (2)',
    },
  ],
  clash_count: 1,
};
const reply = (preview: boolean): CopyContentReply => ({
  status: true,
  kind: 'saved_search',
  preview,
  items: 3,
  targets: [target],
  totals: { added: 2, renamed: 1, skipped: 0, replaced: 0 },
  msg: preview ? 'Would copy 3 saved searches to 1 user.' : 'Copied 3 saved searches to 1 user.',
});
const refused = (service: string) =>
  refusedEvent(service, { targets: 'No user matches: nobody@example.com.' }, 'Nothing was copied: check the users.');

export const contentCopyPlan: MachinePlan<typeof contentCopyMachine> = {
  machine: contentCopyMachine,
  input: {
    kind: 'saved_search',
    sourceUserId: 11,
    targets: '',
    onClash: 'rename',
    items: [
      { id: 1, name: 'Chip makers' },
      { id: 2, name: 'Rate cuts' },
      { id: 3, name: 'Semiconductor earnings' },
    ],
  },
  events: [
    { type: 'targets.change', text: 'grace' },
    { type: 'targets.change', text: 'grace,' },
    { type: 'clash.change', choice: 'skip' },
    { type: 'copy.preview' },
    { type: 'copy.send' },
    { type: 'copy.retry' },
    { type: 'copy.cancel' },
    { type: 'copy.close' },
  ],
  outcomes: [
    { name: 'previewed', event: doneEvent('preview', reply(true)) },
    { name: 'previewRefused', event: refused('preview') },
    { name: 'previewFailed', event: failedEvent('preview') },
    { name: 'copied', event: doneEvent('copy', reply(false)) },
    { name: 'copyRefused', event: refused('copy') },
    { name: 'copyFailed', event: failedEvent('copy') },
  ],
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.targets !== '',
      s.context.onClash,
      s.context.pending,
      Object.values(s.context.fieldErrors).some(Boolean),
    ]),
  // Users are typed once (and touched again after a preview) and the choice changed once.
  filterEvents: (s, e) => {
    const c = s.context;
    switch (e.type) {
      case 'targets.change':
        return e['text'] === 'grace' ? c.targets === '' : s.matches('previewed');
      case 'clash.change':
        return c.onClash === 'rename' && c.targets !== '';
      default:
        return true;
    }
  },
};
