// The 'Account Update' confirmation of spec §2 and §5: choosing a different organisation for a
// user in edit mode warns that broker research access is cancelled and the user leaves every
// group, and asks to rename in the CRM instead when only the spelling differs. 'Cancel (Same
// Org)' and the second warning's Cancel restore the earlier organisation (spec §4); only
// 'Different Org' then 'Confirm' moves the user (decision 023). The edit machine runs this one as
// its child and hears the answer through the two announce actions.
import { assign, setup } from 'xstate';
import type { OrgPick } from '../../domain/users';

export interface OrgChangeContext {
  /** The organisation the user belongs to now. */
  previous: OrgPick | null;
  /** The one the person chose. */
  next: OrgPick | null;
}

export type OrgChangeEvent =
  | { type: 'org.choose'; previous: OrgPick | null; next: OrgPick }
  /** 'Cancel (Same Org)': the same organisation, spelt differently; the user stays where they are. */
  | { type: 'org.sameOrg' }
  | { type: 'org.differentOrg' }
  /** The second warning's Cancel. */
  | { type: 'org.cancel' }
  | { type: 'org.confirm' };

export const orgChangeMachine = setup({
  types: { context: {} as OrgChangeContext, events: {} as OrgChangeEvent },
  actions: {
    /** The move is confirmed as a different organisation. */
    announceConfirmed: (_, _params: { next: OrgPick }) => {},
    /** The earlier organisation stays. */
    announceCancelled: () => {},
  },
}).createMachine({
  id: 'orgChange',
  context: { previous: null, next: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'org.choose': {
          target: 'warning',
          actions: assign(({ event }) => ({ previous: event.previous, next: event.next })),
        },
      },
    },
    warning: {
      tags: ['open'],
      on: {
        'org.sameOrg': { target: 'idle', actions: ['announceCancelled', assign({ previous: null, next: null })] },
        'org.differentOrg': 'confirming',
      },
    },
    confirming: {
      tags: ['open'],
      on: {
        'org.cancel': { target: 'idle', actions: ['announceCancelled', assign({ previous: null, next: null })] },
        'org.confirm': {
          target: 'idle',
          actions: [
            { type: 'announceConfirmed', params: ({ context }) => ({ next: context.next! }) },
            assign({ previous: null, next: null }),
          ],
        },
      },
    },
  },
});
