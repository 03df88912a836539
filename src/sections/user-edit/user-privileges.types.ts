// The Administrator privileges tab's machine (userPrivileges): what it is given, holds and hears.
import type { AdminPrivileges, AdminPrivilegesReply } from '../../domain/users';
import type { Notice } from '../../machines/shared/notice';

export interface UserPrivilegesInput {
  userId: number;
  /** The session's features: only is_super_admin_user may change privileges. */
  features: readonly string[];
  /** Whose privileges: the question before granting Super admin names them. */
  email: string;
}

export interface UserPrivilegesContext extends UserPrivilegesInput {
  /** As last read or saved. */
  privileges: AdminPrivileges | null;
  /** The switch flipped, while it is asked about or saved. */
  pending: { key: keyof AdminPrivileges; value: boolean } | null;
  /** What the last save (or failed read) did. */
  message: Notice | null;
}

export type UserPrivilegesEvent =
  | { type: 'privileges.toggle'; key: keyof AdminPrivileges; value: boolean }
  | { type: 'privileges.retry' }
  /** The answer to the question before Super admin is granted. */
  | { type: 'grant.confirm' }
  | { type: 'grant.cancel' };

export type { AdminPrivilegesReply };
