// The edit page's Administrator privileges tab (decision 023, spec §6 admin roles): three
// switches a super admin changes, each change saved at once and the server's message shown. The
// edit machine invokes this one while the tab is open, so each opening reads them afresh. Granting
// Super admin asks first (confirmingGrant): it lets them set everyone's privileges, their own too.
import { and, assign, fromPromise, setup } from 'xstate';
import { fieldRefusalOf } from '../../domain/field-errors';
import type { AdminPrivileges } from '../../domain/users';
import { callStates } from '../../machines/shared/call-state';
import { failureMessage } from '../../machines/shared/failure';
import { noticeOf } from '../../machines/shared/notice';
import { tabReadStates } from '../../machines/shared/tab-read';
import type {
  AdminPrivilegesReply,
  UserPrivilegesContext,
  UserPrivilegesEvent,
  UserPrivilegesInput,
} from './user-privileges.types';

const tab = tabReadStates<UserPrivilegesContext, UserPrivilegesEvent>()('privileges.retry');

const userPrivilegesSetup = setup({
  types: { context: {} as UserPrivilegesContext, events: {} as UserPrivilegesEvent, input: {} as UserPrivilegesInput },
  actors: {
    loadPrivileges: fromPromise<AdminPrivilegesReply, { userId: number }>(() =>
      Promise.reject(new Error('provide loadPrivileges')),
    ),
    savePrivileges: fromPromise<AdminPrivilegesReply, { userId: number; privileges: AdminPrivileges }>(() =>
      Promise.reject(new Error('provide savePrivileges')),
    ),
  },
  guards: {
    maySetPrivileges: ({ context }) => context.features.includes('is_super_admin_user'),
    accepted: (_, reply: AdminPrivilegesReply) => reply.status,
    grantsSuperAdmin: ({ event }) =>
      event.type === 'privileges.toggle' && event.key === 'is_super_admin_user' && event.value,
  },
  actions: {
    holdChange: assign(({ event }) => ({
      pending: event.type === 'privileges.toggle' ? { key: event.key, value: event.value } : null,
      message: null,
    })),
  },
});

const calling = callStates(userPrivilegesSetup);

export const userPrivilegesMachine = userPrivilegesSetup.createMachine({
  id: 'userPrivileges',
  context: ({ input }) => ({ ...input, privileges: null, pending: null, message: null }),
  initial: 'loading',
  states: {
    loading: calling('loadPrivileges', {
      input: ({ context }) => ({ userId: context.userId }),
      onDone: [
        {
          guard: { type: 'accepted', params: ({ event }) => event.output },
          target: 'ready',
          actions: assign({ privileges: ({ event }) => event.output.data }),
        },
        { target: 'failed', actions: assign({ message: ({ event }) => noticeOf(false, event.output.msg) }) },
      ],
      onError: tab.onError,
    }),
    ready: {
      on: {
        'privileges.toggle': [
          { guard: and(['maySetPrivileges', 'grantsSuperAdmin']), target: 'confirmingGrant', actions: 'holdChange' },
          { guard: 'maySetPrivileges', target: 'saving', actions: 'holdChange' },
        ],
      },
    },
    // Super admin named with whom it goes to; Cancel leaves the switch off.
    confirmingGrant: {
      tags: ['dialog'],
      on: {
        'grant.confirm': { target: 'saving' },
        'grant.cancel': { target: 'ready', actions: assign({ pending: null }) },
      },
    },
    saving: calling('savePrivileges', {
      input: ({ context }) => ({
        userId: context.userId,
        privileges: {
          ...context.privileges!,
          ...(context.pending ? { [context.pending.key]: context.pending.value } : {}),
        },
      }),
      onDone: {
        target: 'ready',
        actions: assign(({ event }) => ({
          privileges: event.output.data,
          pending: null,
          message: noticeOf(event.output.status, event.output.msg),
        })),
      },
      // A refusal (the grant rule, decision 066) is the server's message, shown as it is.
      onError: {
        target: 'ready',
        actions: assign({
          pending: null,
          message: ({ event }) =>
            noticeOf(false, fieldRefusalOf(event.error)?.msg ?? `Nothing was changed. ${failureMessage(event.error)}`),
        }),
      },
    }),
    failed: tab.failed,
  },
});
