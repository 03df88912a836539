// Group Management (spec §2 /modify_groups and /view_groups, §4 "Groups … lists", §8; decision
// 048): pick an organization; its groups load with their members and the users in no group (a
// failure says so, with Retry). A group is created or renamed in a form that keeps its draft
// (decision 042) and shows the server's refusal at its field; deleted after a confirmation; given
// or relieved of members; its switches saved one at a time with their §8 words. Every change
// names the version the screen holds: when someone else changed the group first the change is
// not made, the screen says so and shows the group as it is now, so the next try starts from it.
import { assign, fromPromise, setup } from 'xstate';
import { fieldRefusalOf } from '../../domain/field-errors';
import {
  ADD_MEMBER_CAUSE_WORDS,
  ADD_MEMBER_CAUSES,
  addMemberRefusalOf,
  FEATURE_WORDS,
  GROUP_MESSAGES,
  staleGroupOf,
  type AddMemberRefused,
  type Group,
  type GroupMember,
} from '../../domain/groups';
import type { OrgPick } from '../../domain/users';
import { callStates } from '../../machines/shared/call-state';
import { failureMessage, refusalMessage, errorOf } from '../../machines/shared/failure';
import { listStates } from '../../machines/shared/list-states';
import { noticeOf } from '../../machines/shared/notice';
import { refusedFields, refusedSave, savedMeanwhile } from '../../machines/shared/save-outcome';
import { CLOSED_FORM, conflictIs, editedField, versionedForm } from '../../machines/shared/versioned-form';
import type {
  DeleteGroupReply,
  FetchGroupMembersReply,
  FetchGroupReply,
  GroupChange,
  GroupEditorContext,
  GroupEditorEvent,
  GroupEditorInput,
  GroupForm,
  GroupReply,
  MemberListKey,
  SwitchKey,
} from './groups.types';

const FORM_FIELDS = ['name', 'kind'] as const;
const GROUP_MEANWHILE = {
  again: 'Save again to replace its name with yours, or Cancel to keep theirs.',
  gone: 'Cancel to return to the groups.',
};
const isFormField = (key: string) => (FORM_FIELDS as readonly string[]).includes(key);

const byName = (a: Group, b: Group) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id - b.id;
const personOrder = (a: GroupMember, b: GroupMember) => a.name.localeCompare(b.name, 'en') || a.id - b.id;

/** Whether a person holds the filter's words (name, email or username, whatever the case). */
const holds = (m: GroupMember, q: string) => {
  const needle = q.toLowerCase();
  return needle === '' || [m.name, m.email, m.username].some((t) => t.toLowerCase().includes(needle));
};

/**
 * The groups with one replaced (or added, or dropped when `group` is null) as a change's reply has
 * it (every member: all read, those the filter holds shown), and the users in no group moved with
 * it: whoever joined leaves them; whoever left and is in none of the other groups' members read
 * so far joins them where they stand by name, or is counted to come on a later page. (Someone also
 * in a page of another group not yet read is counted among them until the organization is read
 * again.)
 */
export function withGroup(
  context: Pick<
    GroupEditorContext,
    'groups' | 'nonGroupUsers' | 'nonGroupUsersCount' | 'nonGroupUsersNext' | 'totals' | 'q'
  >,
  id: number,
  group: Group | null,
) {
  const before = context.groups.find((g) => g.id === id);
  const shown = group && {
    ...group,
    members: group.members.filter((m) => holds(m, context.q)),
    members_count: group.members.filter((m) => holds(m, context.q)).length,
    members_next: null,
  };
  const groups = [...context.groups.filter((g) => g.id !== id), ...(shown ? [shown] : [])].sort(byName);
  const joined = new Set(group?.members.map((m) => m.id) ?? []);
  const others = groups.filter((g) => g.id !== id);
  const elsewhere = new Set(others.flatMap((g) => g.members.map((m) => m.id)));
  const left = (before?.members ?? []).filter((m) => !joined.has(m.id) && !elsewhere.has(m.id));
  const stayed = context.nonGroupUsers.filter((u) => !joined.has(u.id));
  const last = stayed.at(-1);
  const placed = left.filter((m) => context.nonGroupUsersNext === null || (last && personOrder(m, last) < 0));
  const delta = left.length - (context.nonGroupUsers.length - stayed.length);
  const totals: Record<string, number> = { ...context.totals, none: (context.totals['none'] ?? 0) + delta };
  if (group) totals[String(id)] = group.members.length;
  else delete totals[String(id)];
  return {
    groups,
    nonGroupUsers: [...stayed, ...placed].sort(personOrder),
    nonGroupUsersCount: context.nonGroupUsersCount + delta,
    totals,
  };
}

/** The lists as fetch_group/ answers them (each group's first page), and their counts without the filter. */
function firstPages(context: GroupEditorContext, reply: FetchGroupReply, q: string) {
  const counted = (g: Group) => g.members_count ?? g.members.length;
  const loners = reply.nonGroupUsersCount ?? reply.nonGroupUsers.length;
  const totals =
    q === ''
      ? Object.fromEntries([...reply.groupItems.map((g) => [String(g.id), counted(g)]), ['none', loners]])
      : context.totals;
  return {
    groups: reply.groupItems.map((g) => ({ ...g, members_count: counted(g), members_next: g.members_next ?? null })),
    nonGroupUsers: reply.nonGroupUsers,
    nonGroupUsersCount: loners,
    nonGroupUsersNext: reply.nonGroupUsersNext ?? null,
    totals,
    q,
    more: null,
    moreError: null,
  };
}

/** The cursor of a list's next page (null: read to its end). */
export function nextOf(context: GroupEditorContext, list: MemberListKey): string | null {
  if (list === 'none') return context.nonGroupUsersNext;
  return find(context, list)?.members_next ?? null;
}

/** A list with its next page appended. */
function withPage(context: GroupEditorContext, list: MemberListKey, page: FetchGroupMembersReply) {
  if (list === 'none')
    return {
      nonGroupUsers: [...context.nonGroupUsers, ...page.members],
      nonGroupUsersCount: page.count,
      nonGroupUsersNext: page.next,
    };
  return {
    groups: context.groups.map((g) =>
      g.id === list
        ? { ...g, members: [...g.members, ...page.members], members_count: page.count, members_next: page.next }
        : g,
    ),
  };
}

/** The filter as sent: its words without the spaces around them. */
export const qOf = (filter: string) => filter.trim();

/** How long the filter waits after the last keystroke before asking the server (as the user list's search). */
export const MEMBERS_FILTER_DEBOUNCE_MS = 300;

function find(context: Pick<GroupEditorContext, 'groups'>, id: number) {
  return context.groups.find((g) => g.id === id) ?? null;
}

/**
 * An add the server refused, in the screen's words: the people it knows by username, each cause
 * once ("oscar.lee was not added: the user has been deleted.").
 */
export function notAddedWords(
  context: Pick<GroupEditorContext, 'groups' | 'nonGroupUsers'>,
  refused: readonly AddMemberRefused[],
): string {
  const known = new Map<number, string>();
  for (const u of context.nonGroupUsers) known.set(u.id, u.username);
  for (const g of context.groups) for (const m of g.members) known.set(m.id, m.username);
  return ADD_MEMBER_CAUSES.flatMap((cause) => {
    const who = refused.filter((r) => r.cause === cause).map((r) => known.get(r.user_id) ?? `User ${r.user_id}`);
    if (who.length === 0) return [];
    return [`${who.join(', ')} ${who.length === 1 ? 'was' : 'were'} not added: ${ADD_MEMBER_CAUSE_WORDS[cause]}.`];
  }).join(' ');
}

/** What a switch's save says when it fails (spec §8), before the reason. */
const notSavedWords = (key: SwitchKey) =>
  key in FEATURE_WORDS ? FEATURE_WORDS[key as keyof typeof FEATURE_WORDS].notSaved : GROUP_MESSAGES.notUpdated;

const formOf = (group: Group): GroupForm => ({
  id: group.id,
  version: group.version,
  name: group.name,
  kind: group.kind,
  base: { name: group.name, kind: group.kind },
});
const NEW_FORM: GroupForm = { id: null, version: 0, name: '', kind: 'general', base: { name: '', kind: 'general' } };

const EMPTY = {
  groups: [],
  nonGroupUsers: [],
  nonGroupUsersCount: 0,
  nonGroupUsersNext: null,
  totals: {},
  more: null,
  moreError: null,
  q: '',
  form: null,
  serverErrors: {},
  formError: null,
  target: null,
  change: null,
  notice: null,
  noticeAt: null,
  filter: '',
  opening: null,
  error: null,
};

// A failed read shows no groups of the organization read before.
const list = listStates<GroupEditorContext, GroupEditorEvent>()({
  retry: 'list.retry',
  failure: refusalMessage,
  dropped: { groups: [], nonGroupUsers: [], nonGroupUsersCount: 0, nonGroupUsersNext: null, totals: {} },
});
// The organization an address names, read by id: not answered offers Retry.
const orgRead = listStates<GroupEditorContext, GroupEditorEvent>()({
  loading: 'findingOrg',
  failed: 'orgFailed',
  retry: 'list.retry',
  failure: refusalMessage,
});

const groupEditorSetup = setup({
  types: { context: {} as GroupEditorContext, events: {} as GroupEditorEvent, input: {} as GroupEditorInput },
  actors: {
    findOrg: fromPromise<OrgPick | null, { orgId: number }>(() => Promise.reject(new Error('provide findOrg'))),
    loadGroups: fromPromise<FetchGroupReply, { organizationId: number; q: string }>(() =>
      Promise.reject(new Error('provide loadGroups')),
    ),
    loadMembers: fromPromise<
      FetchGroupMembersReply,
      { organizationId: number; list: MemberListKey; cursor: string; q: string }
    >(() => Promise.reject(new Error('provide loadMembers'))),
    saveGroup: fromPromise<GroupReply, { organizationId: number; form: GroupForm }>(() =>
      Promise.reject(new Error('provide saveGroup')),
    ),
    removeGroup: fromPromise<DeleteGroupReply, { id: number; version: number }>(() =>
      Promise.reject(new Error('provide removeGroup')),
    ),
    changeGroup: fromPromise<GroupReply, GroupChange>(() => Promise.reject(new Error('provide changeGroup'))),
  },
  delays: { membersFilterDebounce: MEMBERS_FILTER_DEBOUNCE_MS },
  guards: {
    /** The list named has a next page to read. */
    listHasMore: ({ context, event }) => event.type === 'members.more' && nextOf(context, event.list) !== null,
    /** The filter typed is not the one the lists were read with. */
    filterPending: ({ context }) => qOf(context.filter) !== context.q,
    formOpen: ({ context }) => context.form !== null,
    listedGroup: ({ context, event }) => 'id' in event && find(context, event.id) !== null,
    refusedFields,
    stale: conflictIs(staleGroupOf),
  },
  actions: {
    pickOrg: assign(({ event }) => (event.type === 'org.pick' ? { ...EMPTY, org: event.org } : {})),
    clearOrg: assign({ ...EMPTY, org: null as OrgPick | null }),
    editField: assign(({ context, event }) => {
      if (!context.form || (event.type !== 'form.name' && event.type !== 'form.kind')) return {};
      return editedField(context, event.type === 'form.name' ? 'name' : 'kind', event.value);
    }),
    closeForm: assign(CLOSED_FORM),
    setFilter: assign(({ event }) => (event.type === 'members.filter' ? { filter: event.text } : {})),
  },
});

const calling = callStates(groupEditorSetup);

/** A read the filter makes moot: typing drops it and waits for the typing to pause (as a search does). */
const typingStops = <T extends object>(state: T) => ({
  ...state,
  on: { 'members.filter': { target: 'filtering', actions: 'setFilter' as const } },
});

export const groupEditorMachine = groupEditorSetup.createMachine({
  id: 'groupEditor',
  // A kept form names its organization; else the address may name one (decision 097).
  context: ({ input }) => ({
    ...EMPTY,
    org: input.draft?.org ?? null,
    opening: input.draft ? null : (input.orgId ?? null),
    form: input.draft?.form ?? null,
  }),
  initial: 'settling',
  states: {
    // A kept form or the address names an organization: load it (and open the form again).
    settling: {
      always: [
        { guard: ({ context }) => context.org !== null, target: 'loading' },
        { guard: ({ context }) => context.opening !== null, target: 'findingOrg' },
        { target: 'noOrganization' },
      ],
    },
    // The address names an organization by id: its name is read, then its groups.
    findingOrg: calling('findOrg', {
      input: ({ context }) => ({ orgId: context.opening ?? 0 }),
      onDone: [
        {
          guard: ({ event }) => event.output !== null,
          target: 'loading',
          actions: assign(({ event }) => ({ org: event.output, opening: null })),
        },
        // No organization has that id (any more): the page starts empty.
        { target: 'noOrganization', actions: assign({ opening: null }) },
      ],
      onError: orgRead.onError,
    }),
    // Nothing is picked yet: Retry, or pick one.
    orgFailed: {
      on: {
        ...orgRead.on,
        'org.pick': { target: 'loading', actions: 'pickOrg' },
      },
    },
    noOrganization: {
      on: { 'org.pick': { target: 'loading', actions: 'pickOrg' } },
    },
    // Each group's first page of members and the first page of the users in no group.
    loading: calling('loadGroups', {
      input: ({ context }) => ({ organizationId: context.org?.org_id ?? 0, q: '' }),
      onDone: [
        {
          guard: 'formOpen',
          target: 'loaded.form',
          actions: assign(({ context, event }) => firstPages(context, event.output, '')),
        },
        {
          target: 'loaded',
          actions: assign(({ context, event }) => firstPages(context, event.output, '')),
        },
      ],
      // Spec §4: a failure leaves the lists empty.
      onError: list.onError,
    }),
    failed: {
      on: {
        ...list.on,
        'org.pick': { target: 'loading', actions: 'pickOrg' },
        'org.clear': { target: 'noOrganization', actions: 'clearOrg' },
      },
    },
    loaded: {
      initial: 'idle',
      // The filter is kept whatever is under way; it is sent once the screen is idle again.
      on: { 'members.filter': { actions: 'setFilter' } },
      states: {
        idle: {
          always: { guard: 'filterPending', target: 'filtering' },
          on: {
            'members.filter': { target: 'filtering', actions: 'setFilter' },
            // A list's Load more: its next page, read after its cursor.
            'members.more': {
              guard: 'listHasMore',
              target: 'loadingMore',
              actions: assign({ more: ({ event }) => event.list, moreError: null }),
            },
            'org.pick': { target: '#groupEditor.loading', actions: 'pickOrg' },
            'org.clear': { target: '#groupEditor.noOrganization', actions: 'clearOrg' },
            'group.create': { target: 'form', actions: assign({ form: NEW_FORM, notice: null, noticeAt: null }) },
            'group.rename': {
              guard: 'listedGroup',
              target: 'form',
              actions: assign(({ context, event }) => ({
                form: formOf(find(context, event.id)!),
                notice: null,
                noticeAt: null,
              })),
            },
            'group.delete': {
              guard: 'listedGroup',
              target: 'deleting',
              actions: assign(({ context, event }) => ({
                target: find(context, event.id),
                notice: null,
                noticeAt: null,
                error: null,
              })),
            },
            'member.add': {
              guard: 'listedGroup',
              target: 'working',
              actions: assign(({ context, event }) => ({
                change: {
                  kind: 'add' as const,
                  groupId: event.id,
                  version: find(context, event.id)!.version,
                  userIds: event.userIds,
                },
                notice: null,
                noticeAt: null,
              })),
            },
            // Taking a member out asks first, naming them and the group.
            'member.remove': {
              guard: 'listedGroup',
              target: 'confirmingRemove',
              actions: assign(({ context, event }) => ({
                change: {
                  kind: 'remove' as const,
                  groupId: event.id,
                  version: find(context, event.id)!.version,
                  userId: event.userId,
                },
                notice: null,
                noticeAt: null,
              })),
            },
            'switch.toggle': {
              guard: 'listedGroup',
              target: 'working',
              actions: assign(({ context, event }) => {
                const group = find(context, event.id)!;
                return {
                  change: {
                    kind: 'switch' as const,
                    groupId: event.id,
                    version: group.version,
                    key: event.key,
                    value: !group.flags[event.key],
                  },
                  notice: null,
                  noticeAt: null,
                };
              }),
            },
          },
        },
        // The filter waits for the typing to pause (each keystroke starts the wait again). The
        // controls wait with it, as while the filter is read: a click meanwhile would be lost.
        filtering: {
          tags: ['busy'],
          on: {
            'members.filter': { target: 'filtering', reenter: true, actions: 'setFilter' },
          },
          after: {
            membersFilterDebounce: [{ guard: 'filterPending', target: 'refiltering' }, { target: 'idle' }],
          },
        },
        // Each group's first page of the people the filter holds, and their counts.
        refiltering: typingStops(
          calling('loadGroups', {
            input: ({ context }) => ({ organizationId: context.org?.org_id ?? 0, q: qOf(context.filter) }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => firstPages(context, event.output, qOf(context.filter))),
            },
            // The lists stay as they were, and the box returns to the filter they were read with.
            onError: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                filter: context.q,
                notice: noticeOf(false, `The members were not filtered. ${failureMessage(event.error)}`),
                noticeAt: null,
              })),
            },
          }),
        ),
        // One list's next page; a failure is said at that list, the others stay as they are.
        loadingMore: typingStops(
          calling('loadMembers', {
            input: ({ context }) => ({
              organizationId: context.org?.org_id ?? 0,
              list: context.more!,
              cursor: nextOf(context, context.more!) ?? '',
              q: context.q,
            }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                ...withPage(context, context.more!, event.output),
                more: null,
              })),
            },
            onError: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                more: null,
                moreError: {
                  list: context.more!,
                  message: `The next people were not loaded. ${failureMessage(event.error)}`,
                },
              })),
            },
          }),
        ),
        confirmingRemove: {
          on: {
            'remove.confirm': { target: 'working' },
            'remove.cancel': { target: 'idle', actions: assign({ change: null }) },
          },
        },
        working: calling('changeGroup', {
          input: ({ context }) => context.change!,
          onDone: {
            target: 'idle',
            actions: assign(({ context, event }) => ({
              ...withGroup(context, event.output.group.id, event.output.group),
              change: null,
              notice: noticeOf(true, event.output.msg),
              noticeAt: event.output.group.id,
            })),
          },
          onError: [
            {
              // Someone else changed (or deleted) the group first: said, and shown as it is now.
              guard: { type: 'stale', params: errorOf },
              target: 'idle',
              actions: assign(({ context, event }) => {
                const stale = staleGroupOf(event.error)!;
                return {
                  ...withGroup(context, context.change!.groupId, stale.current),
                  change: null,
                  notice: noticeOf(false, stale.msg),
                  noticeAt: stale.current?.id ?? null,
                };
              }),
            },
            {
              target: 'idle',
              actions: assign(({ context, event }) => {
                const change = context.change!;
                // An add names why each person was not taken; another refusal says the server's words.
                const notAdded = change.kind === 'add' ? addMemberRefusalOf(event.error) : null;
                const refused = notAdded ? notAddedWords(context, notAdded) : fieldRefusalOf(event.error)?.msg;
                const before = change.kind === 'switch' ? `${notSavedWords(change.key)}. ` : 'Nothing was changed. ';
                return {
                  change: null,
                  notice: noticeOf(false, refused ?? `${before}${failureMessage(event.error)}`),
                  noticeAt: change.groupId,
                };
              }),
            },
          ],
        }),
        form: versionedForm<GroupEditorContext, GroupEditorEvent>()({
          edits: ['form.name', 'form.kind'],
          cancel: '#groupEditor.loaded.idle',
          save: 'saveGroup',
          input: (context) => ({ organizationId: context.org?.org_id ?? 0, form: context.form! }),
          saved: '#groupEditor.loaded.idle',
          savedChanges: (context, output: GroupReply) => ({
            ...withGroup(context, output.group.id, output.group),
            notice: noticeOf(true, output.msg),
            noticeAt: output.group.id,
          }),
          refused: (error) => refusedSave(error, isFormField),
          meanwhile: (context, error) => {
            const stale = staleGroupOf(error)!;
            return {
              ...withGroup(context, context.form!.id ?? 0, stale.current),
              ...savedMeanwhile(stale.msg, stale.current, context.form, GROUP_MEANWHILE),
            };
          },
          failed: (error) => `The group was not saved. ${failureMessage(error)}`,
        }),
        deleting: {
          initial: 'confirm',
          states: {
            confirm: {
              on: {
                'delete.confirm': 'removing',
                'delete.cancel': { target: '#groupEditor.loaded.idle', actions: assign({ target: null, error: null }) },
              },
            },
            removing: calling('removeGroup', {
              input: ({ context }) => ({ id: context.target!.id, version: context.target!.version }),
              onDone: {
                target: '#groupEditor.loaded.idle',
                actions: assign(({ context, event }) => ({
                  ...withGroup(context, context.target!.id, null),
                  target: null,
                  notice: noticeOf(true, event.output.msg),
                })),
              },
              onError: [
                {
                  guard: { type: 'stale', params: errorOf },
                  target: '#groupEditor.loaded.idle',
                  actions: assign(({ context, event }) => {
                    const stale = staleGroupOf(event.error)!;
                    return {
                      ...withGroup(context, context.target!.id, stale.current),
                      target: null,
                      notice: noticeOf(false, `The group was not deleted. ${stale.msg}`),
                      noticeAt: stale.current?.id ?? null,
                    };
                  }),
                },
                {
                  target: 'confirm',
                  actions: assign({
                    error: ({ event }) => `The group was not deleted. ${refusalMessage(event.error)}`,
                  }),
                },
              ],
            }),
          },
        },
      },
    },
  },
});
