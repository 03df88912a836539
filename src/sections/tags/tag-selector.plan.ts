// The tag selector's walk. Two tags exist (ids 1 and 2) and the user holds none; a person adds and
// removes tag 1, types a name no tag has and creates it. The walk tells apart whether tag 1 is
// chosen, whether a name is typed and whether a change waits for the save under way, since the
// guards read those.
import type { MachinePlan } from '../../workflows/plan';
import { tagSelectorMachine } from './tag-selector.machine';

export const TAG_SELECTOR_TAGS = [
  {
    id: 1,
    name: 'Alpha desk',
    color: '#1E6FD9',
    description: 'Accounts the Alpha desk covers',
    group: null,
    icon: null,
  },
  { id: 2, name: 'Beta program', color: '#F5D76E', description: '', group: null, icon: null },
];
export const TAG_SELECTOR_NEW = 'Gamma watch';

export const tagSelectorPlan: MachinePlan<typeof tagSelectorMachine> = {
  machine: tagSelectorMachine,
  input: { userId: 1 },
  events: [
    { type: 'tags.query', text: TAG_SELECTOR_NEW },
    { type: 'tags.add', tagId: 1 },
    { type: 'tags.remove', tagId: 1 },
    { type: 'tags.create' },
    {
      type: 'tag.created',
      tag: { id: 3, name: TAG_SELECTOR_NEW, color: '#C0C0C0', description: '', group: null, icon: null },
    },
    { type: 'tags.retry' },
    { type: 'list.retry' },
  ],
  outcomes: [
    {
      name: 'loaded',
      event: {
        type: 'xstate.done.actor.loadTags',
        output: { status: true, msg: { tags: TAG_SELECTOR_TAGS, tag_groups: [], user_tags: [] } },
      },
    },
    { name: 'loadFailed', event: { type: 'xstate.error.actor.loadTags', error: { status: 0 } } },
    { name: 'saved', event: { type: 'xstate.done.actor.saveTags', output: { status: true, msg: [] } } },
    { name: 'userGone', event: { type: 'xstate.done.actor.saveTags', output: { status: false, msg: ['1'] } } },
    { name: 'saveFailed', event: { type: 'xstate.error.actor.saveTags', error: { status: 0 } } },
  ],
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.chosen.includes(1), s.context.query !== '', s.context.pending]),
  filterEvents: (s, e) => {
    if (e.type.startsWith('xstate.')) return true;
    // A typed name is followed by "Create tag"; the box is typed into only when empty.
    if (s.context.query !== '') return e.type === 'tags.create';
    // Each transition once: changes from the first resting state, removal once saved, a retry
    // after a failure, and one change of each kind while a save is on its way.
    if (s.matches({ ready: 'idle' })) return ['tags.query', 'tags.add', 'tag.created'].includes(e.type);
    if (s.matches({ ready: 'saved' })) return e.type === 'tags.remove';
    if (s.matches({ ready: 'failed' })) return e.type === 'tags.retry';
    if (s.matches({ ready: 'saving' }))
      return !s.context.pending && ['tags.add', 'tags.remove', 'tag.created'].includes(e.type);
    return true;
  },
};
