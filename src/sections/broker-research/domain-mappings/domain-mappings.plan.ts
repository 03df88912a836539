// Broker Domain Mappings' walk. The list is read (two pages unfiltered: Next, Previous) or not;
// searched; a mapping added (a domain typed, a broker found by name and chosen) or edited, then
// saved (saved; the domain names a broker already, refused at the field; someone else changed it
// first, or removed it; not sent), or closed (a changed form asks first); a mapping removed after
// a confirmation (removed; changed by someone else first; not sent); the users research.apex.com
// recognises opened (or not) and closed. The second walk opens on a
// changed form kept across a reload.
import type {
  DomainBroker,
  DomainMapping,
  DomainMappingListReply,
} from '../../../domain/broker-research-domain-mappings';
import { doneEvent, failedEvent, refusedEvent, staleRecordEvent, type MachinePlan } from '../../../workflows/plan';
import { NEW_RECORD } from '../../../machines/shared/new-record';
import { domainMappingsMachine, formChanged } from './domain-mappings.machine';
import type { DomainDraft, DomainMappingsContext } from './domain-mappings.types';

/** The mapping the walk edits and removes: the first row of the unfiltered list. */
export const PLAN_MAPPING: DomainMapping = {
  id: 1,
  domain: 'research.apex.com',
  broker_id: 1,
  broker_name: 'Apex Securities',
  updated_by: 'admin',
  updated_at: 1_764_000_000_000,
  version: 1,
  users: 2,
};
export const PLAN_BROKER: DomainBroker = { id: 3, name: 'Bluewater Partners' };
/** What the walk types in the domain field. */
export const PLAN_DOMAIN = 'desk.bluewater.com';
export const PLAN_SEARCH = 'research.';

const page = (next: string | null): DomainMappingListReply => ({ status: true, items: [PLAN_MAPPING], next });
const stale = (current: DomainMapping | null, msg: string) => staleRecordEvent('saveMapping', msg, current);

const contextOf = (s: { context: unknown }) => s.context as DomainMappingsContext;

export const domainMappingsPlan: MachinePlan<typeof domainMappingsMachine> = {
  machine: domainMappingsMachine,
  input: { query: { q: '', broker: '', cursor: '' }, draft: null },
  events: [
    { type: 'query.set', query: { q: PLAN_SEARCH, broker: '', cursor: '' } },
    { type: 'list.retry' },
    { type: 'page.next' },
    { type: 'page.previous' },
    { type: 'add.open' },
    { type: 'edit.open', mapping: PLAN_MAPPING },
    { type: 'remove.open', mapping: PLAN_MAPPING },
    { type: 'remove.confirm' },
    { type: 'remove.cancel' },
    { type: 'form.domain', value: PLAN_DOMAIN },
    { type: 'broker.find', text: 'blue' },
    { type: 'broker.choose', broker: PLAN_BROKER },
    { type: 'form.save' },
    { type: 'form.cancel' },
    { type: 'leave.confirm' },
    { type: 'leave.stay' },
    { type: 'users.open', mapping: PLAN_MAPPING },
    { type: 'users.retry' },
    { type: 'users.close' },
  ],
  outcomes: [
    { name: 'loaded', event: doneEvent('loadPage', page('zz-filler-48.example.com')) },
    { name: 'loadFailed', event: failedEvent('loadPage') },
    { name: 'brokersFound', event: doneEvent('findBrokers', { status: true, items: [PLAN_BROKER] }) },
    { name: 'findFailed', event: failedEvent('findBrokers') },
    {
      name: 'saved',
      event: doneEvent('saveMapping', {
        status: true,
        msg: `Saved: ${PLAN_DOMAIN} names Apex Securities.`,
        mapping: { ...PLAN_MAPPING, domain: PLAN_DOMAIN, version: 2 },
      }),
    },
    {
      name: 'refusedAtField',
      event: refusedEvent('saveMapping', { domain: `${PLAN_DOMAIN} already names Apex Capital.` }),
    },
    {
      name: 'savedMeanwhile',
      event: stale(
        { ...PLAN_MAPPING, broker_name: 'Apex Capital', version: 2 },
        'colleague changed this mapping after you opened it; nothing of yours was saved.',
      ),
    },
    { name: 'removedMeanwhile', event: stale(null, 'This mapping is no longer there: someone else removed it.') },
    { name: 'saveFailed', event: failedEvent('saveMapping') },
    {
      name: 'removed',
      event: doneEvent('removeMapping', { status: true, msg: 'research.apex.com no longer names a broker.', id: 1 }),
    },
    {
      name: 'removeStale',
      event: staleRecordEvent(
        'removeMapping',
        'colleague changed this mapping after you opened it; it was not removed.',
        { ...PLAN_MAPPING, version: 2 },
      ),
    },
    { name: 'removeFailed', event: failedEvent('removeMapping') },
    {
      name: 'usersLoaded',
      event: doneEvent('loadUsers', {
        status: true,
        next: null,
        items: [
          {
            id: 9,
            username: 'ann',
            email: 'ann@research.apex.com',
            first_name: 'ann',
            last_name: 'Analyst',
            active: true,
          },
        ],
      }),
    },
    { name: 'usersFailed', event: failedEvent('loadUsers') },
  ],
  serializeState: (s) => {
    const c = contextOf(s);
    return JSON.stringify([
      s.value,
      c.form?.mode ?? null,
      formChanged(c.form),
      c.query.cursor !== '',
      (c.brokerChoices?.length ?? 0) > 0,
    ]);
  },
  filterEvents: (s, e) => {
    const c = contextOf(s);
    switch (e.type) {
      // The world holds two pages of mappings when unfiltered; the one edited is on the first.
      case 'page.next':
        return c.query.q === '' && c.query.cursor === '' && c.next !== null;
      case 'page.previous':
        return c.query.cursor !== '';
      case 'add.open':
      case 'users.open':
      case 'edit.open':
      case 'remove.open':
        return c.query.cursor === '';
      case 'query.set':
        return c.query.q !== PLAN_SEARCH;
      // Save is on once the form holds a change (or theirs is shown), a domain and a broker.
      case 'form.save':
        return (
          (formChanged(c.form) || c.conflict !== null) &&
          c.form!.values.domain.trim() !== '' &&
          c.form!.values.broker !== null
        );
      case 'broker.choose':
        return (c.brokerChoices ?? []).some((b) => b.id === PLAN_BROKER.id);
      case 'form.domain':
        return c.form!.values.domain !== PLAN_DOMAIN;
      // Only an edit can meet someone else's change.
      case 'xstate.error.actor.saveMapping':
        return c.form?.mode === 'edit' || (e as { error?: { status?: number } }).error?.status !== 409;
      default:
        return true;
    }
  },
};

/** After a reload with a changed add form kept (decision 042): it opens again once the list is read. */
export const PLAN_DRAFT: DomainDraft = {
  mode: 'add',
  ...NEW_RECORD,
  values: { domain: PLAN_DOMAIN, broker: PLAN_BROKER },
  base: { domain: '', broker: null },
};
export const domainMappingsDraftPlan: MachinePlan<typeof domainMappingsMachine> = {
  machine: domainMappingsMachine,
  input: { query: { q: '', broker: '', cursor: '' }, draft: PLAN_DRAFT },
  events: [{ type: 'form.save' }, { type: 'form.cancel' }, { type: 'leave.confirm' }],
  outcomes: domainMappingsPlan.outcomes.filter((o) => ['loaded', 'saved', 'refusedAtField'].includes(o.name)),
  serializeState: domainMappingsPlan.serializeState!,
  filterEvents: domainMappingsPlan.filterEvents!,
};
