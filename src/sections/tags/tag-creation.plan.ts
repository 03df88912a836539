// The Create Tag dialog's walk: the name typed in the selector opens it; the server creates the
// tag, refuses a name that exists, or cannot be reached.
import type { MachinePlan } from '../../workflows/plan';
import { tagCreationMachine } from './tag-creation.machine';

export const TAG_CREATION_NAME = 'Fresh tag';
const tag = { id: 3, name: TAG_CREATION_NAME, color: '#C0C0C0', description: '', group: null, icon: null };

export const tagCreationPlan: MachinePlan<typeof tagCreationMachine> = {
  machine: tagCreationMachine,
  events: [
    { type: 'tag.open', name: TAG_CREATION_NAME },
    { type: 'draft.change', field: 'description', value: 'Made in the user screen' },
    { type: 'draft.group', groupId: 1 },
    { type: 'tag.submit' },
    { type: 'tag.retry' },
    { type: 'tag.cancel' },
  ],
  outcomes: [
    {
      name: 'created',
      event: {
        type: 'xstate.done.actor.createTag',
        output: { status: true, msg: `Tag '${TAG_CREATION_NAME}' created.`, tag },
      },
    },
    {
      name: 'duplicate',
      event: {
        type: 'xstate.done.actor.createTag',
        output: { status: false, msg: `A tag named '${TAG_CREATION_NAME}' exists.` },
      },
    },
    { name: 'unreachable', event: { type: 'xstate.error.actor.createTag', error: { status: 0 } } },
  ],
};
