// The edit machine's input, context and events (userEdit); the other tabs' machines declare their own.
import type { ChangeKind, MailReply, OrgPick, RoleRef, UpdateAccountReply, UserRecord } from '../../domain/users';
import type { Notice } from '../../machines/shared/notice';
import type { DraftKey, DraftValue, EditDraft, Merged } from './user-edit.form';
import type { BareEvent } from '../../machines/shared/bare-event.types';

export interface UserEditInput {
  userId: number;
  /** The platform key (app config). */
  product: string;
  /** The session's features: what the person may change. */
  features: readonly string[];
  /** Edits kept from before a reload (user-edit.draft.ts): the form opens with them. */
  kept?: KeptEdit | null;
}

/** Unsaved edits kept as a draft (user-edit.draft.ts), with the record they started from. */
export interface KeptEdit {
  /** The record the edits started from (its version). */
  base: UserRecord;
  draft: EditDraft;
  orgDecision: 'different' | null;
}

export interface LoadedUser {
  /** Null when there is no such user (or the session may not see it). */
  user: UserRecord | null;
  /** Every role, when the session may change staff roles. */
  roleChoices: RoleRef[] | null;
  /** The owner group (staff who may own a user); null until loaded. */
  owners: OwnerChoice[] | null;
}

/** Declared beside the draft in user-edit.form.ts, which must not import this module. */
export type OwnerChoice = import('./user-edit.form').OwnerChoice;

export interface UserEditContext extends UserEditInput {
  /** The record as last read or saved: what the draft is compared with, and its version. */
  base: UserRecord | null;
  draft: EditDraft | null;
  roleChoices: RoleRef[] | null;
  owners: OwnerChoice[] | null;
  /** Blue data-plan notices of spec §5 after the last change of the plan. */
  planNotices: string[];
  /** The confirmed answer of the 'Account Update' dialog for the organisation in the draft. */
  orgDecision: 'different' | null;
  /** The organisation chosen and waiting for the dialog's answer. */
  pendingOrg: OrgPick | null;
  emailDecision: ChangeKind | null;
  /** A refusal or failure of the last call of the form. */
  error: string | null;
  /** Field errors the server answered with. */
  serverErrors: Record<string, string>;
  /** What the last save or welcome email did. */
  notice: Notice | null;
  /** The record stored now, after someone else saved it (their version). */
  theirs: UserRecord | null;
  /** After reviewing their version: own edits the stored value replaced. */
  replaced: Merged['replaced'];
}

export type UserEditEvent =
  | BareEvent<'email.cancelled' | 'edit.save' | 'edit.retry' | 'conflict.review' | 'conflict.cancel'>
  /** The answer to the question before a staff role is given. */
  | BareEvent<'roles.confirm' | 'roles.cancel'>
  | BareEvent<'welcome.send' | 'tab.profile' | 'tab.sessions' | 'tab.privileges' | 'tab.emails'>
  | { type: 'field.change'; key: DraftKey; value: DraftValue }
  /** The data-plan selection in the order chosen; the §5 rules run on it. */
  | { type: 'dataPlan.change'; selection: string[] }
  | { type: 'org.pick'; pick: OrgPick | null }
  /** From the orgChange child: 'Different Org' then 'Confirm'. */
  | { type: 'org.confirmed'; pick: OrgPick }
  /** From the orgChange child: a cancel; the earlier organisation stays. */
  | { type: 'org.cancelled' }
  | { type: 'email.decided'; kind: ChangeKind }
  /** Discard the draft's changes. */
  | { type: 'edit.reset' };

export type { MailReply, UpdateAccountReply };
