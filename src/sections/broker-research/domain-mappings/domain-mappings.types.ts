// Broker Domain Mappings' machine (domainMappings): what it is given, holds and hears.
import type {
  DomainBroker,
  DomainBrokersReply,
  DomainMapping,
  DomainMappingListReply,
  DomainMappingReply,
  DomainUser,
  DomainUsersReply,
  RemovedDomainMappingReply,
} from '../../../domain/broker-research-domain-mappings';
import type { Notice } from '../../../machines/shared/notice';
import type { BareEvent } from '../../../machines/shared/bare-event.types';
import type { TextEvent, ValueEvent } from '../../../machines/shared/payload-event.types';
import type { RecordVersion } from '../../../machines/shared/record-version.types';

/** The list's filters, as the URL holds them (?q=, ?broker=, ?cursor=). */
export interface DomainQuery {
  q: string;
  /** A broker id, or '' for every broker. */
  broker: string;
  /** The last domain of the page before this one; '' on the first page. */
  cursor: string;
}

/** The add or edit form's values. */
export interface DomainFormValues {
  domain: string;
  broker: DomainBroker | null;
}

/** The form: adding, or editing a mapping from the version it was read at. */
export interface DomainForm {
  mode: 'add' | 'edit';
  /** The mapping edited (edit only). */
  id: number | null;
  version: number;
  values: DomainFormValues;
  /** What the form started from: the form is changed when its values differ. */
  base: DomainFormValues;
}

/** What is kept of a changed form across a reload (decision 042). */
export type DomainDraft = DomainForm;

/** Someone else changed the mapping first: what is stored now. */
export interface DomainConflict {
  msg: string;
  current: DomainMapping;
}

/** The users a mapping recognises, as shown beside the list. */
export interface RecognisedUsers {
  mapping: DomainMapping;
  /** The first page of them, once read. */
  users: DomainUser[] | null;
  /** More than the first page. */
  more?: boolean;
  error: string | null;
}

export interface DomainMappingsInput {
  query: DomainQuery;
  draft: DomainDraft | null;
}

export interface DomainMappingsContext {
  query: DomainQuery;
  /** Cursors of the pages before this one, for Previous ('' is the first page). */
  trail: string[];
  items: DomainMapping[];
  /** The cursor of the next page, or null on the last. */
  next: string | null;
  /** The list has been read at least once. */
  loaded: boolean;
  draft: DomainDraft | null;
  form: DomainForm | null;
  /** The broker picker's search text and the brokers it found. */
  brokerSearch: string;
  brokerChoices: DomainBroker[] | null;
  /** The server's refusal at each field (domain, broker_id), until the field changes. */
  serverErrors: Record<string, string>;
  conflict: DomainConflict | null;
  /** The mapping whose removal is being asked. */
  removing: DomainMapping | null;
  recognised: RecognisedUsers | null;
  /** Why the list could not be read. */
  error: string | null;
  notice: Notice | null;
}

export type DomainMappingsEvent =
  | BareEvent<'list.retry' | 'page.next' | 'page.previous' | 'add.open' | 'remove.confirm' | 'remove.cancel'>
  | BareEvent<'form.save' | 'form.cancel' | 'leave.confirm' | 'leave.stay' | 'users.retry' | 'users.close'>
  | { type: 'query.set'; query: DomainQuery }
  | { type: 'edit.open'; mapping: DomainMapping }
  | { type: 'remove.open'; mapping: DomainMapping }
  | ValueEvent<'form.domain'>
  | TextEvent<'broker.find'>
  | { type: 'broker.choose'; broker: DomainBroker }
  | { type: 'users.open'; mapping: DomainMapping };

export type LoadOutcome = DomainMappingListReply;
export type FindOutcome = DomainBrokersReply;
export type SaveOutcome = DomainMappingReply;
export type RemoveOutcome = RemovedDomainMappingReply;
export type UsersOutcome = DomainUsersReply;
export interface SaveInput {
  form: DomainForm;
}
export type RemoveInput = RecordVersion;
