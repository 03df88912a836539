// The Administrator privileges tab's walk, for a super admin: the privileges read, refused (the
// user is gone) or not answered; one switch saved or not; Retry after a failed read.
import { FEATURE_KEYS } from '../../domain/features';
import { doneEvent, failedEvent, type MachinePlan } from '../../workflows/plan';
import { userPrivilegesMachine } from './user-privileges.machine';

const NONE = { is_super_admin_user: false, is_admin_wm: false, is_admin_ss: false };

export const userPrivilegesPlan: MachinePlan<typeof userPrivilegesMachine> = {
  machine: userPrivilegesMachine,
  input: { userId: 1, features: [...FEATURE_KEYS] },
  events: [{ type: 'privileges.toggle', key: 'is_admin_wm', value: true }, { type: 'privileges.retry' }],
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
};
