// What the Restrict Broker screen reads from its machine.
import type { SnapshotFrom } from 'xstate';
import { filterBrokers } from '../../domain/brokers';
import type { brokerActionsMachine } from './restrict-broker.machine';
import type { ListName } from './restrict-broker.types';

type S = SnapshotFrom<typeof brokerActionsMachine>;

export const selectOrg = (s: S) => s.context.org;
export const selectStage = (s: S) => {
  if (s.matches('findingOrg')) return 'findingOrg' as const;
  if (s.matches('orgFailed')) return 'orgFailed' as const;
  if (s.matches('noOrganization')) return 'noOrganization' as const;
  if (s.matches('loadingUsers')) return 'loadingUsers' as const;
  if (s.matches('noUsers')) return 'noUsers' as const;
  if (s.matches('usersFailed')) return 'usersFailed' as const;
  if (s.matches('choosingUser')) return 'choosingUser' as const;
  if (s.matches('loadingBrokers')) return 'loadingBrokers' as const;
  if (s.matches('brokersFailed')) return 'brokersFailed' as const;
  return 'loaded' as const;
};
export const selectUsers = (s: S) => s.context.users;

/** What the address keeps: the organization and the user shown, or named and still being found. */
export interface RestrictBrokerAddress {
  org?: number;
  user?: number;
}
export const selectAddress = (s: S): RestrictBrokerAddress => {
  const { org, opening, email, users } = s.context;
  const orgId = org?.org_id ?? opening.org;
  const userId = email === null ? opening.user : users.find((u) => u.key === email)?.id;
  return { ...(orgId ? { org: orgId } : {}), ...(userId ? { user: userId } : {}) };
};
export const sameAddress = (a: RestrictBrokerAddress, b: RestrictBrokerAddress) => a.org === b.org && a.user === b.user;
export const selectMoreUsers = (s: S) => s.context.moreUsers;
export const selectEmail = (s: S) => s.context.email;
export const selectError = (s: S) => s.context.error;
export const selectNotice = (s: S) => s.context.notice;
export const selectFlags = (s: S) => s.context.flags;
export const selectFrozen = (s: S) =>
  s.matches({ loaded: 'frozen' }) || (s.matches('loaded') && s.context.flags.freeze);
/** Something is being saved: the other controls wait. */
export const selectBusy = (s: S) => s.hasTag('busy');
/** The action under way (its button spins); not while it only asks. */
export const selectRunning = (s: S) => (s.matches({ loaded: 'acting' }) ? s.context.running : null);
/** The action that asks before it takes brokers out, while it asks. */
export const selectAsking = (s: S) => (s.matches({ loaded: 'confirming' }) ? s.context.running : null);
export const selectLists = (s: S) => s.context.lists;
export const selectSavingFlag = (s: S) => s.context.savingFlag;
export const selectSearch = (list: ListName) => (s: S) => s.context.search[list];
export const selectSelected = (list: ListName) => (s: S) => s.context.selected[list];
/** The rows the list's search shows (the same array while neither changes). */
export const selectShown = (list: ListName) => {
  let last: { source: unknown; search: string; rows: ReturnType<typeof filterBrokers> } | null = null;
  return (s: S) => {
    const source = s.context.lists[list];
    const search = s.context.search[list];
    if (!last || last.source !== source || last.search !== search)
      last = { source, search, rows: filterBrokers(source, search) };
    return last.rows;
  };
};
export const selectListSize = (list: ListName) => (s: S) => s.context.lists[list].length;
