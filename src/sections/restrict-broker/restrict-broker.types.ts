// The Restrict Broker screen's machine (brokerActions): what it is given, holds and hears.
import type {
  ActionOutcome,
  BrokerAction,
  BrokerFlags,
  BrokerLists,
  EntityListReply,
  OrgUser,
} from '../../domain/brokers';
import type { OrgPick } from '../../domain/users';
import type { BareEvent } from '../../machines/shared/bare-event.types';

export type ListName = 'my' | 'requested';
export type FlagName = keyof BrokerFlags;

export interface BrokerActionsInput {
  /** The platform key: it names the brokers' id field on the wire. */
  product: string;
  /** What the address names (Reload, a shared link): the organization, and a user of it. */
  orgId?: number | undefined;
  userId?: number | undefined;
}

/** The organization and user an address named, until they are found (or are not there). */
export interface Opening {
  org: number | null;
  user: number | null;
}

export interface BrokerNotice {
  tone: 'info' | 'error';
  text: string;
  /** The server's result (an action) or message (the switches), under the text. */
  detail: string | null;
}

export interface BrokerActionsContext {
  product: string;
  opening: Opening;
  org: OrgPick | null;
  users: OrgUser[];
  /** The organization has more users than were listed. */
  moreUsers: boolean;
  /** The chosen user's email (OrgUser key). */
  email: string | null;
  lists: BrokerLists;
  flags: BrokerFlags;
  selected: Record<ListName, number[]>;
  search: Record<ListName, string>;
  /** The action under way (its button shows the progress). */
  running: BrokerAction | null;
  /** The switch being saved. */
  savingFlag: FlagName | null;
  notice: BrokerNotice | null;
  /** Why the organization, the users or the brokers could not be read. */
  error: string | null;
}

export type BrokerActionsEvent =
  | BareEvent<'org.retry' | 'users.retry' | 'brokers.retry'>
  | { type: 'org.pick'; org: OrgPick }
  /** The picker's clear button: back to no organization. */
  | { type: 'org.clear' }
  | { type: 'user.pick'; email: string }
  | { type: 'search.change'; list: ListName; text: string }
  | { type: 'select.toggle'; list: ListName; id: number }
  /** Select All of a list: every row its search shows on, or off. */
  | { type: 'select.all'; list: ListName; ids: number[]; on: boolean }
  | { type: 'action.run'; action: BrokerAction }
  /** The answer to the question an action that takes brokers out asks first. */
  | BareEvent<'action.confirm' | 'action.cancel'>
  /** A switch flipped: it is saved at once. */
  | { type: 'flag.toggle'; flag: FlagName };

/** The organization an address names, or null when there is none. */
export type FoundOrg = OrgPick | null;
export type LoadedBrokers = { lists: BrokerLists; flags: BrokerFlags };
export type SavedFlags = BrokerFlags & { msg: string };
export type { ActionOutcome, EntityListReply };
