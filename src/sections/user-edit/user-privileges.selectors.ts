// What the Administrator privileges tab reads from its machine: one view, compared shallowly by the card.
import type { SnapshotFrom } from 'xstate';
import { tabReadView } from '../../machines/shared/tab-read';
import type { userPrivilegesMachine } from './user-privileges.machine';

type S = SnapshotFrom<typeof userPrivilegesMachine>;

export const selectPrivilegesTab = (s: S) => ({
  privileges: s.context.privileges,
  ...tabReadView(s),
  saving: s.matches('saving'),
  /** Super admin is about to be granted: the question is open. */
  granting: s.matches('confirmingGrant'),
  email: s.context.email,
  maySet: s.context.features.includes('is_super_admin_user'),
});
