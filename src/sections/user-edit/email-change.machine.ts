// Changing a user's email (spec §5): before the save goes out, the person says whether the new
// address belongs to the same person or a different one. A different person loses the broker
// research entitlements; either way the change must also be made on the same CRM contact. The
// edit machine runs this one as its child and hears the answer through the two announce actions.
import { assign, setup } from 'xstate';
import type { ChangeKind } from '../../domain/users';

export interface EmailChangeContext {
  previous: string;
  next: string;
}

export type EmailChangeEvent =
  | { type: 'email.ask'; previous: string; next: string }
  | { type: 'email.samePerson' }
  | { type: 'email.differentPerson' }
  /** Back from a warning to the question. */
  | { type: 'email.back' }
  | { type: 'email.cancel' }
  | { type: 'email.confirm' };

export const emailChangeMachine = setup({
  types: { context: {} as EmailChangeContext, events: {} as EmailChangeEvent },
  actions: {
    announceDecided: (_, _params: { kind: ChangeKind }) => {},
    announceCancelled: () => {},
  },
}).createMachine({
  id: 'emailChange',
  context: { previous: '', next: '' },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'email.ask': {
          target: 'asking',
          actions: assign(({ event }) => ({ previous: event.previous, next: event.next })),
        },
      },
    },
    asking: {
      tags: ['open'],
      on: {
        'email.samePerson': 'confirmingSame',
        'email.differentPerson': 'confirmingDifferent',
        'email.cancel': { target: 'idle', actions: 'announceCancelled' },
      },
    },
    confirmingSame: {
      tags: ['open', 'warning'],
      on: {
        'email.back': 'asking',
        'email.cancel': { target: 'idle', actions: 'announceCancelled' },
        'email.confirm': { target: 'idle', actions: { type: 'announceDecided', params: { kind: 'same' } } },
      },
    },
    confirmingDifferent: {
      tags: ['open', 'warning', 'entitlementsLost'],
      on: {
        'email.back': 'asking',
        'email.cancel': { target: 'idle', actions: 'announceCancelled' },
        'email.confirm': { target: 'idle', actions: { type: 'announceDecided', params: { kind: 'different' } } },
      },
    },
  },
});
