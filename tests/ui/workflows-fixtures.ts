// Machines made for the workflow viewer's tests: a small one that uses every kind of state node
// and transition the diagram draws, and one of 200 state nodes for legibility.
import { createMachine, fromPromise, setup } from 'xstate';

/** Compound, parallel, final, a guarded branch with its fallback, a timer, a service, a top-level handler. */
export const doorMachine = setup({
  actors: { save: fromPromise(async () => true) },
  guards: { isUnlocked: () => true },
  delays: { idle: 90_000 },
}).createMachine({
  id: 'door',
  initial: 'closed',
  on: { 'door.reset': '.closed' },
  states: {
    closed: {
      tags: ['quiet'],
      on: { 'door.open': [{ guard: 'isUnlocked', target: 'open' }, { actions: () => {} }] },
    },
    open: {
      type: 'parallel',
      on: { 'door.close': 'saving' },
      states: {
        light: { initial: 'on', states: { on: { after: { idle: 'off' } }, off: {} } },
        alarm: { initial: 'armed', states: { armed: { on: { 'alarm.trip': 'ringing' } }, ringing: { type: 'final' } } },
      },
    },
    saving: { tags: ['busy'], invoke: { id: 'saveDoor', src: 'save', onDone: 'done', onError: 'closed' } },
    done: { type: 'final', description: 'The door is saved shut: nothing more happens.' },
  },
});

/**
 * 200 state nodes: 20 stages of one compound state holding nine steps, with forward, backward and
 * skipping transitions, tags and a description every few steps.
 */
export function machineOf200States() {
  const stages: Record<string, object> = {};
  for (let s = 0; s < 20; s++) {
    const steps: Record<string, object> = {};
    for (let i = 0; i < 9; i++) {
      steps[`step${i}`] = {
        tags: i % 3 === 0 ? ['busy'] : [],
        description:
          i === 4 ? `Halfway through stage ${s}: the person reviews what the earlier steps collected.` : undefined,
        on: {
          'step.next': i < 8 ? `step${i + 1}` : `#large.stage${(s + 1) % 20}`,
          ...(i % 4 === 2 ? { 'step.back': `step${i - 1}` } : {}),
        },
      };
    }
    stages[`stage${s}`] = { initial: 'step0', states: steps, on: { 'stage.skip': `#large.stage${(s + 2) % 20}` } };
  }
  return createMachine({ id: 'large', initial: 'stage0', states: stages as never });
}
