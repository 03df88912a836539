// The Brokers tab's walk. The list is read (two pages: Next, Previous) or not, searched; a broker
// chosen shows its user groups (or they could not be read). A group created or changed (saved; the
// name taken at the broker, refused at Name; changed first by a colleague; not sent) or closed
// unsaved; deleted after the question (deleted; changed first; not sent) or kept; its members read
// (or not), a user added by email or username (added; no live user has it, refused at the field;
// not sent) and a member removed after the question (removed; not sent) or kept. The second walk opens on a changed group
// form kept across a reload.
import type { BrokerRow, GroupMember, UserGroup } from '../../../domain/broker-research-brokers';
import { doneEvent, failedEvent, refusedEvent, staleEvent, type MachinePlan } from '../../../workflows/plan';
import { brokerUserGroupsMachine, formReady } from './brokers.machine';
import type { BrokerUserGroupsContext, GroupDraft } from './brokers.types';

/** The walk's world: Apex Securities (broker 1) with the user group Equity desk of two readers. */
export const PLAN_BROKER = { id: 1, name: 'Apex Securities' };
export const PLAN_GROUP: UserGroup = {
  id: 1,
  broker_id: 1,
  name: 'Equity desk',
  description: 'Cash equities',
  member_count: 2,
  version: 1,
  updated_by: 'admin',
  updated_at: 1_764_000_000_000,
};
export const PLAN_MEMBER: GroupMember = {
  id: 3,
  username: 'reader.one',
  email: 'reader.one@client.test',
  name: 'One Reader',
};
/** What the walk types: a group name and description, and a user to add. */
export const PLAN_NAME = 'Macro readers';
export const PLAN_DESCRIPTION = 'Rates and FX';
export const PLAN_USER = 'reader.three@client.test';
export const PLAN_SEARCH = 'Apex';

const ROW: BrokerRow = {
  id: 1,
  name: 'Apex Securities',
  legal_name: null,
  open_access: false,
  group: null,
  mifid_status: 'unknown',
};
const groupsReply = (msg: string) => ({ status: true, msg, groups: [PLAN_GROUP], broker: PLAN_BROKER });
const membersReply = (msg: string) => ({ status: true, msg, group: PLAN_GROUP, members: [PLAN_MEMBER] });
const stale = (id: string) =>
  staleEvent(id, {
    stale: true,
    msg: 'colleague changed the user group Equity desk first.',
    groups: [{ ...PLAN_GROUP, version: 2 }],
  });
const refusal = (id: string, field: string) => refusedEvent(id, { [field]: 'Refused.' });

const contextOf = (s: { context: unknown }) => s.context as BrokerUserGroupsContext;
const ON_GROUP_STATES = ['groups'];

export const brokerUserGroupsPlan: MachinePlan<typeof brokerUserGroupsMachine> = {
  machine: brokerUserGroupsMachine,
  input: { query: { q: '', pb: '', cursor: '' }, broker: null, draft: null },
  events: [
    { type: 'query.set', query: { q: PLAN_SEARCH, pb: '', cursor: '' } },
    { type: 'list.retry' },
    { type: 'page.next' },
    { type: 'page.previous' },
    { type: 'broker.choose', broker: PLAN_BROKER },
    { type: 'groups.close' },
    { type: 'group.create' },
    { type: 'group.edit', group: PLAN_GROUP },
    { type: 'form.field', field: 'name', value: PLAN_NAME },
    { type: 'form.field', field: 'description', value: PLAN_DESCRIPTION },
    { type: 'form.save' },
    { type: 'form.cancel' },
    { type: 'group.delete', group: PLAN_GROUP },
    { type: 'delete.confirm' },
    { type: 'delete.cancel' },
    { type: 'members.open', group: PLAN_GROUP },
    { type: 'members.close' },
    { type: 'members.text', value: PLAN_USER },
    { type: 'members.add' },
    { type: 'member.remove', member: PLAN_MEMBER },
    { type: 'remove.confirm' },
    { type: 'remove.cancel' },
  ],
  outcomes: [
    {
      name: 'loaded',
      event: doneEvent('loadPage', {
        page: { status: true, brokers: [ROW], next: '["Broker 050",50]' },
        brokerGroups: [],
      }),
    },
    { name: 'loadFailed', event: failedEvent('loadPage') },
    { name: 'groupsLoaded', event: doneEvent('loadGroups', groupsReply('')) },
    { name: 'groupsFailed', event: failedEvent('loadGroups') },
    { name: 'saved', event: doneEvent('saveGroup', groupsReply('User group saved.')) },
    { name: 'savedMeanwhile', event: stale('saveGroup') },
    { name: 'nameTaken', event: refusal('saveGroup', 'name') },
    { name: 'saveFailed', event: failedEvent('saveGroup') },
    { name: 'deleted', event: doneEvent('deleteGroup', { status: true, msg: 'User group deleted.', groups: [] }) },
    { name: 'deletedMeanwhile', event: stale('deleteGroup') },
    { name: 'deleteFailed', event: failedEvent('deleteGroup') },
    { name: 'membersLoaded', event: doneEvent('loadMembers', membersReply('')) },
    { name: 'membersFailed', event: failedEvent('loadMembers') },
    { name: 'membersAdded', event: doneEvent('addMembers', membersReply('1 member added.')) },
    { name: 'unknownUser', event: refusal('addMembers', 'users') },
    { name: 'addFailed', event: failedEvent('addMembers') },
    { name: 'memberRemoved', event: doneEvent('removeMember', membersReply('Member removed.')) },
    { name: 'removeFailed', event: failedEvent('removeMember') },
  ],
  serializeState: (s) => {
    const c = contextOf(s);
    return JSON.stringify([
      s.value,
      formReady(c.form),
      c.form?.group ?? null,
      c.form?.values.name ?? null,
      c.memberText !== '',
      c.query.q,
      c.query.cursor !== '',
    ]);
  },
  filterEvents: (s, e) => {
    const c = contextOf(s);
    const hasGroup = c.groups.some((g) => g.id === PLAN_GROUP.id);
    switch (e.type) {
      case 'query.set':
        return s.matches('browsing') && c.query.q === '' && c.query.cursor === '';
      case 'page.next':
        return s.matches('browsing') && c.next !== null && c.query.cursor === '' && c.query.q === '';
      case 'page.previous':
        return s.matches('browsing') && c.query.cursor !== '';
      case 'broker.choose':
        return (s.matches('browsing') || s.matches('groups')) && c.query.q === PLAN_SEARCH && c.notice === null;
      case 'group.edit':
      case 'group.delete':
      case 'members.open':
        return ON_GROUP_STATES.some((x) => s.matches(x)) && hasGroup;
      case 'form.save':
        return formReady(c.form);
      case 'members.add':
        return c.memberText !== '';
      case 'member.remove':
        return c.members.some((m) => m.id === PLAN_MEMBER.id);
      case 'xstate.error.actor.saveGroup':
        if ((e as { error?: { status?: number } }).error?.status === 409) return c.form?.group !== null;
        if ((e as { error?: { status?: number } }).error?.status === 400) return c.form?.values.name === PLAN_NAME;
        return true;
      default:
        return true;
    }
  },
};

/** After a reload with a changed group form kept (decision 042): the broker of the URL's groups, the form over them. */
export const PLAN_DRAFT: GroupDraft = {
  broker: PLAN_BROKER.id,
  group: null,
  version: 0,
  values: { name: PLAN_NAME, description: '' },
  base: { name: '', description: '' },
};
export const brokerUserGroupsDraftPlan: MachinePlan<typeof brokerUserGroupsMachine> = {
  machine: brokerUserGroupsMachine,
  input: { query: { q: '', pb: '', cursor: '' }, broker: PLAN_BROKER.id, draft: PLAN_DRAFT },
  events: [{ type: 'form.save' }, { type: 'form.cancel' }],
  outcomes: brokerUserGroupsPlan.outcomes.filter((o) => ['loaded', 'groupsLoaded', 'saved'].includes(o.name)),
  serializeState: (s) => JSON.stringify([s.value, formReady(contextOf(s).form)]),
};
