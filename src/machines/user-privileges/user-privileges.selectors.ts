// What the Administrator privileges tab reads from its machine.
import type { SnapshotFrom } from 'xstate';
import type { userPrivilegesMachine } from './user-privileges.machine';

type S = SnapshotFrom<typeof userPrivilegesMachine>;

export const selectPrivileges = (s: S) => s.context.privileges;
export const selectLoading = (s: S) => s.matches('loading');
export const selectSaving = (s: S) => s.matches('saving');
export const selectFailed = (s: S) => s.matches('failed');
export const selectMessage = (s: S) => s.context.message;
export const selectMaySet = (s: S) => s.context.features.includes('is_super_admin_user');
