// The Group Management walks. An organization's groups are read (one group, Analysts, with a
// member, and a user in no group) or not read; a group is created or renamed (saved, refused at
// its name, changed by someone else first, not sent), deleted (or deleted by someone else first,
// or not sent); a member added or removed, a switch saved (or the group changed first, or no
// answer), or an add refused (the user deleted meanwhile); the members filtered. A second walk
// starts from a kept form: its organization loads and the form opens; a third from an address
// naming the organization.
import type { Group } from '../../domain/groups';
import { doneEvent, failedEvent, refusedEvent, staleEvent, type MachinePlan } from '../../workflows/plan';
import { NEW_RECORD } from '../../machines/shared/new-record';
import { groupEditorMachine, qOf } from './groups.machine';

const ORG = { title: 'Northwind Capital', org_id: 1, salesforceId: 'SF-NW' };
const OLIVIA = { id: 1, username: 'olivia.smith', email: 'olivia@northwind.example', name: 'Olivia Smith' };
const OSCAR = { id: 2, username: 'oscar.lee', email: 'oscar@northwind.example', name: 'Oscar Lee' };
const FLAGS = {
  autoshare: false,
  thesis: false,
  collab: false,
  sec_master: false,
  restrict_export: false,
  restrict_upload: false,
  restrict_annot: false,
};
const GROUP: Group = {
  id: 1,
  name: 'Analysts',
  kind: 'general',
  organization_id: 1,
  flags: FLAGS,
  members: [OLIVIA],
  version: 1,
};
const stale = (id: string, current: Group | null) =>
  staleEvent(id, { msg: 'Someone else changed the group.', current });

const NOT_ADDED = 'No member was added. User 2: the user has been deleted.';

const outcomes = [
  { name: 'loaded', event: doneEvent('loadGroups', { status: true, groupItems: [GROUP], nonGroupUsers: [OSCAR] }) },
  { name: 'loadFailed', event: failedEvent('loadGroups') },
  {
    name: 'saved',
    event: doneEvent('saveGroup', {
      status: true,
      msg: "Group 'Research' created.",
      group: { ...GROUP, id: 2, name: 'Research', members: [] },
    }),
  },
  {
    name: 'nameTaken',
    event: refusedEvent('saveGroup', { name: 'taken' }),
  },
  { name: 'savedMeanwhile', event: stale('saveGroup', { ...GROUP, name: 'Analysts (theirs)', version: 2 }) },
  { name: 'saveFailed', event: failedEvent('saveGroup') },
  { name: 'removed', event: doneEvent('removeGroup', { status: true, msg: "Group 'Analysts' deleted.", group_id: 1 }) },
  { name: 'removedMeanwhile', event: stale('removeGroup', { ...GROUP, version: 2 }) },
  { name: 'removeFailed', event: failedEvent('removeGroup') },
  {
    name: 'changed',
    event: doneEvent('changeGroup', {
      status: true,
      msg: '1 member added.',
      group: { ...GROUP, members: [OLIVIA, OSCAR], version: 2 },
    }),
  },
  { name: 'changedMeanwhile', event: stale('changeGroup', { ...GROUP, version: 2 }) },
  {
    // The user was deleted after the screen read them: the refusal names the cause (decision 099).
    name: 'memberRefused',
    event: {
      type: 'xstate.error.actor.changeGroup',
      error: {
        status: 400,
        refusal: { msg: NOT_ADDED, fields: { user_ids: NOT_ADDED } },
        data: {
          status: false,
          msg: NOT_ADDED,
          fields: { user_ids: NOT_ADDED },
          refused: [{ user_id: 2, cause: 'deleted' }],
        },
      },
    },
  },
  { name: 'changeFailed', event: failedEvent('changeGroup') },
];

export const groupEditorPlan: MachinePlan<typeof groupEditorMachine> = {
  machine: groupEditorMachine,
  input: { draft: null },
  events: [
    { type: 'org.pick', org: ORG },
    { type: 'org.clear' },
    { type: 'list.retry' },
    { type: 'group.create' },
    { type: 'group.rename', id: 1 },
    { type: 'form.name', value: 'Research' },
    { type: 'form.kind', value: 'thesis' },
    { type: 'form.submit' },
    { type: 'form.cancel' },
    { type: 'group.delete', id: 1 },
    { type: 'delete.confirm' },
    { type: 'delete.cancel' },
    { type: 'member.add', id: 1, userIds: [2] },
    { type: 'member.remove', id: 1, userId: 1 },
    { type: 'remove.confirm' },
    { type: 'remove.cancel' },
    { type: 'switch.toggle', id: 1, key: 'autoshare' },
    { type: 'members.filter', text: 'oscar' },
    { type: 'members.filter', text: '' },
  ],
  outcomes,
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.form === null ? 'none' : s.context.form.id === null ? 'new' : 'rename',
      // A filter typed while a change was under way is sent once it is done.
      qOf(s.context.filter) === s.context.q ? 'sent' : 'pending',
    ]),
  filterEvents: (s, e) => {
    const creating = s.context.form?.id === null;
    // A new group cannot have been changed by someone else; its kind is chosen only when it is created.
    if (e.type === 'xstate.error.actor.saveGroup' && (e['error'] as { status?: number }).status === 409)
      return !creating;
    if (e.type === 'form.kind') return creating;
    // The filter is typed while no dialog holds the page behind it; cleared once typed into.
    if (e.type === 'members.filter') {
      const text = (e as unknown as { text: string }).text;
      const page = ['idle', 'filtering', 'refiltering', 'working'].some((k) => s.matches({ loaded: k }));
      return page && text !== s.context.filter;
    }
    // Only an add is refused with its people's causes.
    if (e.type === 'xstate.error.actor.changeGroup' && (e['error'] as { data?: { refused?: unknown } }).data?.refused)
      return s.context.change?.kind === 'add';
    return true;
  },
};

/** From a form kept before a reload: its organization loads, then the form opens again. */
export const groupEditorDraftPlan: MachinePlan<typeof groupEditorMachine> = {
  machine: groupEditorMachine,
  input: {
    draft: {
      org: ORG,
      form: { ...NEW_RECORD, name: 'Kept group', kind: 'collab', base: { name: '', kind: 'general' } },
    },
  },
  events: [{ type: 'form.submit' }, { type: 'form.cancel' }],
  outcomes: outcomes.filter((o) => ['loaded', 'saved'].includes(o.name)),
};

/**
 * From an address naming the organization by id (decision 097): its name is read (found, no such
 * organization, no answer), then its groups.
 */
export const groupEditorAddressPlan: MachinePlan<typeof groupEditorMachine> = {
  machine: groupEditorMachine,
  input: { draft: null, orgId: 1 },
  events: [{ type: 'org.pick', org: ORG }, { type: 'org.clear' }, { type: 'list.retry' }],
  outcomes: [
    { name: 'orgFound', event: doneEvent('findOrg', ORG) },
    { name: 'orgGone', event: doneEvent('findOrg', null) },
    { name: 'orgFailed', event: failedEvent('findOrg') },
    ...outcomes.filter((o) => ['loaded', 'loadFailed'].includes(o.name)),
  ],
  // Past the opening, the first walk covers the rest.
  filterEvents: (s) => !s.matches('loaded') && !s.matches('noOrganization'),
};

const NAMES = ['Quinn', 'Reyes', 'Silva', 'Tanaka', 'Ueda', 'Vance'];
/** Analysts of 56: Olivia and 49 more on its first page, the next 6 behind its cursor. */
const LARGE: Group = {
  ...GROUP,
  members: [OLIVIA, ...Array.from({ length: 49 }, (_, i) => ({ ...OSCAR, id: 100 + i, name: `Pat ${i}` }))],
  members_count: 56,
  members_next: 'next',
};

/**
 * A group larger than a page (decision 104): Load more reads its next page after the cursor and
 * appends it, or says at the group why it did not; typing the filter drops the read.
 */
export const groupEditorPagesPlan: MachinePlan<typeof groupEditorMachine> = {
  machine: groupEditorMachine,
  input: { draft: null, orgId: 1 },
  events: [
    { type: 'members.more', list: 1 },
    { type: 'members.filter', text: 'oscar' },
  ],
  outcomes: [
    { name: 'orgFound', event: doneEvent('findOrg', ORG) },
    { name: 'loaded', event: doneEvent('loadGroups', { status: true, groupItems: [LARGE], nonGroupUsers: [OSCAR] }) },
    {
      name: 'moreLoaded',
      event: doneEvent('loadMembers', {
        status: true,
        members: NAMES.map((n, i) => ({ ...OSCAR, id: 200 + i, name: `Zed ${n}` })),
        count: 56,
        next: null,
      }),
    },
    { name: 'moreFailed', event: failedEvent('loadMembers') },
  ],
  // The filter is walked by the first plan; here it only cuts a Load more short.
  filterEvents: (s, e) => (e.type === 'members.filter' ? s.matches({ loaded: 'loadingMore' }) : true),
};
