// The Administrator privileges tab's walk, for a super admin: the privileges read, refused (the
// user is gone) or not answered; one switch saved or not; Super admin asked about first, granted or
// cancelled; Retry after a failed read.
import { FEATURE_KEYS } from '../../domain/features';
import { doneEvent, failedEvent, type MachinePlan } from '../../workflows/plan';
import { userPrivilegesMachine } from './user-privileges.machine';
import type { UserPrivilegesContext } from './user-privileges.types';

const NONE = { is_super_admin_user: false, is_admin_wm: false, is_admin_ss: false };

export const userPrivilegesPlan: MachinePlan<typeof userPrivilegesMachine> = {
  machine: userPrivilegesMachine,
  input: { userId: 1, features: [...FEATURE_KEYS], email: 'ada@northwind.example' },
  events: [
    { type: 'privileges.toggle', key: 'is_admin_wm', value: true },
    { type: 'privileges.toggle', key: 'is_super_admin_user', value: true },
    { type: 'grant.confirm' },
    { type: 'grant.cancel' },
    { type: 'privileges.retry' },
  ],
  outcomes: [
    { name: 'privilegesLoaded', event: doneEvent('loadPrivileges', { status: true, msg: '', data: NONE }) },
    {
      name: 'privilegesNoUser',
      event: doneEvent('loadPrivileges', { status: false, msg: 'There is no such user.', data: NONE }),
    },
    { name: 'privilegesLoadFailed', event: failedEvent('loadPrivileges') },
    {
      name: 'privilegesSaved',
      event: doneEvent('savePrivileges', {
        status: true,
        msg: 'Administrator privileges updated.',
        data: { ...NONE, is_admin_wm: true },
      }),
    },
    { name: 'privilegesSaveFailed', event: failedEvent('savePrivileges') },
  ],
  // Super admin's save is a state of its own, so its grant is walked to the answer.
  serializeState: (s) => JSON.stringify([s.value, (s.context as UserPrivilegesContext).pending?.key ?? null]),
};
