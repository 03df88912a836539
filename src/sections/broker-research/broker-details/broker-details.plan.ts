// Broker Details' walk. The broker of the URL is read (or not); the URL drops it and the picker
// searches for one (found, or not) and opens it. On the record: the mifid update (saved; someone
// changed the broker first; not sent), a sales contact added (saved; its email taken, refused at
// the field; changed first; not sent), a broker found and linked (saved; linked already, refused),
// a distributor carried or not (saved), each form closed unsaved; a sales contact removed after a
// question (removed; changed first; not sent) or kept. The second walk opens on a changed form
// kept across a reload.
import type { BrokerDetails, BrokerDetailsReply } from '../../../domain/broker-research-brokers';
import { doneEvent, failedEvent, refusedEvent, staleEvent, type MachinePlan } from '../../../workflows/plan';
import { brokerDetailsMachine, formReady } from './broker-details.machine';
import type { BrokerDetailsContext, DetailsDraft, FormValues } from './broker-details.types';

/** The walk's world: broker 1 (Apex Securities) with one sales contact, broker 2 (Beacon Markets) to link. */
export const PLAN_BROKER = 1;
export const PLAN_OTHER = { id: 2, name: 'Beacon Markets' };
export const PLAN_CONTACT = { id: 1, name: 'Jordan Hale', email: 'jordan.hale@apex.test' };
/** What the walk types into the contact form, and the MiFID II status it sets. */
export const PLAN_NEW_CONTACT = { name: 'Alex Reed', email: 'alex.reed@apex.test' };
export const PLAN_MIFID = 'compliant';

const DETAILS: BrokerDetails = {
  broker: {
    id: 1,
    name: 'Apex Securities',
    legal_name: 'Apex Securities LLC',
    short_name: 'Apex',
    open_access: false,
    group: null,
    mifid_status: 'unknown',
    mifid_updated_by: null,
    mifid_updated_at: null,
    version: 1,
    updated_by: null,
    updated_at: null,
  },
  distributors: [],
  sales_contacts: [{ ...PLAN_CONTACT, phone: '', region: '', created_at: 1_764_000_000_000 }],
  links: [],
  entitlements: { active_fulfillments: 0, ended_fulfillments: 0, new_requests: 0, sent_requests: 0 },
};
const reply = (msg: string, version = 1): BrokerDetailsReply => ({
  status: true,
  msg,
  details: { ...DETAILS, broker: { ...DETAILS.broker, version } },
});

export const CONTACT_FORM: FormValues = { kind: 'contact', contact: null, name: '', email: '', phone: '', region: '' };
export const LINK_FORM: FormValues = { kind: 'link', linked: null };
export const MIFID_FORM: FormValues = { kind: 'mifid', mifid_status: 'unknown' };
export const DISTRIBUTOR_FORM: FormValues = { kind: 'distributor', dist: 'tri', code: 'TR1', active: true };

const contextOf = (s: { context: unknown }) => s.context as BrokerDetailsContext;
const kindOf = (s: { context: unknown }) => contextOf(s).form?.values.kind ?? null;

/** Which service results each form's walk takes (each one a way the real server answers it). */
const OUTCOMES_OF: Record<string, readonly string[]> = {
  contact: ['saved', 'savedMeanwhile', 'refused', 'changeFailed'],
  mifid: ['saved', 'savedMeanwhile'],
  link: ['saved', 'refused', 'found', 'findFailed'],
  distributor: ['saved'],
  removing: ['saved', 'savedMeanwhile', 'changeFailed'],
};
/** The events each form's walk takes. */
const EVENTS_OF: Record<string, readonly string[]> = {
  contact: ['form.field:name', 'form.field:email', 'form.save', 'form.cancel'],
  mifid: ['form.field:mifid_status', 'form.save', 'form.cancel'],
  link: ['search.find', 'link.choose', 'form.save', 'form.cancel'],
  distributor: ['form.active', 'form.save', 'form.cancel'],
};

const outcomeNames = new Map<string, string>();
const eventKey = (e: { type: string; field?: string }) => (e.type === 'form.field' ? `form.field:${e.field}` : e.type);

export const brokerDetailsPlan: MachinePlan<typeof brokerDetailsMachine> = {
  machine: brokerDetailsMachine,
  input: { broker: PLAN_BROKER, draft: null },
  events: [
    { type: 'broker.close' },
    { type: 'broker.open', broker: PLAN_OTHER.id },
    { type: 'details.retry' },
    { type: 'search.find', text: 'Beacon' },
    { type: 'form.open', values: CONTACT_FORM },
    { type: 'form.open', values: MIFID_FORM },
    { type: 'form.open', values: LINK_FORM },
    { type: 'form.open', values: DISTRIBUTOR_FORM },
    { type: 'form.field', field: 'name', value: PLAN_NEW_CONTACT.name },
    { type: 'form.field', field: 'email', value: PLAN_NEW_CONTACT.email },
    { type: 'form.field', field: 'mifid_status', value: PLAN_MIFID },
    { type: 'form.active', value: false },
    { type: 'link.choose', broker: PLAN_OTHER },
    { type: 'form.save' },
    { type: 'form.cancel' },
    { type: 'remove.open', removal: { kind: 'contact.remove', contact: PLAN_CONTACT.id, label: PLAN_CONTACT.name } },
    { type: 'remove.confirm' },
    { type: 'remove.cancel' },
  ],
  outcomes: [
    { name: 'loaded', event: doneEvent('loadDetails', reply('')) },
    { name: 'loadFailed', event: failedEvent('loadDetails') },
    {
      name: 'found',
      event: doneEvent('findBrokers', {
        status: true,
        brokers: [{ ...PLAN_OTHER, legal_name: null, open_access: false, group: null, mifid_status: 'unknown' }],
        next: null,
      }),
    },
    { name: 'findFailed', event: failedEvent('findBrokers') },
    { name: 'saved', event: doneEvent('changeBroker', reply('Saved.', 2)) },
    {
      name: 'savedMeanwhile',
      event: staleEvent('changeBroker', {
        stale: true,
        msg: 'colleague changed Apex Securities first.',
        details: reply('', 2).details,
      }),
    },
    {
      name: 'refused',
      event: refusedEvent('changeBroker', { email: 'Refused.' }),
    },
    { name: 'changeFailed', event: failedEvent('changeBroker') },
  ],
  serializeState: (s) =>
    JSON.stringify([s.value, kindOf(s), formReady(contextOf(s).form), contextOf(s).found !== null]),
  filterEvents: (s, e) => {
    const name =
      outcomeNames.get(JSON.stringify(e)) ??
      brokerDetailsPlan.outcomes.find((o) => JSON.stringify(o.event) === JSON.stringify(e))?.name;
    if (name) outcomeNames.set(JSON.stringify(e), name);
    const kind = kindOf(s);
    if (name) {
      if (s.matches('removing')) return OUTCOMES_OF['removing']!.includes(name);
      if ((s.matches('saving') || s.matches('searching')) && kind) return OUTCOMES_OF[kind]!.includes(name);
      return true;
    }
    const context = contextOf(s);
    switch (e.type) {
      // The picker's search, before anything is found (a second search is the same walk).
      case 'search.find':
        return s.matches('choosing')
          ? context.found === null
          : kind === 'link' && context.found === null && formReady(context.form) === false;
      // The picker opens a broker it found; the URL naming no broker closes the record.
      case 'broker.open':
        return s.matches('choosing') && context.found !== null;
      case 'broker.close':
        return s.matches('viewing') && context.details?.broker.version === 1 && context.notice === null;
      case 'link.choose':
        return kind === 'link' && context.found !== null;
      case 'form.save':
        return formReady(context.form);
      case 'remove.open':
        return context.details?.sales_contacts.some((c) => c.id === PLAN_CONTACT.id) ?? false;
      case 'form.open':
        return context.notice === null;
      default:
        if (s.matches('editing') && kind)
          return EVENTS_OF[kind]!.includes(eventKey(e as { type: string; field?: string }));
        return true;
    }
  },
};

/** After a reload with a changed contact form kept (decision 042): it opens again over the record. */
export const PLAN_DRAFT: DetailsDraft = {
  broker: PLAN_BROKER,
  version: 1,
  values: { ...CONTACT_FORM, ...PLAN_NEW_CONTACT } as FormValues,
  base: CONTACT_FORM,
};
export const brokerDetailsDraftPlan: MachinePlan<typeof brokerDetailsMachine> = {
  machine: brokerDetailsMachine,
  input: { broker: PLAN_BROKER, draft: PLAN_DRAFT },
  events: [{ type: 'form.save' }, { type: 'form.cancel' }],
  outcomes: brokerDetailsPlan.outcomes.filter((o) => ['loaded', 'saved'].includes(o.name)),
  serializeState: (s) => JSON.stringify([s.value, formReady(contextOf(s).form)]),
};

/** Opened without a broker in the URL: the picker searches and opens one. */
export const brokerDetailsPickerPlan: MachinePlan<typeof brokerDetailsMachine> = {
  machine: brokerDetailsMachine,
  input: { broker: null, draft: null },
  events: [
    { type: 'search.find', text: 'Beacon' },
    { type: 'broker.open', broker: PLAN_OTHER.id },
  ],
  outcomes: brokerDetailsPlan.outcomes.filter((o) => ['found', 'loaded'].includes(o.name)),
  serializeState: (s) => JSON.stringify([s.value, contextOf(s).found !== null]),
  filterEvents: (s, e) =>
    e.type === 'broker.open'
      ? contextOf(s).found !== null
      : e.type === 'search.find'
        ? contextOf(s).found === null
        : true,
};
