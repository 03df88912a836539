// The Brokers tab's machine (brokerUserGroups): what it is given, holds and hears.
import type { BrokerGroup } from '../../../domain/brokers';
import type {
  BrokerPageReply,
  BrokerRow,
  GroupMember,
  MembersReply,
  UserGroup,
  UserGroupsReply,
} from '../../../domain/broker-research-brokers';
import type { Notice } from '../../../machines/shared/notice';
import type { BareEvent } from '../../../machines/shared/bare-event.types';
import type { FieldEvent, ValueEvent } from '../../../machines/shared/payload-event.types';

/** The list's filters, as the URL holds them (?q=, ?pb=, ?cursor=). */
export interface BrokersQuery {
  q: string;
  /** A broker group id, or '' for every broker. */
  pb: string;
  /** The cursor of this page; '' on the first. */
  cursor: string;
}

/** The broker whose user groups show. */
export interface ChosenBroker {
  id: number;
  name: string;
}

export interface GroupValues {
  name: string;
  description: string;
}
/** Creating a user group (group null) or changing one from its version. */
export interface GroupForm {
  broker: number;
  group: number | null;
  version: number;
  values: GroupValues;
  base: GroupValues;
}
/** What is kept of a changed form across a reload (decision 042). */
export type GroupDraft = GroupForm;

export interface BrokerUserGroupsInput {
  query: BrokersQuery;
  /** The broker of the URL (?broker=) whose user groups show, or null. */
  broker: number | null;
  draft: GroupDraft | null;
}

export interface BrokerUserGroupsContext {
  query: BrokersQuery;
  /** Cursors of the pages before this one, for Previous. */
  trail: string[];
  items: BrokerRow[];
  next: string | null;
  /** The broker groups to filter by; null until read. */
  brokerGroups: BrokerGroup[] | null;
  /** The broker whose user groups show (its name once known). */
  chosen: ChosenBroker | null;
  groups: UserGroup[];
  /** The group whose members show, and them. */
  open: UserGroup | null;
  members: GroupMember[];
  /** The emails or usernames typed to add. */
  memberText: string;
  form: GroupForm | null;
  draft: GroupDraft | null;
  /** The group whose deletion is asked. */
  deleting: UserGroup | null;
  /** The member whose removal is asked (and then made). */
  removing: GroupMember | null;
  serverErrors: Record<string, string>;
  conflict: string | null;
  error: string | null;
  notice: Notice | null;
}

export type BrokerUserGroupsEvent =
  | BareEvent<'list.retry' | 'page.next' | 'page.previous' | 'groups.close' | 'group.create'>
  | BareEvent<'form.save' | 'form.cancel' | 'delete.confirm' | 'delete.cancel'>
  | BareEvent<'members.close' | 'members.add' | 'remove.confirm' | 'remove.cancel'>
  | { type: 'query.set'; query: BrokersQuery }
  | { type: 'broker.choose'; broker: ChosenBroker }
  | { type: 'group.edit'; group: UserGroup }
  | FieldEvent<'form.field', keyof GroupValues>
  | { type: 'group.delete'; group: UserGroup }
  | { type: 'members.open'; group: UserGroup }
  | ValueEvent<'members.text'>
  | { type: 'member.remove'; member: GroupMember };

export interface LoadOutcome {
  page: BrokerPageReply;
  /** The broker groups, when they were asked for. */
  brokerGroups: BrokerGroup[] | null;
}
export interface LoadInput {
  query: BrokersQuery;
  withBrokerGroups: boolean;
}
export type GroupsOutcome = UserGroupsReply;
export type MembersOutcome = MembersReply;
