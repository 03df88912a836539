// Brokers (Broker Research tab, spec §2; decision 059): the brokers a page at a time by name,
// searched by name and filtered by broker group (the query is the URL's); a broker chosen shows its
// user groups, each created (a name unique at the broker whatever its case, a description), changed
// from its version, or deleted after a question naming its member count; a group opened shows its
// members, added by email or username (live users only) and removed one by one. Someone else's
// change in between is said with the groups as stored now; a refusal shows at its field; a changed
// group form comes back after a reload. Each broker opens in Broker Details.
import { assign, fromPromise, setup } from 'xstate';
import { staleUserGroupOf, type UserGroup } from '../../../domain/broker-research-brokers';
import { fieldRefusalOf } from '../../../domain/field-errors';
import { NOTHING_ANSWERED } from '../../../machines/shared/save-outcome';
import { callStates } from '../../../machines/shared/call-state';
import { errorOf, failureMessage } from '../../../machines/shared/failure';
import { listStates } from '../../../machines/shared/list-states';
import { noticeOf } from '../../../machines/shared/notice';
import type {
  BrokerUserGroupsContext,
  BrokerUserGroupsEvent,
  BrokerUserGroupsInput,
  BrokersQuery,
  GroupForm,
  GroupsOutcome,
  LoadInput,
  LoadOutcome,
  MembersOutcome,
} from './brokers.types';

export const GROUPS_FAILED = 'Something went wrong.';

export const formChanged = (form: GroupForm | null) =>
  form !== null && (form.values.name !== form.base.name || form.values.description !== form.base.description);
/** Save is on once the form changed and has a name. */
export const formReady = (form: GroupForm | null) => formChanged(form) && form!.values.name.trim() !== '';

const refusalNotice = (error: unknown) => {
  const refusal = fieldRefusalOf(error);
  return noticeOf(false, `${GROUPS_FAILED} ${refusal?.msg ?? failureMessage(error)}`);
};
/** The groups as answered. */
const withGroups = (groups: UserGroup[]) => ({ groups });
/** A group's members as answered, its member count in the list of groups with them. */
const withMembers = (context: BrokerUserGroupsContext, output: MembersOutcome) => ({
  open: output.group,
  members: output.members,
  groups: context.groups.map((g) => (g.id === output.group.id ? output.group : g)),
});
/** No broker chosen: nothing of its user groups shows. */
const CLOSED_GROUPS: Pick<
  BrokerUserGroupsContext,
  | 'chosen'
  | 'groups'
  | 'open'
  | 'members'
  | 'memberText'
  | 'form'
  | 'deleting'
  | 'removing'
  | 'serverErrors'
  | 'conflict'
> = {
  chosen: null,
  groups: [],
  open: null,
  members: [],
  memberText: '',
  form: null,
  deleting: null,
  removing: null,
  serverErrors: {},
  conflict: null,
};

const list = listStates<BrokerUserGroupsContext, BrokerUserGroupsEvent>()({
  retry: 'list.retry',
  failure: failureMessage,
});

const brokerUserGroupsSetup = setup({
  types: {
    context: {} as BrokerUserGroupsContext,
    events: {} as BrokerUserGroupsEvent,
    input: {} as BrokerUserGroupsInput,
  },
  actors: {
    loadPage: fromPromise<LoadOutcome, LoadInput>(() => Promise.reject(new Error('provide loadPage'))),
    loadGroups: fromPromise<GroupsOutcome, { broker: number }>(() => Promise.reject(new Error('provide loadGroups'))),
    saveGroup: fromPromise<GroupsOutcome, { form: GroupForm }>(() => Promise.reject(new Error('provide saveGroup'))),
    deleteGroup: fromPromise<GroupsOutcome, { group: number; version: number }>(() =>
      Promise.reject(new Error('provide deleteGroup')),
    ),
    loadMembers: fromPromise<MembersOutcome, { group: number }>(() => Promise.reject(new Error('provide loadMembers'))),
    addMembers: fromPromise<MembersOutcome, { group: number; users: string }>(() =>
      Promise.reject(new Error('provide addMembers')),
    ),
    removeMember: fromPromise<MembersOutcome, { group: number; user: number }>(() =>
      Promise.reject(new Error('provide removeMember')),
    ),
  },
  guards: {
    chosen: ({ context }) => context.chosen !== null,
    draftHere: ({ context }) => context.draft !== null && context.draft.broker === context.chosen?.id,
    stale: (_, error: unknown) => staleUserGroupOf(error) !== null,
  },
});

const calling = callStates(brokerUserGroupsSetup);

export const brokerUserGroupsMachine = brokerUserGroupsSetup.createMachine({
  id: 'brokerUserGroups',
  context: ({ input }) => ({
    query: input.query,
    trail: [],
    items: [],
    next: null,
    brokerGroups: null,
    chosen: input.broker === null ? null : { id: input.broker, name: '' },
    groups: [],
    open: null,
    members: [],
    memberText: '',
    form: null,
    draft: input.draft,
    deleting: null,
    removing: null,
    ...NOTHING_ANSWERED,
  }),
  initial: 'loading',
  states: {
    loading: calling('loadPage', {
      input: ({ context }) => ({ query: context.query, withBrokerGroups: context.brokerGroups === null }),
      onDone: [
        {
          // The broker of the URL: its user groups show again.
          guard: 'chosen',
          target: 'groupsLoading',
          actions: assign(({ context, event }) => ({
            items: event.output.page.brokers,
            next: event.output.page.next,
            brokerGroups: event.output.brokerGroups ?? context.brokerGroups,
            error: null,
          })),
        },
        {
          target: 'browsing',
          actions: assign(({ context, event }) => ({
            items: event.output.page.brokers,
            next: event.output.page.next,
            brokerGroups: event.output.brokerGroups ?? context.brokerGroups,
            error: null,
          })),
        },
      ],
      onError: list.onError,
    }),
    failed: list.failed,
    browsing: {
      on: {
        'broker.choose': {
          target: 'groupsLoading',
          actions: assign(({ event }) => ({ ...CLOSED_GROUPS, chosen: event.broker, notice: null })),
        },
      },
    },
    // A broker is chosen: its user groups beside the list.
    groupsLoading: calling('loadGroups', {
      input: ({ context }) => ({ broker: context.chosen!.id }),
      onDone: [
        {
          // A group form kept from before a reload opens again.
          guard: 'draftHere',
          target: 'groupForm',
          actions: assign(({ context, event }) => ({
            groups: event.output.groups,
            chosen: event.output.broker ?? context.chosen,
            form: context.draft,
            draft: null,
          })),
        },
        {
          target: 'groups',
          actions: assign(({ context, event }) => ({
            groups: event.output.groups,
            chosen: event.output.broker ?? context.chosen,
          })),
        },
      ],
      onError: {
        target: 'browsing',
        actions: assign(({ event }) => ({
          ...CLOSED_GROUPS,
          notice: noticeOf(false, `The user groups could not be read. ${failureMessage(event.error)}`),
        })),
      },
    }),
    groups: {
      on: {
        'broker.choose': {
          target: 'groupsLoading',
          actions: assign(({ event }) => ({ ...CLOSED_GROUPS, chosen: event.broker, notice: null })),
        },
        'groups.close': { target: 'browsing', actions: assign({ ...CLOSED_GROUPS, notice: null }) },
        'group.create': {
          target: 'groupForm',
          actions: assign(({ context }) => ({
            form: {
              broker: context.chosen!.id,
              group: null,
              version: 0,
              values: { name: '', description: '' },
              base: { name: '', description: '' },
            },
            notice: null,
            conflict: null,
          })),
        },
        'group.edit': {
          target: 'groupForm',
          actions: assign(({ context, event }) => {
            const values = { name: event.group.name, description: event.group.description };
            return {
              form: {
                broker: context.chosen!.id,
                group: event.group.id,
                version: event.group.version,
                values,
                base: values,
              },
              notice: null,
              conflict: null,
            };
          }),
        },
        'group.delete': {
          target: 'confirmingDelete',
          actions: assign({ deleting: ({ event }) => event.group, notice: null, conflict: null }),
        },
        'members.open': {
          target: 'membersLoading',
          actions: assign({
            open: ({ event }) => event.group,
            members: [],
            memberText: '',
            notice: null,
            conflict: null,
          }),
        },
      },
    },
    groupForm: {
      tags: ['form'],
      on: {
        'form.field': {
          actions: assign(({ context, event }) => ({
            form: { ...context.form!, values: { ...context.form!.values, [event.field]: event.value } },
            serverErrors: Object.fromEntries(
              Object.entries(context.serverErrors).filter(([k]) => k !== event.field && k !== '_'),
            ),
            notice: null,
          })),
        },
        'form.save': { target: 'groupSaving', actions: assign({ serverErrors: {}, notice: null }) },
        'form.cancel': {
          target: 'groups',
          actions: assign({ form: null, serverErrors: {}, conflict: null, notice: null }),
        },
      },
    },
    groupSaving: {
      tags: ['busy', 'form'],
      invoke: {
        id: 'saveGroup',
        src: 'saveGroup',
        input: ({ context }) => ({ form: context.form! }),
        onDone: {
          target: 'groups',
          actions: assign(({ event }) => ({
            ...withGroups(event.output.groups),
            form: null,
            conflict: null,
            notice: noticeOf(true, event.output.msg),
          })),
        },
        onError: [
          {
            // Changed by someone else first: their version shows; saving again applies this person's (or says the group is gone).
            guard: { type: 'stale', params: errorOf },
            target: 'groupForm',
            actions: assign(({ context, event }) => {
              const stale = staleUserGroupOf(event.error)!;
              const now = stale.groups.find((g) => g.id === context.form!.group);
              return {
                groups: stale.groups,
                conflict: stale.msg,
                notice: noticeOf(false, GROUPS_FAILED),
                form: now
                  ? { ...context.form!, version: now.version, base: { name: now.name, description: now.description } }
                  : context.form,
              };
            }),
          },
          {
            target: 'groupForm',
            actions: assign(({ event }) => ({
              serverErrors: fieldRefusalOf(event.error)?.fields ?? {},
              notice: refusalNotice(event.error),
            })),
          },
        ],
      },
    },
    confirmingDelete: {
      on: {
        'delete.confirm': { target: 'deletingGroup' },
        'delete.cancel': { target: 'groups', actions: assign({ deleting: null }) },
      },
    },
    deletingGroup: calling('deleteGroup', {
      input: ({ context }) => ({ group: context.deleting!.id, version: context.deleting!.version }),
      onDone: {
        target: 'groups',
        actions: assign(({ event }) => ({
          ...withGroups(event.output.groups),
          deleting: null,
          notice: noticeOf(true, event.output.msg),
        })),
      },
      onError: [
        {
          // Changed meanwhile: the groups as stored now; the person looks again before deleting.
          guard: { type: 'stale', params: errorOf },
          target: 'groups',
          actions: assign(({ event }) => {
            const stale = staleUserGroupOf(event.error)!;
            return {
              groups: stale.groups,
              deleting: null,
              conflict: stale.msg,
              notice: noticeOf(false, GROUPS_FAILED),
            };
          }),
        },
        { target: 'confirmingDelete', actions: assign(({ event }) => ({ notice: refusalNotice(event.error) })) },
      ],
    }),
    membersLoading: calling('loadMembers', {
      input: ({ context }) => ({ group: context.open!.id }),
      onDone: {
        target: 'members',
        actions: assign(({ event }) => ({ open: event.output.group, members: event.output.members })),
      },
      onError: {
        target: 'groups',
        actions: assign(({ event }) => ({
          open: null,
          notice: noticeOf(false, `The members could not be read. ${failureMessage(event.error)}`),
        })),
      },
    }),
    members: {
      on: {
        'members.text': {
          actions: assign(({ context, event }) => ({
            memberText: event.value,
            serverErrors: Object.fromEntries(Object.entries(context.serverErrors).filter(([k]) => k !== 'users')),
            notice: null,
          })),
        },
        'members.add': { target: 'membersAdding', actions: assign({ serverErrors: {}, notice: null }) },
        // Taking a reader out asks first, naming them and the group.
        'member.remove': {
          target: 'confirmingRemove',
          actions: assign(({ event }) => ({ removing: event.member, notice: null })),
        },
        'members.close': {
          target: 'groups',
          actions: assign({ open: null, members: [], memberText: '', serverErrors: {}, notice: null }),
        },
      },
    },
    membersAdding: calling('addMembers', {
      input: ({ context }) => ({ group: context.open!.id, users: context.memberText }),
      onDone: {
        target: 'members',
        actions: assign(({ context, event }) => ({
          ...withMembers(context, event.output),
          memberText: '',
          notice: noticeOf(true, event.output.msg),
        })),
      },
      onError: {
        target: 'members',
        actions: assign(({ event }) => ({
          serverErrors: fieldRefusalOf(event.error)?.fields ?? {},
          notice: refusalNotice(event.error),
        })),
      },
    }),
    confirmingRemove: {
      on: {
        'remove.confirm': { target: 'memberRemoving' },
        'remove.cancel': { target: 'members', actions: assign({ removing: null }) },
      },
    },
    memberRemoving: calling('removeMember', {
      input: ({ context }) => ({ group: context.open!.id, user: context.removing!.id }),
      onDone: {
        target: 'members',
        actions: assign(({ context, event }) => ({
          ...withMembers(context, event.output),
          removing: null,
          notice: noticeOf(true, event.output.msg),
        })),
      },
      onError: {
        target: 'members',
        actions: assign(({ event }) => ({ removing: null, notice: refusalNotice(event.error) })),
      },
    }),
  },
  on: {
    // A search, a broker group, or the URL changed: that list from its first page; the user groups close.
    'query.set': {
      target: '.loading',
      actions: assign(({ event }) => ({ ...CLOSED_GROUPS, query: event.query, trail: [], notice: null, error: null })),
    },
    'page.next': {
      target: '.loading',
      actions: assign(({ context }) => ({
        ...CLOSED_GROUPS,
        trail: [...context.trail, context.query.cursor],
        query: { ...context.query, cursor: context.next ?? '' },
        notice: null,
      })),
    },
    'page.previous': {
      target: '.loading',
      actions: assign(({ context }) => ({
        ...CLOSED_GROUPS,
        trail: context.trail.slice(0, -1),
        query: { ...context.query, cursor: context.trail.at(-1) ?? '' },
        notice: null,
      })),
    },
  },
});

export const sameQuery = (a: BrokersQuery, b: BrokersQuery) => a.q === b.q && a.pb === b.pb && a.cursor === b.cursor;
