// What the edit page reads from its machine: the form, the save, the dialogs' and tabs' own machines.
import type { AnyMachineSnapshot, SnapshotFrom } from 'xstate';
import { reconcileDataPlan } from '../../domain/user-rules';
import type { RoleRef } from '../../domain/users';
import { changedKeys, conflictRows, fieldAccess, formErrors, type DraftKey, type FieldAccess } from './user-edit.form';
import { keptEditOf } from './user-edit.draft';
import { givenRoles, type userEditMachine } from './user-edit.machine';
import type { OwnerChoice } from './user-edit.types';

type S = SnapshotFrom<typeof userEditMachine>;

/** The edits to keep as a draft now; null when there are none; undefined until the user is open (a kept draft stays as it is). */
export const selectKeptEdit = (s: S) => (s.context.base ? keptEditOf(s.context) : undefined);

export const selectLoading = (s: S) => s.hasTag('loading');
export const selectLoadFailed = (s: S) => s.hasTag('loadFailed');
export const selectMissing = (s: S) => s.hasTag('missing');
export const selectBusy = (s: S) => s.hasTag('busy');
export type UserEditTab = 'profile' | 'sessions' | 'privileges' | 'emails';
export const selectTab = (s: S): UserEditTab =>
  s.hasTag('sessions') ? 'sessions' : s.hasTag('privileges') ? 'privileges' : s.hasTag('emails') ? 'emails' : 'profile';
export const selectSaving = (s: S) => s.matches('saving');
export const selectSendingWelcome = (s: S) => s.matches('sendingWelcome');
export const selectSaved = (s: S) => s.matches({ form: 'saved' });
export const selectFailed = (s: S) => s.matches({ form: 'failed' });
/** Fields take edits only while the form rests (not while saving, in a dialog, or in a conflict). */
export const selectFormOpen = (s: S) => s.matches('form');
export const selectInConflict = (s: S) => s.hasTag('conflict');

export const selectProduct = (s: S) => s.context.product;
export const selectBase = (s: S) => s.context.base;
export const selectDraft = (s: S) => s.context.draft;
export const selectFeatures = (s: S) => s.context.features;
export const selectMayEdit = (s: S) => s.context.features.includes('edit_user');
export const selectError = (s: S) => s.context.error;
export const selectNotice = (s: S) => s.context.notice;
export const selectPlanNotices = (s: S) => s.context.planNotices;
export const selectReplaced = (s: S) => s.context.replaced;
export const selectOrgDecision = (s: S) => s.context.orgDecision;

/** Roles the staff-roles field can name: every role with staff_role_change, else the user's own. */
export const selectRoles = (s: S): readonly RoleRef[] => s.context.roleChoices ?? s.context.base?.staff_roles ?? [];

/** While a save asks before giving staff roles: whom, and the names of the roles given (else null). */
export const selectRoleGrant = (s: S): { email: string; roles: string[] } | null => {
  if (!s.matches('confirmingRoles') || !s.context.base) return null;
  const names = new Map(selectRoles(s).map((r) => [r.id, r.name]));
  return { email: s.context.base.email, roles: givenRoles(s.context).map((id) => names.get(id) ?? `role ${id}`) };
};

/** The owner group the owner select offers; empty when the session may not list it. */
export const selectOwners = (s: S): readonly OwnerChoice[] => s.context.owners ?? [];

export const selectChanged = (s: S): DraftKey[] => {
  const { base, draft, product } = s.context;
  return base && draft ? changedKeys(product, base, draft) : [];
};

/** The rules' errors on the draft, and what the server refused last, by field. */
export const selectFieldErrors = (s: S): Record<string, string> => {
  const { base, draft, product, serverErrors } = s.context;
  return { ...serverErrors, ...(base && draft ? formErrors(product, base, draft) : {}) };
};

/** The red data-plan message of §5 while the plan cannot stand with the category. */
export const selectPlanError = (s: S): string | null => {
  const { draft, product } = s.context;
  return draft ? reconcileDataPlan(product, draft.data_plan, draft.user_category).error : null;
};

export const selectCanSave = (s: S) => s.can({ type: 'edit.save' });
export const selectCanRetry = (s: S) => s.can({ type: 'edit.retry' });
export const selectCanReset = (s: S) => s.can({ type: 'edit.reset' });

export const selectAccess = (s: S, key: DraftKey): FieldAccess => {
  const { base, draft, features } = s.context;
  return base && draft ? fieldAccess(key, features, base, draft) : { show: false, editable: false };
};

/** Who saved since, when, and field by field what changed. */
export const selectConflict = (s: S) => {
  const { base, draft, theirs, product } = s.context;
  if (!s.hasTag('conflict') || !base || !draft || !theirs) return null;
  const rows = conflictRows(product, base, theirs, draft, { roles: selectRoles(s), owners: selectOwners(s) });
  return { updatedBy: theirs.updated_by, updatedAt: theirs.updated_at, rows };
};

export const selectMayReadOutbox = (s: S) => s.context.features.includes('user_mgmt');

/** The dialogs' machines, run for the whole page. */
export const selectOrgChange = (s: S) => s.children.orgChange;
export const selectEmailChange = (s: S) => s.children.emailChange;
/** The open tab's machine, while that tab is open. */
export const selectSessionsTab = (s: S) => s.children.userSessions;
export const selectPrivilegesTab = (s: S) => s.children.userPrivileges;
export const selectEmailsTab = (s: S) => s.children.userEmails;

/** Whether the person may leave the open tab: the page may switch, and the tab neither waits on the server nor asks. */
export const selectMaySwitchTab = (s: S) =>
  s.can({ type: selectTab(s) === 'profile' ? 'tab.sessions' : 'tab.profile' });
export const selectTabSettled = (tab: AnyMachineSnapshot | undefined) =>
  !tab || (!tab.hasTag('busy') && !tab.hasTag('dialog'));
