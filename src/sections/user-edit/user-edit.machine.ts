// Editing one user (spec §2 edit mode, §3 User, §5, §6; decision 023). The form tracks what
// changed against the record opened; Save is offered only for a valid change. A new organisation
// goes through the 'Account Update' dialog (orgChange) before it enters the form, a new email
// through the same-or-different question (emailChange) before the save leaves, and a staff role given
// asks first (confirmingRoles), naming the role and the user. A save names the
// version it started from: if someone else saved meanwhile, nothing is written and the person
// sees what changed, then reviews the stored version with their own edits re-applied where the
// other save left a field alone. Three more tabs are machines of their own, run while the tab is
// open (userSessions, userPrivileges, userEmails): the draft waits in the context meanwhile, and
// each tab reads its list afresh whenever it opens, so the emails shown after a welcome email was
// sent include it. The view keeps the tabs still while the open one waits on the server or asks.
import { and, assign, fromPromise, sendParent, sendTo, setup } from 'xstate';
import { fieldRefusalOf, fieldsOutside, fieldsUnder, type FieldRefusal } from '../../domain/field-errors';
import { STAFF_USER_TYPE } from '../../domain/user-kinds';
import { reconcileDataPlan, storedDataPlan } from '../../domain/user-rules';
import type { ChangeKind, OrgPick, UpdateAccountForm } from '../../domain/users';
import { emailChangeMachine } from './email-change.machine';
import { callStates } from '../../machines/shared/call-state';
import { failureMessage, errorOf } from '../../machines/shared/failure';
import { orgChangeMachine } from './org-change.machine';
import { userEmailsMachine } from './user-emails.machine';
import { userPrivilegesMachine } from './user-privileges.machine';
import { userSessionsMachine } from './user-sessions.machine';
import {
  changedKeys,
  changesOf,
  draftOf,
  fieldAccess,
  formErrors,
  mergeOnto,
  writeDraft,
  type DraftKey,
} from './user-edit.form';
import { openWith } from './user-edit.draft';
import type {
  LoadedUser,
  MailReply,
  UpdateAccountReply,
  UserEditContext,
  UserEditEvent,
  UserEditInput,
} from './user-edit.types';
import { refusedFields } from '../../machines/shared/save-outcome';

type Ctx = UserEditContext;

const changed = (c: Ctx) => (c.base && c.draft ? changedKeys(c.product, c.base, c.draft) : []);

/** The save as the server takes it: the changes, and the answers the dialogs gave. */
export function saveInputOf(c: Ctx): UpdateAccountForm {
  const keys = changed(c);
  return {
    user_id: c.userId,
    version: c.base!.version,
    changes: changesOf(c.product, c.base!, c.draft!),
    ...(keys.includes('organization') && c.orgDecision ? { org_change: c.orgDecision } : {}),
    ...(keys.includes('email') && c.emailDecision ? { email_change: c.emailDecision } : {}),
  };
}

/** The staff roles the save gives: chosen now, not held when the user was opened (none unless they stay staff). */
export function givenRoles(c: Ctx): number[] {
  if (!c.base || !c.draft || c.draft.user_type !== STAFF_USER_TYPE) return [];
  const held = new Set(c.base.staff_roles.map((r) => r.id));
  return c.draft.staff_roles.filter((id) => !held.has(id));
}

const cleared = { error: null, serverErrors: {}, notice: null } as const;

const editable = (c: Ctx, key: DraftKey) =>
  c.base !== null && c.draft !== null && fieldAccess(key, c.features, c.base, c.draft).editable;

/** Edits, the organisation picker, discarding, the welcome email and the other tabs: the same wherever the form rests. */
const FORM_EVENTS = {
  'field.change': { guard: 'mayChange', target: '#userEdit.form.editing', actions: 'change' },
  'dataPlan.change': { guard: 'mayChangePlan', target: '#userEdit.form.editing', actions: 'changePlan' },
  'org.pick': [
    { guard: 'isNewOrg', target: '#userEdit.confirmingOrg', actions: ['holdOrg', 'askOrgChange'] },
    { guard: 'isOpenedOrg', target: '#userEdit.form.editing', actions: 'restoreOrg' },
  ],
  'edit.reset': { guard: 'hasChanges', target: '#userEdit.form.editing', actions: 'discard' },
  'welcome.send': { guard: 'mayEdit', target: '#userEdit.sendingWelcome', actions: 'clearNotice' },
  'tab.sessions': { guard: 'mayEdit', target: '#userEdit.sessions' },
  'tab.privileges': { guard: 'mayEdit', target: '#userEdit.privileges' },
  'tab.emails': { guard: and(['mayEdit', 'mayReadOutbox']), target: '#userEdit.emails' },
} as const;

const userEditSetup = setup({
  types: {
    context: {} as Ctx,
    events: {} as UserEditEvent,
    input: {} as UserEditInput,
    // Each child by its id: the view hands the dialogs and the tabs their own machine's actor.
    children: {} as {
      loadUser: 'loadUser';
      saveUser: 'saveUser';
      sendWelcome: 'sendWelcome';
      orgChange: 'orgChange';
      emailChange: 'emailChange';
      userSessions: 'userSessions';
      userPrivileges: 'userPrivileges';
      userEmails: 'userEmails';
    },
  },
  actors: {
    /** The user, with the owner group (the owner select's choices). */
    loadUser: fromPromise<LoadedUser, { userId: number; product: string }>(() =>
      Promise.reject(new Error('provide loadUser')),
    ),
    saveUser: fromPromise<UpdateAccountReply, { product: string; save: UpdateAccountForm }>(() =>
      Promise.reject(new Error('provide saveUser')),
    ),
    sendWelcome: fromPromise<MailReply, { userId: number }>(() => Promise.reject(new Error('provide sendWelcome'))),
    /** The other tabs, each run while it is open. */
    userSessions: userSessionsMachine,
    userPrivileges: userPrivilegesMachine,
    userEmails: userEmailsMachine,
    /** The dialogs, wired to answer this machine. */
    orgChange: orgChangeMachine.provide({
      actions: {
        announceConfirmed: sendParent((_, params: { next: OrgPick }) => ({ type: 'org.confirmed', pick: params.next })),
        announceCancelled: sendParent({ type: 'org.cancelled' }),
      },
    }),
    emailChange: emailChangeMachine.provide({
      actions: {
        announceDecided: sendParent((_, params: { kind: ChangeKind }) => ({
          type: 'email.decided',
          kind: params.kind,
        })),
        announceCancelled: sendParent({ type: 'email.cancelled' }),
      },
    }),
  },
  guards: {
    found: (_, loaded: LoadedUser) => loaded.user !== null,
    mayEdit: ({ context }) => context.features.includes('edit_user'),
    /** Reading the outbox needs user_mgmt (fetch_outbox/). */
    mayReadOutbox: ({ context }) => context.features.includes('user_mgmt'),
    /** Organisation and data plan have their own events (the dialog, the §5 rules). */
    mayChange: ({ context, event }) =>
      event.type === 'field.change' &&
      event.key !== 'organization' &&
      event.key !== 'data_plan' &&
      editable(context, event.key),
    mayChangePlan: ({ context }) => editable(context, 'data_plan'),
    /** An organisation other than the one opened and the one in the form: the dialog decides. */
    isNewOrg: ({ context, event }) => {
      if (event.type !== 'org.pick' || !event.pick || !context.base || !context.draft) return false;
      if (!editable(context, 'organization')) return false;
      return (
        event.pick.org_id !== context.base.organization_id && event.pick.org_id !== context.draft.organization?.org_id
      );
    },
    /** Back to the organisation opened: no move, nothing to confirm. */
    isOpenedOrg: ({ context, event }) =>
      event.type === 'org.pick' &&
      !!event.pick &&
      !!context.base &&
      !!context.draft &&
      event.pick.org_id === context.base.organization_id &&
      context.draft.organization?.org_id !== context.base.organization_id,
    hasChanges: ({ context }) => changed(context).length > 0,
    canSave: ({ context }) =>
      context.features.includes('edit_user') &&
      context.base !== null &&
      context.draft !== null &&
      changed(context).length > 0 &&
      Object.keys(formErrors(context.product, context.base, context.draft)).length === 0,
    emailChanged: ({ context }) => changed(context).includes('email'),
    /** The save gives a staff role the user did not hold: it asks first. */
    givesRole: ({ context }) => givenRoles(context).length > 0,
    isSaved: (_, reply: UpdateAccountReply) => reply.status,
    /** The server named fields (HTTP 400, decision 042). */
    refusedFields,
  },
  actions: {
    open: assign(({ context }, loaded: LoadedUser) => {
      const { base, draft, orgDecision } = openWith(loaded.user!, context.kept);
      return {
        base,
        draft: draft ?? draftOf(context.product, base),
        orgDecision,
        roleChoices: loaded.roleChoices,
        owners: loaded.owners,
        ...cleared,
      };
    }),
    change: assign(({ context, event }) => {
      if (event.type !== 'field.change' || !context.draft) return {};
      const { [event.key]: _dropped, ...serverErrors } = context.serverErrors;
      return { draft: writeDraft(context.draft, event.key, event.value), serverErrors, error: null, notice: null };
    }),
    changePlan: assign(({ context, event }) => {
      if (event.type !== 'dataPlan.change' || !context.draft) return {};
      const result = reconcileDataPlan(context.product, event.selection, context.draft.user_category);
      return {
        draft: { ...context.draft, data_plan: storedDataPlan(result.plan) },
        planNotices: result.notices,
        error: null,
        notice: null,
      };
    }),
    holdOrg: assign(({ event }) => ({ pendingOrg: event.type === 'org.pick' ? event.pick : null })),
    askOrgChange: sendTo('orgChange', ({ context }) => ({
      type: 'org.choose' as const,
      previous: context.base ? draftOf(context.product, context.base).organization : null,
      next: context.pendingOrg!,
    })),
    restoreOrg: assign(({ context }) => ({
      draft: { ...context.draft!, organization: draftOf(context.product, context.base!).organization },
      orgDecision: null,
      notice: null,
    })),
    acceptOrg: assign(({ context, event }) => ({
      draft: { ...context.draft!, organization: event.type === 'org.confirmed' ? event.pick : context.pendingOrg },
      orgDecision: 'different' as const,
      pendingOrg: null,
      notice: null,
    })),
    dropPendingOrg: assign({ pendingOrg: null }),
    askEmailChange: sendTo('emailChange', ({ context }) => ({
      type: 'email.ask' as const,
      previous: context.base!.email,
      next: context.draft!.email.trim(),
    })),
    discard: assign(({ context }) => ({
      draft: draftOf(context.product, context.base!),
      orgDecision: null,
      emailDecision: null,
      planNotices: [],
      replaced: [],
      ...cleared,
    })),
    applySaved: assign(({ context }, reply: UpdateAccountReply) => {
      if (!('user' in reply) || !reply.status) return {};
      return {
        base: reply.user,
        draft: draftOf(context.product, reply.user),
        orgDecision: null,
        emailDecision: null,
        planNotices: [],
        replaced: [],
        theirs: null,
        error: null,
        serverErrors: {},
        notice: { tone: 'info' as const, text: reply.message },
      };
    }),
    /** The conflict panel says what happened, from the stored record; no second message. */
    holdTheirs: assign((_, reply: UpdateAccountReply) =>
      'user' in reply ? { theirs: reply.user, error: null, notice: null } : {},
    ),
    /**
     * A refused save (HTTP 400, decision 042): the record's fields (`changes.<field>`) at their
     * controls, the organisation's at its picker; above the form the summary and what no visible
     * control holds (a permission, the dialogs' answers).
     */
    applyFieldRefusal: assign((_, refusal: FieldRefusal) => {
      const serverErrors: Record<string, string> = fieldsUnder(refusal.fields, 'changes');
      if (serverErrors['organization_id']) serverErrors['organization'] = serverErrors['organization_id'];
      const placed = new Set(Object.values(serverErrors));
      const rest = Object.values(fieldsOutside(refusal.fields, 'changes')).filter(
        (m) => !placed.has(m) && !refusal.msg.includes(m),
      );
      return { error: [refusal.msg, ...rest].join(' '), serverErrors, emailDecision: null };
    }),
    mergeTheirs: assign(({ context }) => {
      const theirs = context.theirs!;
      const names = { roles: context.roleChoices ?? theirs.staff_roles, owners: context.owners ?? [] };
      const merged = mergeOnto(context.product, context.base!, theirs, context.draft!, names);
      const orgStillMoves = merged.draft.organization?.org_id !== theirs.organization_id;
      return {
        base: theirs,
        draft: merged.draft,
        replaced: merged.replaced,
        theirs: null,
        orgDecision: orgStillMoves ? context.orgDecision : null,
        emailDecision: null,
        error: null,
        serverErrors: {},
        notice: null,
      };
    }),
    forgetTheirs: assign({ theirs: null, error: null }),
    clearNotice: assign({ notice: null }),
    rememberFailure: assign((_, params: { error: unknown }) => ({ error: failureMessage(params.error) })),
    welcomeResult: assign((_, reply: MailReply) => ({
      notice: { tone: reply.status ? ('info' as const) : ('error' as const), text: reply.msg },
    })),
    welcomeFailed: assign((_, params: { error: unknown }) => ({
      notice: { tone: 'error' as const, text: `The welcome email was not sent. ${failureMessage(params.error)}` },
    })),
  },
});

const calling = callStates(userEditSetup);

export const userEditMachine = userEditSetup.createMachine({
  id: 'userEdit',
  context: ({ input }) => ({
    ...input,
    base: null,
    draft: null,
    roleChoices: null,
    owners: null,
    planNotices: [],
    orgDecision: null,
    pendingOrg: null,
    emailDecision: null,
    error: null,
    serverErrors: {},
    notice: null,
    theirs: null,
    replaced: [],
  }),
  invoke: [
    { id: 'orgChange', src: 'orgChange' },
    { id: 'emailChange', src: 'emailChange' },
  ],
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        input: ({ context }) => ({ userId: context.userId, product: context.product }),
        onDone: [
          {
            guard: { type: 'found', params: ({ event }) => event.output },
            target: 'form',
            actions: { type: 'open', params: ({ event }) => event.output },
          },
          { target: 'missing' },
        ],
        onError: {
          target: 'loadFailed',
          actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: { tags: ['loadFailed'], on: { 'edit.retry': { target: 'loading', actions: assign({ error: null }) } } },
    missing: { tags: ['missing'] },

    /** The form at rest: edits, the organisation picker, discarding, the welcome email, the other tabs. */
    form: {
      tags: ['form', 'profile'],
      on: FORM_EVENTS,
      initial: 'editing',
      states: {
        editing: {
          on: {
            'edit.save': [
              { guard: and(['canSave', 'givesRole']), target: '#userEdit.confirmingRoles' },
              {
                guard: and(['canSave', 'emailChanged']),
                target: '#userEdit.confirmingEmail',
                actions: 'askEmailChange',
              },
              { guard: 'canSave', target: '#userEdit.saving' },
            ],
          },
        },
        saved: {},
        failed: {
          on: { 'edit.retry': { guard: 'canSave', target: '#userEdit.saving', actions: assign({ error: null }) } },
        },
      },
    },
    confirmingOrg: {
      tags: ['form', 'profile', 'dialog'],
      on: {
        'org.confirmed': { target: 'form.editing', actions: 'acceptOrg' },
        'org.cancelled': { target: 'form.editing', actions: 'dropPendingOrg' },
      },
    },
    // A role given names itself and the user before the save leaves; Cancel keeps the form as it is.
    confirmingRoles: {
      tags: ['form', 'profile', 'dialog'],
      on: {
        'roles.confirm': [
          { guard: 'emailChanged', target: 'confirmingEmail', actions: 'askEmailChange' },
          { target: 'saving' },
        ],
        'roles.cancel': 'form.editing',
      },
    },
    confirmingEmail: {
      tags: ['form', 'profile', 'dialog'],
      on: {
        'email.decided': { target: 'saving', actions: assign({ emailDecision: ({ event }) => event.kind }) },
        'email.cancelled': 'form.editing',
      },
    },
    saving: calling(
      'saveUser',
      {
        input: ({ context }) => ({ product: context.product, save: saveInputOf(context) }),
        onDone: [
          {
            guard: { type: 'isSaved', params: ({ event }) => event.output },
            target: 'form.saved',
            actions: { type: 'applySaved', params: ({ event }) => event.output },
          },
          // Someone else saved first; a refused save is a 400 (onError).
          { target: 'conflict', actions: { type: 'holdTheirs', params: ({ event }) => event.output } },
        ],
        onError: [
          {
            guard: { type: 'refusedFields', params: errorOf },
            target: 'form.editing',
            actions: {
              type: 'applyFieldRefusal',
              params: ({ event }: { event: { error: unknown } }) =>
                fieldRefusalOf(event.error) ?? { msg: '', fields: {} },
            },
          },
          {
            target: 'form.failed',
            actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
      ['form', 'profile', 'busy'],
    ),
    conflict: {
      tags: ['form', 'profile', 'conflict'],
      on: {
        'conflict.review': { target: 'form.editing', actions: 'mergeTheirs' },
        'conflict.cancel': { target: 'form.editing', actions: 'forgetTheirs' },
      },
    },
    sendingWelcome: calling(
      'sendWelcome',
      {
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'form.editing', actions: { type: 'welcomeResult', params: ({ event }) => event.output } },
        onError: {
          target: 'form.editing',
          actions: { type: 'welcomeFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
      ['form', 'profile', 'busy'],
    ),

    sessions: {
      tags: ['sessions'],
      invoke: { id: 'userSessions', src: 'userSessions', input: ({ context }) => ({ userId: context.userId }) },
      on: { 'tab.profile': 'form', 'tab.privileges': 'privileges', 'tab.emails': 'emails' },
    },
    privileges: {
      tags: ['privileges'],
      invoke: {
        id: 'userPrivileges',
        src: 'userPrivileges',
        input: ({ context }) => ({
          userId: context.userId,
          features: context.features,
          email: context.base?.email ?? '',
        }),
      },
      on: { 'tab.profile': 'form', 'tab.sessions': 'sessions', 'tab.emails': 'emails' },
    },
    emails: {
      tags: ['emails'],
      invoke: { id: 'userEmails', src: 'userEmails', input: ({ context }) => ({ userId: context.userId }) },
      on: { 'tab.profile': 'form', 'tab.sessions': 'sessions', 'tab.privileges': 'privileges' },
    },
  },
});
