// Broker Details' machine (brokerDetails): what it is given, holds and hears.
import type {
  BrokerChange,
  BrokerDetails,
  BrokerDetailsReply,
  BrokerPageReply,
  BrokerRow,
} from '../../../domain/broker-research-brokers';
import type { MifidStatus } from '../../../domain/broker-research';
import type { Notice } from '../../../machines/shared/notice';
import type { BareEvent } from '../../../machines/shared/bare-event.types';
import type { FieldEvent, TextEvent, ValueEvent } from '../../../machines/shared/payload-event.types';

/** A broker found by the picker or the link form's search. */
export type FoundBroker = Pick<BrokerRow, 'id' | 'name'>;

/** The values of each form of the record. */
export type FormValues =
  | { kind: 'mifid'; mifid_status: MifidStatus }
  | { kind: 'contact'; contact: number | null; name: string; email: string; phone: string; region: string }
  | { kind: 'link'; linked: FoundBroker | null }
  | { kind: 'distributor'; dist: string; code: string; active: boolean };
export type FormKind = FormValues['kind'];
/** A text field of a form, by its request field. */
export type FormField = 'name' | 'email' | 'phone' | 'region' | 'code' | 'mifid_status' | 'dist';

/** The open form: its values, what they started from, and the broker version it edits. */
export interface DetailsForm {
  broker: number;
  version: number;
  values: FormValues;
  base: FormValues;
}
/** What is kept of a changed form across a reload (decision 042). */
export type DetailsDraft = DetailsForm;

/** A removal asked for: a sales contact or a link, named for the question. */
export type Removal =
  { kind: 'contact.remove'; contact: number; label: string } | { kind: 'unlink'; linked_broker: number; label: string };

export interface BrokerDetailsInput {
  /** The broker of the URL (?broker=), or null: the picker shows. */
  broker: number | null;
  draft: DetailsDraft | null;
}

export interface BrokerDetailsContext {
  broker: number | null;
  details: BrokerDetails | null;
  /** The picker's and the link form's search text and what it found. */
  search: string;
  found: FoundBroker[] | null;
  form: DetailsForm | null;
  draft: DetailsDraft | null;
  removal: Removal | null;
  /** The server's refusal at each field, until the field changes. */
  serverErrors: Record<string, string>;
  /** Someone else changed the broker first: said. */
  conflict: string | null;
  error: string | null;
  notice: Notice | null;
}

export type BrokerDetailsEvent =
  | BareEvent<'broker.close' | 'details.retry' | 'form.save' | 'form.cancel'>
  | BareEvent<'remove.confirm' | 'remove.cancel'>
  | { type: 'broker.open'; broker: number }
  | TextEvent<'search.find'>
  | { type: 'form.open'; values: FormValues }
  | FieldEvent<'form.field', FormField>
  | ValueEvent<'form.active', boolean>
  | { type: 'link.choose'; broker: FoundBroker }
  | { type: 'remove.open'; removal: Removal };

export type LoadOutcome = BrokerDetailsReply;
export type FindOutcome = BrokerPageReply;
export type ChangeOutcome = BrokerDetailsReply;
export interface ChangeInput {
  broker: number;
  version: number;
  change: BrokerChange;
}
