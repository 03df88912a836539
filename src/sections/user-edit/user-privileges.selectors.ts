// What the Administrator privileges tab reads from its machine: one view, compared shallowly by the card.
import type { SnapshotFrom } from 'xstate';
import type { userPrivilegesMachine } from './user-privileges.machine';

type S = SnapshotFrom<typeof userPrivilegesMachine>;

export const selectPrivilegesTab = (s: S) => ({
  privileges: s.context.privileges,
  loading: s.matches('loading'),
  saving: s.matches('saving'),
  failed: s.matches('failed'),
  message: s.context.message,
  maySet: s.context.features.includes('is_super_admin_user'),
});
