import type { MachinePlan } from '../../workflows/plan';
import { linkoutMachine } from './linkout.machine';

export const linkoutPlan: MachinePlan<typeof linkoutMachine> = {
  machine: linkoutMachine,
  events: [{ type: 'linkout.choose', serverType: 'testing' }],
  outcomes: [
    { name: 'opened', event: { type: 'xstate.done.actor.openLinkedServer', output: undefined } },
    { name: 'failed', event: { type: 'xstate.error.actor.openLinkedServer', error: { status: 0 } } },
  ],
};
