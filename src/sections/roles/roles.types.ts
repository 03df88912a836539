// Role Management's machine (roleEditor): what it is given, holds and hears.
import type { FetchUserRolesReply, Role, RoleHolder, RoleReachReply, RoleReply } from '../../domain/roles';
import type { Notice } from '../../machines/shared/notice';
import type { BareEvent } from '../../machines/shared/bare-event.types';
import type { IdEvent, ValueEvent } from '../../machines/shared/payload-event.types';
import type { RecordVersion } from '../../machines/shared/record-version.types';

/** The role form: a new role (id null) or a change to one, from the version it was read at. */
export interface RoleForm {
  id: number | null;
  /** The version the edit started from (0 for a new role). */
  version: number;
  name: string;
  description: string;
  features: string[];
  /** What the form held when it opened, to tell whether it changed. */
  base: { name: string; description: string; features: string[] };
}

/** What is kept of an open form across a reload (decision 042). */
export type RoleDraft = RoleForm;

export interface RoleEditorInput {
  /** A form kept from before a reload: it opens again once the roles are read. */
  draft: RoleDraft | null;
}

export interface RoleEditorContext {
  roles: Role[];
  /** Every staff account, for giving roles and for the reach of one person. */
  staff: RoleHolder[];
  form: RoleForm | null;
  /** The server's refusal at each field of the form (name, description, features), until the field changes. */
  serverErrors: Record<string, string>;
  /** Why the last save did not happen, above the form. */
  formError: string | null;
  /** The role being deleted, or whose holders are shown. */
  target: Role | null;
  /** Who would lose the role being deleted, as the server answered. */
  holders: RoleHolder[];
  /** The staff member whose reach is shown. */
  reach: RoleReachReply | null;
  /** Why loading, deleting, giving or reading failed, or what the server refused. */
  error: string | null;
  /** What the last change did. */
  notice: Notice | null;
}

export type RoleEditorEvent =
  | BareEvent<'roles.retry' | 'role.new' | 'form.submit' | 'form.cancel' | 'delete.confirm' | 'delete.cancel'>
  | BareEvent<'holders.close' | 'reach.close'>
  | IdEvent<'role.edit' | 'role.delete' | 'role.holders'>
  | ValueEvent<'form.name' | 'form.description'>
  | { type: 'form.feature'; key: string; on: boolean }
  | { type: 'holder.toggle'; userId: number; hold: boolean }
  | { type: 'staff.reach'; userId: number };

export type LoadOutcome = FetchUserRolesReply;
export type SaveOutcome = RoleReply;
export interface RemoveInput extends RecordVersion {
  /** The holders lose the role with it (asked after the server listed them). */
  removeHolders: boolean;
}
export interface HoldInput {
  userId: number;
  roleId: number;
  hold: boolean;
}
