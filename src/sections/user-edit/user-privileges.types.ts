// The Administrator privileges tab's machine (userPrivileges): what it is given, holds and hears.
import type { AdminPrivileges, AdminPrivilegesReply } from '../../domain/users';
import type { Notice } from '../../machines/shared/notice';

export interface UserPrivilegesInput {
  userId: number;
  /** The session's features: only is_super_admin_user may change privileges. */
  features: readonly string[];
}

export interface UserPrivilegesContext extends UserPrivilegesInput {
  /** As last read or saved. */
  privileges: AdminPrivileges | null;
  /** What the last save (or failed read) did. */
  message: Notice | null;
}

export type UserPrivilegesEvent =
  { type: 'privileges.toggle'; key: keyof AdminPrivileges; value: boolean } | { type: 'privileges.retry' };

export type { AdminPrivilegesReply };
