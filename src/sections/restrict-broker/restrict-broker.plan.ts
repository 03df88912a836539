// The Restrict Broker walk: an organization with users, without, or not answered; a user's
// brokers read (frozen or not) or not; rows searched and selected; each kind of action done,
// refused because the user was frozen meanwhile, or not answered; a switch saved or not. The three
// actions that take brokers out ask first: each question is its own state of the walk, confirmed
// or cancelled. From an address naming an organization and a user: the organization found, not
// there, or not answered (retried, or another picked); the user among its users, or not.
import { doneEvent, failedEvent, type MachinePlan } from '../../workflows/plan';
import { brokerActionsMachine } from './restrict-broker.machine';
import type { BrokerActionsContext } from './restrict-broker.types';

const ORG = { title: 'Northwind Capital', org_id: 1, salesforceId: 'SF-NW' };
const USER = {
  key: 'olivia@northwind.example',
  id: 1,
  text: 'Olivia Smith',
  pid: 1,
  pname: 'Northwind Capital',
  broker_count: 2,
};
const OSCAR = { ...USER, key: 'oscar@northwind.example', id: 2, text: 'Oscar Lee', broker_count: 0 };
const A = { id: 1, name: 'Apex Securities', open_access: false };
const B = { id: 2, name: 'Beacon Research', open_access: true };
const C = { id: 3, name: 'Cedar Partners', open_access: false };
const LISTS = { my: [A, B], requested: [C] };
const OPEN = { auto_brm_update: true, freeze: false };

export const brokerActionsPlan: MachinePlan<typeof brokerActionsMachine> = {
  machine: brokerActionsMachine,
  input: { product: 'product' },
  events: [
    { type: 'org.pick', org: ORG },
    { type: 'org.clear' },
    { type: 'users.retry' },
    { type: 'user.pick', email: USER.key },
    { type: 'brokers.retry' },
    { type: 'search.change', list: 'my', text: 'apex' },
    { type: 'select.toggle', list: 'requested', id: C.id },
    { type: 'select.all', list: 'my', ids: [A.id, B.id], on: true },
    { type: 'action.run', action: 'remove_oa' },
    { type: 'action.run', action: 'overwrite_req' },
    { type: 'action.run', action: 'delete' },
    { type: 'action.run', action: 'add' },
    { type: 'action.confirm' },
    { type: 'action.cancel' },
    { type: 'flag.toggle', flag: 'auto_brm_update' },
  ],
  outcomes: [
    { name: 'usersFound', event: doneEvent('loadUsers', { status: true, user: [USER], more: false }) },
    { name: 'noUsers', event: doneEvent('loadUsers', { status: true, user: [], more: false }) },
    { name: 'usersUnreachable', event: failedEvent('loadUsers') },
    { name: 'brokersLoaded', event: doneEvent('loadBrokers', { lists: LISTS, flags: OPEN }) },
    {
      name: 'brokersLoadedFrozen',
      event: doneEvent('loadBrokers', { lists: LISTS, flags: { ...OPEN, freeze: true } }),
    },
    { name: 'brokersUnreachable', event: failedEvent('loadBrokers') },
    {
      name: 'actionDone',
      event: doneEvent('runAction', {
        status: true,
        msg: 'Response: Success',
        result: '1 broker with open access removed from My Brokers.',
        brokers: { my: [A], requested: [C] },
        freeze: false,
      }),
    },
    {
      name: 'actionRefusedFrozen',
      event: doneEvent('runAction', {
        status: false,
        msg: 'Freeze My Brokers is on: My Brokers cannot be changed.',
        result: 'Turn Freeze My Brokers off to change this user’s brokers.',
        brokers: LISTS,
        freeze: true,
      }),
    },
    { name: 'actionUnreachable', event: failedEvent('runAction') },
    {
      name: 'flagsSaved',
      event: doneEvent('saveFlags', {
        auto_brm_update: false,
        freeze: false,
        msg: 'Auto BRM Update off, Freeze My Brokers off.',
      }),
    },
    {
      name: 'freezeSaved',
      event: doneEvent('saveFlags', {
        auto_brm_update: true,
        freeze: true,
        msg: 'Auto BRM Update on, Freeze My Brokers on.',
      }),
    },
    { name: 'flagsUnreachable', event: failedEvent('saveFlags') },
  ],
  // Each action's question is a state of its own, so every wording is walked; and requested rows
  // chosen are one too, so Add to My Brokers (which asks nothing) is walked.
  serializeState: (s) => {
    const { running, selected } = s.context as BrokerActionsContext;
    return JSON.stringify([
      s.value,
      s.matches({ loaded: 'confirming' }) ? running : null,
      s.matches({ loaded: 'ready' }) && selected.requested.length > 0,
    ]);
  },
};

/**
 * Reload or a shared link with ?org=&user=: the organization read by its id (found, not there, or
 * not answered, then retried or another picked), then its users (the user named among them, whose
 * brokers load at once, or not). The rest of the screen is walked by the plan above.
 */
export const brokerActionsFromAddressPlan: MachinePlan<typeof brokerActionsMachine> = {
  ...brokerActionsPlan,
  input: { product: 'product', orgId: ORG.org_id, userId: USER.id },
  outcomes: [
    { name: 'orgFound', event: doneEvent('findOrg', ORG) },
    { name: 'orgUnknown', event: doneEvent('findOrg', null) },
    { name: 'orgUnreachable', event: failedEvent('findOrg') },
    ...brokerActionsPlan.outcomes.filter((o) => ['usersFound', 'brokersLoaded'].includes(o.name)),
    { name: 'userGone', event: doneEvent('loadUsers', { status: true, user: [OSCAR], more: false }) },
  ],
  events: [{ type: 'org.retry' }, ...brokerActionsPlan.events],
  // Only what opens the address: the reads, and in the failed read its Retry or another pick.
  filterEvents: (s, e) =>
    e.type.startsWith('xstate.') || (s.matches('orgFailed') && (e.type === 'org.retry' || e.type === 'org.pick')),
  serializeState: (s) => JSON.stringify([s.value, (s.context as BrokerActionsContext).opening.user !== null]),
};
