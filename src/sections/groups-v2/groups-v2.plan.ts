// The group browser's walk: the list searched (a first page with more after it, or no answer),
// More groups (the last page, or no answer), a search by name or organization, an organization
// cleared; a group opened (its members, or no answer) and closed; the members filtered and
// reloaded; a member's removal asked, cancelled or confirmed, then answered (removed; already
// gone, said by the server; or no answer).
import type { MachinePlan } from '../../workflows/plan';
import { groupBrowserMachine } from './groups-v2.machine';

const GROUP = {
  id: 1,
  name: 'Desk 00',
  kind: 'collab',
  organization_id: 1,
  organization: 'Alpha Research',
  members: 3,
};
const MEMBER = {
  id: 1,
  username: 'user1',
  email: 'user1@example.com',
  name: 'Una User',
  organization: 'Alpha Research',
};
const ORG = { title: 'Beta Partners', org_id: 2, salesforceId: null };

export const groupBrowserPlan: MachinePlan<typeof groupBrowserMachine> = {
  machine: groupBrowserMachine,
  events: [
    { type: 'query.change', text: 'desk 0' },
    { type: 'search.submit' },
    { type: 'list.retry' },
    { type: 'org.pick', org: ORG },
    { type: 'org.clear' },
    { type: 'page.more' },
    { type: 'group.open', group: GROUP },
    { type: 'group.close' },
    { type: 'group.retry' },
    { type: 'members.filter', text: 'user2' },
    { type: 'members.reload' },
    { type: 'member.remove', member: MEMBER },
    { type: 'remove.confirm' },
    { type: 'remove.cancel' },
  ],
  outcomes: [
    {
      name: 'found',
      event: {
        type: 'xstate.done.actor.searchGroups',
        output: { status: true, groups: [GROUP], next: { name: 'desk 00', id: 1 } },
      },
    },
    { name: 'searchFailed', event: { type: 'xstate.error.actor.searchGroups', error: { status: 0 } } },
    {
      name: 'lastPage',
      event: { type: 'xstate.done.actor.searchMore', output: { status: true, groups: [GROUP], next: null } },
    },
    { name: 'moreFailed', event: { type: 'xstate.error.actor.searchMore', error: { status: 0 } } },
    {
      name: 'loaded',
      event: {
        type: 'xstate.done.actor.loadMembers',
        output: { status: true, group: GROUP, members: [MEMBER], truncated: false },
      },
    },
    { name: 'loadFailed', event: { type: 'xstate.error.actor.loadMembers', error: { status: 0 } } },
    {
      name: 'removed',
      event: {
        type: 'xstate.done.actor.removeMember',
        output: { status: true, msg: 'User #1 removed; the group has 2 members.', members: 2 },
      },
    },
    {
      name: 'notMember',
      event: {
        type: 'xstate.done.actor.removeMember',
        output: { status: false, msg: 'User #1 is not a member of the group.', members: 0 },
      },
    },
    { name: 'removeFailed', event: { type: 'xstate.error.actor.removeMember', error: { status: 0 } } },
  ],
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.next !== null,
      s.context.organization !== null,
      s.context.query !== '',
      s.context.filter !== '',
    ]),
  filterEvents: (s, e) => {
    if (s.hasTag('busy')) return e.type.startsWith('xstate.');
    // The confirmation is a modal dialog: only its two buttons.
    if (s.hasTag('confirming')) return e.type === 'remove.confirm' || e.type === 'remove.cancel';
    // Typing is walked once, in the list; the organization once, from the whole list.
    // After the last page, only a new search: what follows is walked from the first page.
    if (s.matches('listed') && s.context.next === null) return e.type === 'search.submit';
    // A filter over the members is walked to a reload and back to the list.
    if (s.context.filter !== '' && s.matches({ group: 'shown' }))
      return e.type === 'members.reload' || e.type === 'group.close';
    if (e.type === 'query.change')
      return s.matches('listed') && s.context.query === '' && s.context.organization === null;
    if (e.type === 'org.pick') return s.context.organization === null && s.context.query === '';
    if (e.type === 'org.clear') return s.context.organization !== null;
    if (e.type === 'members.filter') return s.context.filter === '';
    // More groups of the whole list only (one organization's groups fit one page).
    if (e.type === 'page.more') return s.context.organization === null && s.context.query === '';
    if (e.type === 'group.open') return s.context.query === '' && s.context.organization === null;
    return true;
  },
};

/** Opened from an address naming a group (Reload, a shared link): the group at once, then back to the list. */
export const groupBrowserFromAddressPlan: MachinePlan<typeof groupBrowserMachine> = {
  ...groupBrowserPlan,
  input: { groupId: GROUP.id },
  filterEvents: (s, e) => (s.matches('group') || s.matches('searching')) && groupBrowserPlan.filterEvents!(s, e),
};
