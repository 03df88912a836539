// Role Management (/user_roles, decision 050): the roles with their keys and holders, read at
// once. A role is created or changed in a form (name, description, keys in spec §6's groups)
// from the version it was read at: a change someone saved first is said, and saving again starts
// from theirs. Deleting a held role asks again, naming who loses it, once the server has listed
// them. Holders are given and take roles one checkbox at a time; one staff member's reach (keys
// and the roles granting them) is read on request. What the server refuses (its guards) is shown
// where the change was asked.
import { assign, fromPromise, setup } from 'xstate';
import { roleConflictOf, type Role, type RoleReachReply } from '../../domain/roles';
import { callStates } from '../../machines/shared/call-state';
import { failureMessage, errorOf } from '../../machines/shared/failure';
import { noticeOf } from '../../machines/shared/notice';
import { failedTextOf, meanwhileOf, refusedFields, refusedSave } from '../../machines/shared/save-outcome';
import { listLoad } from '../../machines/shared/versioned-form.load';
import { CLOSED_FORM, conflictIs, editedField, versionedForm } from '../../machines/shared/versioned-form';
import type {
  HoldInput,
  LoadOutcome,
  RemoveInput,
  RoleEditorContext,
  RoleEditorEvent,
  RoleEditorInput,
  RoleForm,
  SaveOutcome,
} from './roles.types';

const FORM_FIELDS = ['name', 'description', 'features'] as const;
const isFormField = (key: string) => (FORM_FIELDS as readonly string[]).includes(key);

function formOf(role: Role): RoleForm {
  return {
    id: role.id,
    version: role.version,
    name: role.name,
    description: role.description,
    features: role.features,
    base: { name: role.name, description: role.description, features: role.features },
  };
}

const EMPTY_FORM: RoleForm = {
  id: null,
  version: 0,
  name: '',
  description: '',
  features: [],
  base: { name: '', description: '', features: [] },
};

const find = (context: RoleEditorContext, id: number) => context.roles.find((r) => r.id === id) ?? null;
const conflictOf = (error: unknown) => roleConflictOf(error);
const errorText = failedTextOf(conflictOf);

const roleEditorSetup = setup({
  types: { context: {} as RoleEditorContext, events: {} as RoleEditorEvent, input: {} as RoleEditorInput },
  actors: {
    loadRoles: fromPromise<LoadOutcome>(() => Promise.reject(new Error('provide loadRoles'))),
    saveRole: fromPromise<SaveOutcome, RoleForm>(() => Promise.reject(new Error('provide saveRole'))),
    removeRole: fromPromise<unknown, RemoveInput>(() => Promise.reject(new Error('provide removeRole'))),
    holdRole: fromPromise<SaveOutcome, HoldInput>(() => Promise.reject(new Error('provide holdRole'))),
    readReach: fromPromise<RoleReachReply, { userId: number }>(() => Promise.reject(new Error('provide readReach'))),
  },
  guards: {
    formOpen: ({ context }) => context.form !== null,
    listedRole: ({ context, event }) => 'id' in event && find(context, event.id) !== null,
    refusedFields,
    stale: conflictIs(conflictOf, 'stale'),
    inUse: conflictIs(conflictOf, 'in_use'),
  },
  actions: {
    storeList: assign(({ event }) => {
      const reply = (event as unknown as { output: LoadOutcome }).output;
      return { roles: reply.result, staff: reply.staff, error: null };
    }),
    editField: assign(({ context, event }) => {
      const form = context.form;
      if (!form) return {};
      if (event.type === 'form.name') return editedField(context, 'name', event.value);
      if (event.type === 'form.description') return editedField(context, 'description', event.value);
      if (event.type === 'form.feature') {
        const features = event.on
          ? [...new Set([...form.features, event.key])]
          : form.features.filter((k) => k !== event.key);
        return editedField(context, 'features', features);
      }
      return {};
    }),
    closeForm: assign(CLOSED_FORM),
    pickTarget: assign(({ context, event }) => ({
      target: 'id' in event ? find(context, event.id) : null,
      holders: [],
      error: null,
      notice: null,
    })),
    clearTarget: assign({ target: null, holders: [], error: null }),
  },
});

const calling = callStates(roleEditorSetup);

export const roleEditorMachine = roleEditorSetup.createMachine({
  id: 'roleEditor',
  context: ({ input }) => ({
    roles: [],
    staff: [],
    form: input.draft,
    serverErrors: {},
    formError: null,
    target: null,
    holders: [],
    reach: null,
    error: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    ...listLoad<RoleEditorContext, RoleEditorEvent>()({ load: 'loadRoles', retry: 'roles.retry' }),
    listed: {
      tags: ['listed'],
      on: {
        'role.new': { target: 'form', actions: assign({ form: EMPTY_FORM, notice: null }) },
        'role.edit': {
          guard: 'listedRole',
          target: 'form',
          actions: assign(({ context, event }) => ({ form: formOf(find(context, event.id)!), notice: null })),
        },
        'role.delete': { guard: 'listedRole', target: 'deleting', actions: 'pickTarget' },
        'role.holders': { guard: 'listedRole', target: 'holders', actions: 'pickTarget' },
        'staff.reach': { target: 'reach', actions: assign({ reach: null, error: null, notice: null }) },
      },
    },
    form: versionedForm<RoleEditorContext, RoleEditorEvent>()({
      edits: ['form.name', 'form.description', 'form.feature'],
      cancel: '#roleEditor.listed',
      save: 'saveRole',
      saved: '#roleEditor.loading',
      refused: (error) => refusedSave(error, isFormField),
      // Someone else saved (or deleted) it first: said, and the next save starts from what is stored now.
      meanwhile: meanwhileOf(conflictOf),
      // A guard refusal (or no answer) is said above the form; nothing was changed.
      failed: (error) => errorText(error, 'The role was not saved.'),
    }),
    deleting: {
      tags: ['dialog'],
      initial: 'confirm',
      on: { 'delete.cancel': { target: 'listed', actions: 'clearTarget' } },
      states: {
        confirm: { on: { 'delete.confirm': 'removing' } },
        removing: calling('removeRole', {
          input: ({ context }) => ({
            id: context.target!.id,
            version: context.target!.version,
            removeHolders: false,
          }),
          onDone: {
            target: '#roleEditor.loading',
            actions: assign(({ context }) => ({
              notice: noticeOf(true, `Role '${context.target!.name}' deleted.`),
              target: null,
            })),
          },
          onError: [
            {
              // Held: the server names who would lose it, and the person is asked again.
              guard: { type: 'inUse', params: errorOf },
              target: 'holders',
              actions: assign(({ event }) => {
                const conflict = conflictOf(event.error)!;
                return { holders: 'in_use' in conflict ? conflict.holders : [], error: null };
              }),
            },
            {
              target: 'confirm',
              actions: assign({ error: ({ event }) => errorText(event.error, 'The role was not deleted.') }),
            },
          ],
        }),
        holders: { on: { 'delete.confirm': 'removingHolders' } },
        removingHolders: {
          tags: ['busy'],
          invoke: {
            id: 'removeRoleWithHolders',
            src: 'removeRole',
            input: ({ context }) => ({ id: context.target!.id, version: context.target!.version, removeHolders: true }),
            onDone: {
              target: '#roleEditor.loading',
              actions: assign(({ context }) => ({
                notice: noticeOf(
                  true,
                  `Role '${context.target!.name}' deleted; ${context.holders.map((h) => h.username).join(', ')} no longer hold it.`,
                ),
                target: null,
                holders: [],
              })),
            },
            onError: {
              target: 'holders',
              actions: assign({ error: ({ event }) => errorText(event.error, 'The role was not deleted.') }),
            },
          },
        },
      },
    },
    holders: {
      tags: ['dialog'],
      initial: 'open',
      on: { 'holders.close': { target: 'loading', actions: 'clearTarget' } },
      states: {
        open: {
          on: { 'holder.toggle': { target: 'saving', actions: assign({ error: null, notice: null }) } },
        },
        saving: calling('holdRole', {
          input: ({ context, event }) => {
            const e = event as Extract<RoleEditorEvent, { type: 'holder.toggle' }>;
            return { userId: e.userId, roleId: context.target!.id, hold: e.hold };
          },
          onDone: {
            target: 'open',
            actions: assign({
              target: ({ event }) => event.output.role,
              notice: ({ event }) => noticeOf(true, event.output.msg),
            }),
          },
          onError: {
            target: 'open',
            actions: assign({ error: ({ event }) => errorText(event.error, 'Nothing was changed.') }),
          },
        }),
      },
    },
    reach: {
      tags: ['dialog'],
      initial: 'reading',
      on: { 'reach.close': { target: 'listed', actions: assign({ reach: null, error: null }) } },
      states: {
        reading: calling('readReach', {
          input: ({ event }) => ({ userId: (event as Extract<RoleEditorEvent, { type: 'staff.reach' }>).userId }),
          onDone: { target: 'shown', actions: assign({ reach: ({ event }) => event.output }) },
          onError: {
            target: 'shown',
            actions: assign({
              error: ({ event }) => `What this person can do could not be read. ${failureMessage(event.error)}`,
            }),
          },
        }),
        shown: {},
      },
    },
  },
});
